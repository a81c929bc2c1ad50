ALTER TABLE "orgs" ADD COLUMN "verification_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orgs" ADD COLUMN "verification_requested_by" text;--> statement-breakpoint
ALTER TABLE "orgs" ADD CONSTRAINT "orgs_verification_requested_by_users_id_fk" FOREIGN KEY ("verification_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;