ALTER TABLE "ideas" ADD COLUMN "gallery_urls" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "website_url" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "photo_url" text;--> statement-breakpoint
CREATE INDEX "ideas_gallery_urls_idx" ON "ideas" USING gin ("gallery_urls");--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_gallery_urls_check" CHECK (cardinality("ideas"."gallery_urls") <= 5);--> statement-breakpoint
-- The session cache (features/auth/session-cache.ts) holds the person's avatar (users.image) too:
-- a new or removed profile photo makes every instance forget them, as a new name does.
CREATE OR REPLACE FUNCTION "notify_changed_people"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ideahub_sessions', n."id")
  FROM "new_users" n JOIN "old_users" o ON o."id" = n."id"
  WHERE (n."role", n."banned", n."ban_expires", n."name", n."email", n."email_verified", n."image")
    IS DISTINCT FROM (o."role", o."banned", o."ban_expires", o."name", o."email", o."email_verified", o."image");
  RETURN NULL;
END;
$$;
