CREATE TABLE "job_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer,
	"progress_message" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "job_runs_org_kind_key_uq" UNIQUE("org_id","kind","key")
);
--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_runs_org_created_idx" ON "job_runs" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE FUNCTION "job_runs_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('beacon_job_run_changed', NEW.id);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "job_runs_changed" AFTER INSERT OR UPDATE ON "job_runs" FOR EACH ROW EXECUTE FUNCTION "job_runs_notify"();
