CREATE TABLE "conversation_members" (
	"conversation_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"last_read_id" bigint DEFAULT 0 NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	"activity_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_members_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id"),
	CONSTRAINT "conversation_members_unread_check" CHECK ("conversation_members"."unread" >= 0)
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idea_id" uuid,
	"item_title" text NOT NULL,
	"starter_id" text,
	"creator_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp (3) with time zone,
	CONSTRAINT "conversations_people_check" CHECK ("conversations"."starter_id" is null or "conversations"."creator_id" is null or "conversations"."starter_id" <> "conversations"."creator_id")
);
--> statement-breakpoint
CREATE TABLE "private_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "private_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" uuid NOT NULL,
	"sender_id" text,
	"content" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "private_messages_content_check" CHECK (char_length("private_messages"."content") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_target_type_check";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_target_check";--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "idea_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "private_message_id" bigint;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_starter_id_users_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_messages" ADD CONSTRAINT "private_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_messages" ADD CONSTRAINT "private_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_members_user_id_activity_at_idx" ON "conversation_members" USING btree ("user_id","activity_at" DESC NULLS FIRST,"conversation_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_idea_id_starter_id_idx" ON "conversations" USING btree ("idea_id","starter_id");--> statement-breakpoint
CREATE INDEX "conversations_starter_id_idx" ON "conversations" USING btree ("starter_id") WHERE "conversations"."starter_id" is not null;--> statement-breakpoint
CREATE INDEX "conversations_creator_id_idx" ON "conversations" USING btree ("creator_id") WHERE "conversations"."creator_id" is not null;--> statement-breakpoint
CREATE INDEX "private_messages_conversation_id_idx" ON "private_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "private_messages_sender_id_idx" ON "private_messages" USING btree ("sender_id","id");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_private_message_id_private_messages_id_fk" FOREIGN KEY ("private_message_id") REFERENCES "public"."private_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_private_message_id_idx" ON "reports" USING btree ("private_message_id") WHERE "reports"."private_message_id" is not null;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_target_type_check" CHECK ("reports"."target_type" in ('idea', 'message', 'private_message'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_target_check" CHECK (("reports"."target_type" = 'idea' and "reports"."idea_id" is not null and "reports"."message_id" is null and "reports"."private_message_id" is null and "reports"."target_id" = "reports"."idea_id"::text)
        or ("reports"."target_type" = 'message' and "reports"."idea_id" is not null and "reports"."message_id" is not null and "reports"."private_message_id" is null and "reports"."target_id" = "reports"."message_id"::text)
        or ("reports"."target_type" = 'private_message' and "reports"."idea_id" is null and "reports"."message_id" is null and "reports"."private_message_id" is not null and "reports"."target_id" = "reports"."private_message_id"::text));