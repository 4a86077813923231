CREATE TABLE "mail_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"user_id" text,
	"to_address" text,
	"subject" text,
	"text_body" text,
	"html_body" text,
	"link" text,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"template" text,
	"data" jsonb,
	"digest_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"send_after" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp (3) with time zone,
	"last_error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp (3) with time zone,
	CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('pending', 'sending', 'sent', 'failed', 'dropped')),
	CONSTRAINT "mail_outbox_content_check" CHECK ("mail_outbox"."template" is not null or ("mail_outbox"."to_address" is not null and "mail_outbox"."subject" is not null and "mail_outbox"."text_body" is not null))
);
--> statement-breakpoint
CREATE TABLE "notification_inboxes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_inboxes_unread_check" CHECK ("notification_inboxes"."unread" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"choices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"actor_count" integer DEFAULT 1 NOT NULL,
	"recent_actor_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"idea_id" uuid,
	"item_title" text,
	"message_id" bigint,
	"conversation_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"activity_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp (3) with time zone,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('discussion', 'reply', 'mention', 'like', 'private_message', 'removal')),
	CONSTRAINT "notifications_actor_count_check" CHECK ("notifications"."actor_count" >= 1)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_inboxes" ADD CONSTRAINT "notification_inboxes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_message_id_idea_discussion_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."idea_discussion_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("send_after") WHERE "mail_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mail_outbox_sending_idx" ON "mail_outbox" USING btree ("locked_until") WHERE "mail_outbox"."status" = 'sending';--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_pending_digest_idx" ON "mail_outbox" USING btree ("user_id","digest_key") WHERE "mail_outbox"."status" = 'pending' and "mail_outbox"."digest_key" is not null;--> statement-breakpoint
CREATE INDEX "mail_outbox_digest_idx" ON "mail_outbox" USING btree ("user_id","digest_key","send_after" DESC NULLS FIRST) WHERE "mail_outbox"."digest_key" is not null;--> statement-breakpoint
CREATE INDEX "mail_outbox_user_id_idx" ON "mail_outbox" USING btree ("user_id") WHERE "mail_outbox"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "mail_outbox_finished_idx" ON "mail_outbox" USING btree ("created_at") WHERE "mail_outbox"."status" in ('sent', 'failed', 'dropped');--> statement-breakpoint
CREATE INDEX "notifications_user_id_activity_at_idx" ON "notifications" USING btree ("user_id","activity_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_like_group_idx" ON "notifications" USING btree ("user_id","idea_id") WHERE "notifications"."kind" = 'like' and "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_idea_id_idx" ON "notifications" USING btree ("idea_id") WHERE "notifications"."idea_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_message_id_idx" ON "notifications" USING btree ("message_id") WHERE "notifications"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_actor_id_idx" ON "notifications" USING btree ("actor_id") WHERE "notifications"."actor_id" is not null;