CREATE TABLE "monitoring_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"env_id" text NOT NULL,
	"run_id" text NOT NULL,
	"series" text NOT NULL,
	"engine" text,
	"market" text,
	"metric" text NOT NULL,
	"direction" text NOT NULL,
	"baseline" jsonb NOT NULL,
	"current" jsonb NOT NULL,
	"difference" double precision NOT NULL,
	"noise" double precision NOT NULL,
	"p_value" double precision NOT NULL,
	"run_ids" text[] NOT NULL,
	"baseline_run_ids" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone,
	"dismissed_by" text,
	"webhook_status" text DEFAULT 'none' NOT NULL,
	"webhook_error" text,
	"webhook_attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "monitoring_runs" ADD COLUMN "alerts_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "monitoring_alerts" ADD CONSTRAINT "monitoring_alerts_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_alerts" ADD CONSTRAINT "monitoring_alerts_env_id_envs_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."envs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_alerts" ADD CONSTRAINT "monitoring_alerts_run_id_monitoring_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."monitoring_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_alerts" ADD CONSTRAINT "monitoring_alerts_dismissed_by_users_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_alerts_run_series_uq" ON "monitoring_alerts" USING btree ("run_id","series","metric");--> statement-breakpoint
CREATE INDEX "monitoring_alerts_env_created_idx" ON "monitoring_alerts" USING btree ("env_id","created_at");--> statement-breakpoint
-- Runs that ended before alerts existed were never read by the detector: none is waiting for it.
UPDATE "monitoring_runs" SET "alerts_checked_at" = "finished_at" WHERE "finished_at" IS NOT NULL;