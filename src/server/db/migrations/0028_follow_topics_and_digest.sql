CREATE TABLE "topic_follows" (
	"follower_id" text NOT NULL,
	"topic_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topic_follows_follower_id_topic_id_pk" PRIMARY KEY("follower_id","topic_id")
);
--> statement-breakpoint
ALTER TABLE "idea_topics" ADD COLUMN "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Hand-written: each link carries its item's created_at (the Following feed reads a topic's newest
-- items from idea_topics_topic_created_at_idx). Existing links take it now; new ones from a trigger.
UPDATE "idea_topics" t SET "created_at" = i."created_at" FROM "ideas" i WHERE i."id" = t."idea_id";--> statement-breakpoint
CREATE FUNCTION "idea_topics_created_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT i."created_at" INTO NEW."created_at" FROM "ideas" i WHERE i."id" = NEW."idea_id";
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "idea_topics_created_at" BEFORE INSERT OR UPDATE OF "idea_id" ON "idea_topics"
  FOR EACH ROW EXECUTE FUNCTION "idea_topics_created_at"();--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "digest_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "digest_day" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "digest_sent_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "topic_follows" ADD CONSTRAINT "topic_follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_follows" ADD CONSTRAINT "topic_follows_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "topic_follows_topic_id_idx" ON "topic_follows" USING btree ("topic_id","follower_id");--> statement-breakpoint
CREATE INDEX "topic_follows_follower_created_at_idx" ON "topic_follows" USING btree ("follower_id","created_at" DESC NULLS FIRST,"topic_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "idea_topics_topic_created_at_idx" ON "idea_topics" USING btree ("topic_id","created_at" DESC NULLS FIRST,"idea_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notification_preferences_digest_idx" ON "notification_preferences" USING btree ("digest_day","user_id") WHERE "notification_preferences"."digest_enabled";--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_digest_day_check" CHECK ("notification_preferences"."digest_day" between 0 and 6);