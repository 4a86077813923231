-- Session changes (issue 29): whose signed-in answers an instance may no longer give from its session
-- cache (features/auth/session-cache.ts). On commit, every instance hears the id of each person whose
-- session was renewed, shortened or ended, whose account changed in a way the cache holds (role, ban,
-- name, address, its confirmation) or who shared or lost an item (the premium count), and forgets them.
CREATE FUNCTION "notify_session_owners"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ideahub_sessions', "user_id") FROM (SELECT DISTINCT "user_id" FROM "changed") c;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "notify_changed_people"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ideahub_sessions', n."id")
  FROM "new_users" n JOIN "old_users" o ON o."id" = n."id"
  WHERE (n."role", n."banned", n."ban_expires", n."name", n."email", n."email_verified")
    IS DISTINCT FROM (o."role", o."banned", o."ban_expires", o."name", o."email", o."email_verified");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_changed_update" AFTER UPDATE ON "sessions" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_owners"();--> statement-breakpoint
CREATE TRIGGER "sessions_changed_delete" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_owners"();--> statement-breakpoint
CREATE TRIGGER "users_changed_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS "old_users" NEW TABLE AS "new_users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_changed_people"();--> statement-breakpoint
CREATE TRIGGER "ideas_changed_owner_insert" AFTER INSERT ON "ideas" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_owners"();--> statement-breakpoint
CREATE TRIGGER "ideas_changed_owner_delete" AFTER DELETE ON "ideas" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_owners"();
