ALTER TABLE "agent_runs" ADD COLUMN "only_products" text[];--> statement-breakpoint
ALTER TABLE "catalog_syncs" ADD COLUMN "price_site_id" text;--> statement-breakpoint
ALTER TABLE "monitoring_aggregates" ADD COLUMN "claims_checked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "monitoring_aggregates" ADD COLUMN "claims_wrong" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "monitoring_aggregates" ADD COLUMN "claim_counts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "monitoring_samples" ADD COLUMN "claims" jsonb;