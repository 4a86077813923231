CREATE TABLE "idea_ranks" (
	"idea_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"category" text NOT NULL,
	"currency" text NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"trending_score" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idea_ranks" ADD CONSTRAINT "idea_ranks_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Not generated (drizzle-kit does not model functions or triggers): the trending score
-- (docs/decisions/0020-discovery.md). An event of weight w at time t is the point
-- log2(w) + t / HALF_LIFE; an item's score is log2 of the sum of 2^point over its share (weight 1),
-- likes (1) and messages (1/4), i.e. every event's weight halved each day since it happened, up to
-- a factor common to all items (so the order never changes as time passes). Half-life: 1 day.
CREATE FUNCTION "trending_point"("at" timestamptz, "weight" double precision) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ln("weight") / ln(2::double precision) + extract(epoch FROM "at")::double precision / 86400
$$;--> statement-breakpoint
-- log2(2^score + 2^point), without overflow (2^-1000 is still a normal double).
CREATE FUNCTION "trending_add"("score" double precision, "point" double precision) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT greatest("score", "point") + ln(1 + power(2::double precision, -least(abs("score" - "point"), 1000))) / ln(2::double precision)
$$;--> statement-breakpoint
-- log2(2^score - 2^point), never below `floor` (the share's own point, which is never removed).
CREATE FUNCTION "trending_remove"("score" double precision, "point" double precision, "floor" double precision) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN "point" >= "score" THEN "floor"
    ELSE greatest("floor", "score" + ln(greatest(1 - power(2::double precision, -least("score" - "point", 1000)), 1e-300)) / ln(2::double precision)) END
$$;--> statement-breakpoint
-- A new item gets its rank row; edits of what the ranks carry, and like_count, follow it.
CREATE FUNCTION "idea_ranks_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "idea_ranks" ("idea_id", "user_id", "category", "currency", "price", "created_at", "like_count", "trending_score")
  SELECT "id", "user_id", "category", "currency", "price", "created_at", "like_count", trending_point("created_at", 1) FROM "new_ideas";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "idea_ranks_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "idea_ranks" r SET "category" = n."category", "currency" = n."currency", "price" = n."price", "like_count" = n."like_count"
  FROM "new_ideas" n JOIN "old_ideas" o ON o."id" = n."id"
  WHERE r."idea_id" = n."id"
    AND (n."category", n."currency", n."price", n."like_count") IS DISTINCT FROM (o."category", o."currency", o."price", o."like_count");
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Likes and messages move the score: one UPDATE per statement, each item's new points summed first.
CREATE FUNCTION "idea_ranks_like_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "idea_ranks" r SET "trending_score" = trending_add(r."trending_score", a."points")
  FROM (
    SELECT "idea_id", "top" + ln(sum(power(2::double precision, -least("top" - "point", 1000)))) / ln(2::double precision) AS "points"
    FROM (SELECT "idea_id", trending_point("created_at", 1) AS "point", max(trending_point("created_at", 1)) OVER (PARTITION BY "idea_id") AS "top" FROM "changed") p
    GROUP BY "idea_id", "top"
  ) a WHERE r."idea_id" = a."idea_id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "idea_ranks_like_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "idea_ranks" r SET "trending_score" = trending_remove(r."trending_score", a."points", trending_point(r."created_at", 1))
  FROM (
    SELECT "idea_id", "top" + ln(sum(power(2::double precision, -least("top" - "point", 1000)))) / ln(2::double precision) AS "points"
    FROM (SELECT "idea_id", trending_point("created_at", 1) AS "point", max(trending_point("created_at", 1)) OVER (PARTITION BY "idea_id") AS "top" FROM "changed") p
    GROUP BY "idea_id", "top"
  ) a WHERE r."idea_id" = a."idea_id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "idea_ranks_message_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "idea_ranks" r SET "trending_score" = trending_add(r."trending_score", a."points")
  FROM (
    SELECT "idea_id", "top" + ln(sum(power(2::double precision, -least("top" - "point", 1000)))) / ln(2::double precision) AS "points"
    FROM (
      SELECT d."idea_id", trending_point(m."created_at", 0.25) AS "point", max(trending_point(m."created_at", 0.25)) OVER (PARTITION BY d."idea_id") AS "top"
      FROM "changed" m JOIN "idea_discussions" d ON d."id" = m."discussion_id"
    ) p
    GROUP BY "idea_id", "top"
  ) a WHERE r."idea_id" = a."idea_id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "idea_ranks_message_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "idea_ranks" r SET "trending_score" = trending_remove(r."trending_score", a."points", trending_point(r."created_at", 1))
  FROM (
    SELECT "idea_id", "top" + ln(sum(power(2::double precision, -least("top" - "point", 1000)))) / ln(2::double precision) AS "points"
    FROM (
      SELECT d."idea_id", trending_point(m."created_at", 0.25) AS "point", max(trending_point(m."created_at", 0.25)) OVER (PARTITION BY d."idea_id") AS "top"
      FROM "changed" m JOIN "idea_discussions" d ON d."id" = m."discussion_id"
    ) p
    GROUP BY "idea_id", "top"
  ) a WHERE r."idea_id" = a."idea_id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- The triggers first: creating them locks out writes until the migration commits, so the
-- backfill below misses nothing.
CREATE TRIGGER "ideas_rank_insert" AFTER INSERT ON "ideas" REFERENCING NEW TABLE AS "new_ideas" FOR EACH STATEMENT EXECUTE FUNCTION "idea_ranks_insert"();--> statement-breakpoint
CREATE TRIGGER "ideas_rank_update" AFTER UPDATE ON "ideas" REFERENCING OLD TABLE AS "old_ideas" NEW TABLE AS "new_ideas" FOR EACH STATEMENT EXECUTE FUNCTION "idea_ranks_update"();--> statement-breakpoint
CREATE TRIGGER "likes_rank_insert" AFTER INSERT ON "likes" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "idea_ranks_like_added"();--> statement-breakpoint
CREATE TRIGGER "likes_rank_delete" AFTER DELETE ON "likes" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "idea_ranks_like_removed"();--> statement-breakpoint
CREATE TRIGGER "messages_rank_insert" AFTER INSERT ON "idea_discussion_messages" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "idea_ranks_message_added"();--> statement-breakpoint
CREATE TRIGGER "messages_rank_delete" AFTER DELETE ON "idea_discussion_messages" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "idea_ranks_message_removed"();--> statement-breakpoint
-- Every item there already, with its likes and messages as they happened.
INSERT INTO "idea_ranks" ("idea_id", "user_id", "category", "currency", "price", "created_at", "like_count", "trending_score")
SELECT i."id", i."user_id", i."category", i."currency", i."price", i."created_at", i."like_count",
  CASE WHEN e."points" IS NULL THEN trending_point(i."created_at", 1) ELSE trending_add(trending_point(i."created_at", 1), e."points") END
FROM "ideas" i LEFT JOIN (
  SELECT "idea_id", "top" + ln(sum(power(2::double precision, -least("top" - "point", 1000)))) / ln(2::double precision) AS "points"
  FROM (
    SELECT "idea_id", "point", max("point") OVER (PARTITION BY "idea_id") AS "top"
    FROM (
      SELECT "idea_id", trending_point("created_at", 1) AS "point" FROM "likes"
      UNION ALL
      SELECT d."idea_id", trending_point(m."created_at", 0.25) FROM "idea_discussion_messages" m JOIN "idea_discussions" d ON d."id" = m."discussion_id"
    ) events
  ) p
  GROUP BY "idea_id", "top"
) e ON e."idea_id" = i."id";--> statement-breakpoint
CREATE INDEX "idea_ranks_trending_idx" ON "idea_ranks" USING btree ("trending_score" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"idea_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "idea_ranks_top_idx" ON "idea_ranks" USING btree ("like_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"idea_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "idea_ranks_created_at_idx" ON "idea_ranks" USING btree ("created_at" DESC NULLS FIRST,"like_count" DESC NULLS FIRST,"idea_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "idea_ranks_user_id_idx" ON "idea_ranks" USING btree ("user_id","like_count");--> statement-breakpoint
CREATE INDEX "ideas_currency_created_at_price_idx" ON "ideas" USING btree ("currency","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"price");