ALTER TABLE "monitoring_runs" ADD COLUMN "answers_removed_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orgs" ADD COLUMN "answer_retention_days" integer DEFAULT 180 NOT NULL;--> statement-breakpoint
CREATE INDEX "monitoring_runs_org_kept_idx" ON "monitoring_runs" USING btree ("org_id","finished_at") WHERE "monitoring_runs"."answers_removed_before" is null;