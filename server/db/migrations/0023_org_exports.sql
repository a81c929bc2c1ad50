CREATE TABLE "org_export_parts" (
	"export_id" text NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "org_export_parts_pk" PRIMARY KEY("export_id","seq")
);
--> statement-breakpoint
CREATE TABLE "org_exports" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"requested_by" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"table_counts" jsonb,
	"size_bytes" bigint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "org_export_parts" ADD CONSTRAINT "org_export_parts_export_id_org_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."org_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_exports" ADD CONSTRAINT "org_exports_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_exports" ADD CONSTRAINT "org_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "org_exports_org_created_idx" ON "org_exports" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "org_exports_expires_idx" ON "org_exports" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "org_exports_active_uq" ON "org_exports" USING btree ("org_id") WHERE "org_exports"."status" in ('queued', 'running');