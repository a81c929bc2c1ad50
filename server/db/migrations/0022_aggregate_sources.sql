ALTER TABLE "monitoring_aggregates" ADD COLUMN "searched" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "monitoring_aggregates" ADD COLUMN "cited_domains" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "monitoring_aggregates" ADD COLUMN "cited_pages" jsonb DEFAULT '{}'::jsonb NOT NULL;