CREATE TABLE "proposal_events" (
	"id" text PRIMARY KEY NOT NULL,
	"proposal_id" text NOT NULL,
	"env_id" text NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text,
	"value" text
);
--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "agent_value" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "conflict_value" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "publish_error" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "publish_error_reason" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "publish_run_id" text;--> statement-breakpoint
ALTER TABLE "proposal_events" ADD CONSTRAINT "proposal_events_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_events" ADD CONSTRAINT "proposal_events_env_id_envs_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."envs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_events" ADD CONSTRAINT "proposal_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposal_events_proposal_idx" ON "proposal_events" USING btree ("proposal_id","at");--> statement-breakpoint
CREATE INDEX "proposal_events_env_idx" ON "proposal_events" USING btree ("env_id","at");--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;