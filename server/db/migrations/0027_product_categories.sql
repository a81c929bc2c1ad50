-- A product in each of its categories, for category filters, and the number of products in each
-- env's copy (server/db/schema/products.ts): kept by statement triggers on catalog_products, so every
-- writer keeps them; filled from the copy as it is.
CREATE TABLE "catalog_copy_counts" (
	"env_id" text PRIMARY KEY NOT NULL,
	"products" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_product_categories" (
	"env_id" text NOT NULL,
	"category_id" text NOT NULL,
	"b2c_product_id" text COLLATE "C" NOT NULL,
	"online" boolean NOT NULL,
	"type" text NOT NULL,
	"catalog_ids" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_copy_counts" ADD CONSTRAINT "catalog_copy_counts_env_id_envs_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."envs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_product_categories" ADD CONSTRAINT "catalog_product_categories_env_id_envs_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."envs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_product_categories_list_idx" ON "catalog_product_categories" USING btree ("env_id","category_id","b2c_product_id","online","type","catalog_ids");--> statement-breakpoint
-- One call per statement with the statement's rows (transition tables): a sync page of 200 upserts
-- replaces its products' rows in a few set-wise statements. An update replaces only the products whose
-- filter columns changed (a publish rewrites copy, not placement); ids never change (the key).
CREATE FUNCTION "catalog_copy_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM catalog_product_categories pc USING old_rows o
     WHERE pc.env_id = o.env_id AND pc.category_id = ANY (o.category_ids)
       AND pc.b2c_product_id = o.b2c_product_id;
    UPDATE catalog_copy_counts c SET products = c.products - d.n
      FROM (SELECT env_id, count(*) AS n FROM old_rows GROUP BY env_id) d
     WHERE c.env_id = d.env_id;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM catalog_product_categories pc USING old_rows o, new_rows n
     WHERE n.env_id = o.env_id AND n.b2c_product_id = o.b2c_product_id
       AND (n.online, n.type, n.catalog_ids, n.category_ids)
           IS DISTINCT FROM (o.online, o.type, o.catalog_ids, o.category_ids)
       AND pc.env_id = o.env_id AND pc.category_id = ANY (o.category_ids)
       AND pc.b2c_product_id = o.b2c_product_id;
    INSERT INTO catalog_product_categories
           (env_id, category_id, b2c_product_id, online, type, catalog_ids)
    SELECT DISTINCT n.env_id, c.id, n.b2c_product_id, n.online, n.type, n.catalog_ids
      FROM new_rows n JOIN old_rows o ON o.env_id = n.env_id AND o.b2c_product_id = n.b2c_product_id
     CROSS JOIN LATERAL unnest(n.category_ids) AS c(id)
     WHERE (n.online, n.type, n.catalog_ids, n.category_ids)
           IS DISTINCT FROM (o.online, o.type, o.catalog_ids, o.category_ids);
  ELSE
    INSERT INTO catalog_product_categories
           (env_id, category_id, b2c_product_id, online, type, catalog_ids)
    SELECT DISTINCT n.env_id, c.id, n.b2c_product_id, n.online, n.type, n.catalog_ids
      FROM new_rows n CROSS JOIN LATERAL unnest(n.category_ids) AS c(id);
    INSERT INTO catalog_copy_counts (env_id, products)
    SELECT env_id, count(*) FROM new_rows GROUP BY env_id
        ON CONFLICT (env_id) DO UPDATE SET products = catalog_copy_counts.products + excluded.products;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "catalog_copy_keep_insert" AFTER INSERT ON "catalog_products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalog_copy_keep"();--> statement-breakpoint
CREATE TRIGGER "catalog_copy_keep_update" AFTER UPDATE ON "catalog_products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalog_copy_keep"();--> statement-breakpoint
CREATE TRIGGER "catalog_copy_keep_delete" AFTER DELETE ON "catalog_products"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalog_copy_keep"();--> statement-breakpoint
INSERT INTO "catalog_product_categories" (env_id, category_id, b2c_product_id, online, type, catalog_ids)
SELECT DISTINCT p.env_id, c.id, p.b2c_product_id, p.online, p.type, p.catalog_ids
  FROM "catalog_products" p CROSS JOIN LATERAL unnest(p.category_ids) AS c(id);--> statement-breakpoint
INSERT INTO "catalog_copy_counts" (env_id, products)
SELECT env_id, count(*) FROM "catalog_products" GROUP BY env_id;
