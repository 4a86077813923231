CREATE TABLE "idea_discussion_mentions" (
	"message_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "idea_discussion_mentions_message_id_user_id_pk" PRIMARY KEY("message_id","user_id"),
	CONSTRAINT "idea_discussion_mentions_label_check" CHECK (char_length("idea_discussion_mentions"."label") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "idea_discussion_messages" DROP CONSTRAINT "idea_discussion_messages_content_check";--> statement-breakpoint
ALTER TABLE "idea_discussion_messages" ADD COLUMN "parent_id" bigint;--> statement-breakpoint
ALTER TABLE "idea_discussion_messages" ADD COLUMN "edited_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "idea_discussion_messages" ADD COLUMN "deleted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "idea_discussion_mentions" ADD CONSTRAINT "idea_discussion_mentions_message_id_idea_discussion_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."idea_discussion_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_discussion_mentions" ADD CONSTRAINT "idea_discussion_mentions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idea_discussion_mentions_user_id_idx" ON "idea_discussion_mentions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "idea_discussion_messages" ADD CONSTRAINT "idea_discussion_messages_parent_id_idea_discussion_messages_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."idea_discussion_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idea_discussion_messages_parent_id_idx" ON "idea_discussion_messages" USING btree ("parent_id","id") WHERE "idea_discussion_messages"."parent_id" is not null;--> statement-breakpoint
ALTER TABLE "idea_discussion_messages" ADD CONSTRAINT "idea_discussion_messages_content_check" CHECK (("idea_discussion_messages"."deleted_at" is null and char_length("idea_discussion_messages"."content") between 1 and 2000) or ("idea_discussion_messages"."deleted_at" is not null and "idea_discussion_messages"."content" = '' and "idea_discussion_messages"."user_id" is null));