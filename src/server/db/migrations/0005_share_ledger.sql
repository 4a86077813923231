CREATE TABLE "shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"idea_id" uuid,
	"category" text NOT NULL,
	"shared_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shares_category_check" CHECK ("shares"."category" in ('idea', 'product'))
);
--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shares_user_id_category_shared_at_idx" ON "shares" USING btree ("user_id","category","shared_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shares_idea_id_idx" ON "shares" USING btree ("idea_id");--> statement-breakpoint
-- Not generated (drizzle-kit does not model triggers). Every insert into ideas records its share,
-- one statement per insert (a bulk seed writes its ledger rows in one go).
CREATE FUNCTION "record_shares"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "shares" ("user_id", "idea_id", "category", "shared_at")
  SELECT "user_id", "id", "category", "created_at" FROM "new_ideas";
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- The trigger first: creating it locks out inserts until the migration commits, so the backfill
-- below misses no item.
CREATE TRIGGER "ideas_record_shares" AFTER INSERT ON "ideas" REFERENCING NEW TABLE AS "new_ideas" FOR EACH STATEMENT EXECUTE FUNCTION "record_shares"();--> statement-breakpoint
INSERT INTO "shares" ("user_id", "idea_id", "category", "shared_at") SELECT "user_id", "id", "category", "created_at" FROM "ideas";
