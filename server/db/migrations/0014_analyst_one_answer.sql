ALTER TABLE "analyst_messages" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
-- Answers left streaming before the rule was held here are over (no process holds them): all but the
-- newest of each conversation stop, so the unique index below can be built.
UPDATE "analyst_messages" SET "status" = 'stopped' WHERE "status" = 'streaming' AND "id" NOT IN (SELECT DISTINCT ON ("env_id", "user_id") "id" FROM "analyst_messages" WHERE "status" = 'streaming' ORDER BY "env_id", "user_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "analyst_messages_one_streaming_uq" ON "analyst_messages" USING btree ("env_id","user_id") WHERE "analyst_messages"."status" = 'streaming';
