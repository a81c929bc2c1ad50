CREATE TABLE "agent_configs" (
	"env_id" text NOT NULL,
	"agent_type" text NOT NULL,
	"config" jsonb NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_configs_pk" PRIMARY KEY("env_id","agent_type")
);
--> statement-breakpoint
CREATE TABLE "agent_run_items" (
	"run_id" text NOT NULL,
	"idx" integer NOT NULL,
	"b2c_product_id" text NOT NULL,
	"locale" text NOT NULL,
	"field_group" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"error" text,
	"refusals" jsonb,
	"proposals" integer DEFAULT 0 NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"cost_usd" double precision DEFAULT 0 NOT NULL,
	"model_ms" integer,
	"store_ms" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "agent_run_items_pk" PRIMARY KEY("run_id","idx")
);
--> statement-breakpoint
CREATE TABLE "agent_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"env_id" text NOT NULL,
	"agent_type" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"concurrency" integer NOT NULL,
	"config" jsonb NOT NULL,
	"guidance" text,
	"started_by" text,
	"scope_products" integer DEFAULT 0 NOT NULL,
	"scope_locales" text[] DEFAULT '{}'::text[] NOT NULL,
	"scope_fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"items_total" integer DEFAULT 0 NOT NULL,
	"items_done" integer DEFAULT 0 NOT NULL,
	"items_failed" integer DEFAULT 0 NOT NULL,
	"items_cancelled" integer DEFAULT 0 NOT NULL,
	"proposals" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"cost_usd" double precision DEFAULT 0 NOT NULL,
	"error" text,
	"error_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "input_tokens" integer;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "output_tokens" integer;--> statement-breakpoint
ALTER TABLE "agent_configs" ADD CONSTRAINT "agent_configs_env_id_envs_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."envs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_configs" ADD CONSTRAINT "agent_configs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_run_items" ADD CONSTRAINT "agent_run_items_run_id_agent_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."agent_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_runs" ADD CONSTRAINT "agent_runs_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_runs" ADD CONSTRAINT "agent_runs_env_id_envs_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."envs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_runs" ADD CONSTRAINT "agent_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_run_items_run_status_idx" ON "agent_run_items" USING btree ("run_id","status");--> statement-breakpoint
CREATE INDEX "agent_runs_env_agent_created_idx" ON "agent_runs" USING btree ("env_id","agent_type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_runs_active_uq" ON "agent_runs" USING btree ("env_id","agent_type") WHERE "agent_runs"."status" in ('queued', 'running', 'cancelling');--> statement-breakpoint
CREATE INDEX "proposals_run_idx" ON "proposals" USING btree ("run_id");--> statement-breakpoint
CREATE TRIGGER "agent_runs_added" AFTER INSERT ON "agent_runs" FOR EACH ROW EXECUTE FUNCTION "job_runs_notify"();--> statement-breakpoint
CREATE TRIGGER "agent_runs_changed" AFTER UPDATE ON "agent_runs" FOR EACH ROW
	WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."error" IS DISTINCT FROM NEW."error" OR OLD."items_total" IS DISTINCT FROM NEW."items_total")
	EXECUTE FUNCTION "job_runs_notify"();
