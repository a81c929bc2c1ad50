DROP INDEX "prompts_org_id_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "prompts_org_name_uq" ON "prompts" USING btree ("org_id",lower("name"));