ALTER TABLE "b2c_instances" ALTER COLUMN "host" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orgs" ADD COLUMN "am_organization_id" text;--> statement-breakpoint
ALTER TABLE "orgs" ADD COLUMN "am_organization_name" text;--> statement-breakpoint
ALTER TABLE "orgs" ADD COLUMN "am_realms" text[] DEFAULT '{}'::text[] NOT NULL;