CREATE TABLE "catalog_catalogs" (
	"env_id" text NOT NULL,
	"catalog_id" text NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_master" boolean NOT NULL,
	CONSTRAINT "catalog_catalogs_pk" PRIMARY KEY("env_id","catalog_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_categories" (
	"env_id" text NOT NULL,
	"catalog_id" text NOT NULL,
	"category_id" text NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"parent_id" text,
	"position" integer DEFAULT 0 NOT NULL,
	"online" boolean NOT NULL,
	CONSTRAINT "catalog_categories_pk" PRIMARY KEY("env_id","catalog_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" text PRIMARY KEY NOT NULL,
	"env_id" text NOT NULL,
	"b2c_product_id" text NOT NULL,
	"locale" text NOT NULL,
	"field" text NOT NULL,
	"agent_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"current_value" text,
	"proposed_value" text NOT NULL,
	"reasoning" text,
	"model" text,
	"run_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "catalog_products_env_type_idx";--> statement-breakpoint
ALTER TABLE "catalog_products" ADD COLUMN "catalog_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD COLUMN "category_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_syncs" ADD COLUMN "total" integer;--> statement-breakpoint
ALTER TABLE "catalog_syncs" ADD COLUMN "locales" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_syncs" ADD COLUMN "run_id" text;--> statement-breakpoint
ALTER TABLE "catalog_syncs" ADD COLUMN "requests" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_catalogs" ADD CONSTRAINT "catalog_catalogs_env_id_envs_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."envs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD CONSTRAINT "catalog_categories_env_id_envs_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."envs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_env_id_envs_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."envs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_pending_uq" ON "proposals" USING btree ("env_id","b2c_product_id","locale","field") WHERE "proposals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "proposals_env_status_product_idx" ON "proposals" USING btree ("env_id","status","b2c_product_id");--> statement-breakpoint
CREATE INDEX "catalog_products_list_idx" ON "catalog_products" USING btree ("env_id","b2c_product_id","online","type","catalog_ids","category_ids");--> statement-breakpoint
ALTER TABLE "catalog_products" ALTER COLUMN "b2c_product_id" TYPE text COLLATE "C";
