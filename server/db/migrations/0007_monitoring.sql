CREATE TABLE "monitoring_aggregates" (
	"run_id" text NOT NULL,
	"env_id" text NOT NULL,
	"engine" text NOT NULL,
	"prompt_key" text NOT NULL,
	"n" integer NOT NULL,
	"mentions" integer NOT NULL,
	"citations" integer NOT NULL,
	"position_sum" integer NOT NULL,
	"brand_counts" jsonb NOT NULL,
	"product_counts" jsonb NOT NULL,
	"sentiment_counts" jsonb NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	CONSTRAINT "monitoring_aggregates_pk" PRIMARY KEY("run_id","engine","prompt_key")
);
--> statement-breakpoint
CREATE TABLE "monitoring_configs" (
	"env_id" text PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"env_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"trigger" text DEFAULT 'manual' NOT NULL,
	"config" jsonb NOT NULL,
	"samples_total" integer DEFAULT 0 NOT NULL,
	"samples_done" integer DEFAULT 0 NOT NULL,
	"samples_failed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_samples" (
	"run_id" text NOT NULL,
	"prompt_key" text NOT NULL,
	"engine" text NOT NULL,
	"idx" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"answer" text,
	"model" text,
	"brand_mentioned" boolean,
	"brand_cited" boolean,
	"position" integer,
	"competitors" text[],
	"products" text[],
	"urls" text[],
	"sentiment" text,
	"error" text,
	"finished_at" timestamp with time zone,
	CONSTRAINT "monitoring_samples_pk" PRIMARY KEY("run_id","prompt_key","engine","idx")
);
--> statement-breakpoint
ALTER TABLE "monitoring_aggregates" ADD CONSTRAINT "monitoring_aggregates_run_id_monitoring_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."monitoring_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_aggregates" ADD CONSTRAINT "monitoring_aggregates_env_id_envs_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."envs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_configs" ADD CONSTRAINT "monitoring_configs_env_id_envs_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."envs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_configs" ADD CONSTRAINT "monitoring_configs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_runs" ADD CONSTRAINT "monitoring_runs_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_runs" ADD CONSTRAINT "monitoring_runs_env_id_envs_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."envs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_runs" ADD CONSTRAINT "monitoring_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_samples" ADD CONSTRAINT "monitoring_samples_run_id_monitoring_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."monitoring_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitoring_aggregates_env_finished_idx" ON "monitoring_aggregates" USING btree ("env_id","finished_at");--> statement-breakpoint
CREATE INDEX "monitoring_runs_env_created_idx" ON "monitoring_runs" USING btree ("env_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_runs_active_uq" ON "monitoring_runs" USING btree ("env_id") WHERE "monitoring_runs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE TRIGGER "monitoring_runs_added" AFTER INSERT ON "monitoring_runs" FOR EACH ROW EXECUTE FUNCTION "job_runs_notify"();--> statement-breakpoint
CREATE TRIGGER "monitoring_runs_changed" AFTER UPDATE ON "monitoring_runs" FOR EACH ROW
	WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."error" IS DISTINCT FROM NEW."error" OR OLD."samples_total" IS DISTINCT FROM NEW."samples_total")
	EXECUTE FUNCTION "job_runs_notify"();
