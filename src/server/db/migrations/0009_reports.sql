CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"idea_id" uuid NOT NULL,
	"message_id" bigint,
	"reason" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp (3) with time zone,
	CONSTRAINT "reports_target_type_check" CHECK ("reports"."target_type" in ('idea', 'message')),
	CONSTRAINT "reports_target_check" CHECK (("reports"."target_type" = 'idea' and "reports"."message_id" is null and "reports"."target_id" = "reports"."idea_id"::text)
        or ("reports"."target_type" = 'message' and "reports"."message_id" is not null and "reports"."target_id" = "reports"."message_id"::text)),
	CONSTRAINT "reports_reason_check" CHECK ("reports"."reason" in ('spam', 'offensive', 'misleading', 'other')),
	CONSTRAINT "reports_note_check" CHECK ("reports"."note" is null or char_length("reports"."note") between 1 and 500),
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'dismissed'))
);
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_message_id_idea_discussion_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."idea_discussion_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_open_idx" ON "reports" USING btree ("reporter_id","target_type","target_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_open_created_at_idx" ON "reports" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_open_target_idx" ON "reports" USING btree ("target_type","target_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_idea_id_idx" ON "reports" USING btree ("idea_id");--> statement-breakpoint
CREATE INDEX "reports_message_id_idx" ON "reports" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "reports_reporter_id_idx" ON "reports" USING btree ("reporter_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);