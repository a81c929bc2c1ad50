ALTER TABLE "monitoring_aggregates" ADD COLUMN "market" text;--> statement-breakpoint
ALTER TABLE "monitoring_samples" ADD COLUMN "market" text;