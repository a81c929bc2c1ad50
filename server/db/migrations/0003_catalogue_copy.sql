CREATE TABLE "catalog_products" (
	"env_id" text NOT NULL,
	"b2c_product_id" text NOT NULL,
	"type" text NOT NULL,
	"online" boolean NOT NULL,
	"primary_category_id" text,
	"master_id" text,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"short_description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"long_description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"page_title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"page_description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"page_keywords" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_modified" timestamp with time zone,
	"resource_state" text,
	"document" jsonb NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	CONSTRAINT "catalog_products_pk" PRIMARY KEY("env_id","b2c_product_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_syncs" (
	"env_id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'idle' NOT NULL,
	"mode" text,
	"checkpoint" integer,
	"cursor" timestamp with time zone,
	"synced_count" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_env_id_envs_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."envs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_syncs" ADD CONSTRAINT "catalog_syncs_env_id_envs_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."envs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_products_env_type_idx" ON "catalog_products" USING btree ("env_id","type","b2c_product_id");--> statement-breakpoint
CREATE INDEX "catalog_products_env_category_idx" ON "catalog_products" USING btree ("env_id","primary_category_id");--> statement-breakpoint
CREATE INDEX "catalog_products_env_master_idx" ON "catalog_products" USING btree ("env_id","master_id");--> statement-breakpoint
CREATE INDEX "catalog_products_env_modified_idx" ON "catalog_products" USING btree ("env_id","last_modified");