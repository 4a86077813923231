CREATE TABLE "maker_follows" (
	"follower_id" text NOT NULL,
	"maker_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maker_follows_follower_id_maker_id_pk" PRIMARY KEY("follower_id","maker_id"),
	CONSTRAINT "maker_follows_not_self_check" CHECK ("maker_follows"."follower_id" <> "maker_follows"."maker_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "maker_follows" ADD CONSTRAINT "maker_follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maker_follows" ADD CONSTRAINT "maker_follows_maker_id_users_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maker_follows_maker_id_idx" ON "maker_follows" USING btree ("maker_id","follower_id");--> statement-breakpoint
CREATE INDEX "maker_follows_follower_created_at_idx" ON "maker_follows" USING btree ("follower_id","created_at" DESC NULLS FIRST,"maker_id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('discussion', 'reply', 'mention', 'like', 'private_message', 'removal', 'new_item'));