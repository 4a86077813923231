ALTER TABLE "idea_discussion_messages" DROP CONSTRAINT "idea_discussion_messages_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "idea_discussion_messages_user_id_idx";--> statement-breakpoint
ALTER TABLE "idea_discussion_messages" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "idea_discussion_messages" ADD CONSTRAINT "idea_discussion_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idea_discussion_messages_user_id_idx" ON "idea_discussion_messages" USING btree ("user_id","id");