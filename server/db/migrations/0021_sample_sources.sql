ALTER TABLE "monitoring_samples" ADD COLUMN "mode" text;--> statement-breakpoint
ALTER TABLE "monitoring_samples" ADD COLUMN "search" jsonb;