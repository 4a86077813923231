-- Likes in one statement (issue 29): `select * from toggle_like(...)` does what likes/service.ts did in
-- a transaction of seven statements, in the same order and with the same locks: the item's row first,
-- then the like row and the count (the rank triggers follow), then the owner's inbox row before their
-- grouped like notification, the unread count and its notice, and the email when it is wanted. Each
-- statement inside sees what committed before it ran, as separate statements did. The rules (the
-- preference keys and defaults, whether emails are on, the mail's data and its digest window) come
-- from the caller in `rules`; the SQL here only applies them.
CREATE FUNCTION "queue_notification_mail"("p_user" text, "p_template" text, "p_data" jsonb, "p_digest_key" text, "p_at" timestamptz,
  "p_window_secs" double precision, "p_max_events" integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Joins the person's waiting mail of the subject, or starts one: at once, or when the last one's window ends.
  INSERT INTO "mail_outbox" AS o ("kind", "user_id", "template", "data", "digest_key", "send_after")
  VALUES ('notification', p_user, p_template, p_data, p_digest_key,
    (SELECT greatest(p_at, max(m."send_after") + make_interval(secs => p_window_secs))
       FROM "mail_outbox" m WHERE m."user_id" = p_user AND m."digest_key" = p_digest_key AND m."status" IN ('pending', 'sending', 'sent', 'failed')))
  ON CONFLICT ("user_id", "digest_key") WHERE "status" = 'pending' AND "digest_key" IS NOT NULL DO UPDATE SET "data" =
    CASE WHEN jsonb_array_length(o."data" -> 'events') < p_max_events
      THEN jsonb_set(o."data", '{events}', (o."data" -> 'events') || (excluded."data" -> 'events'))
      ELSE jsonb_set(o."data", '{more}', to_jsonb(coalesce((o."data" ->> 'more')::int, 0) + 1))
    END;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "toggle_like"("p_idea" uuid, "p_person" text, "p_liked" boolean, "rules" jsonb)
RETURNS TABLE ("item_exists" boolean, "count_now" integer) LANGUAGE plpgsql AS $$
DECLARE
  v_owner text;
  v_count integer;
  v_rows integer;
  v_choices jsonb;
  v_in_app boolean;
  v_email boolean;
  v_inserted boolean;
  v_unread integer;
  v_mail jsonb := rules -> 'mail';
BEGIN
  SELECT i."user_id", i."like_count" INTO v_owner, v_count FROM "ideas" i WHERE i."id" = p_idea FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT false, 0;
    RETURN;
  END IF;
  IF p_liked THEN
    INSERT INTO "likes" ("idea_id", "user_id") VALUES (p_idea, p_person) ON CONFLICT ("idea_id", "user_id") DO NOTHING;
  ELSE
    DELETE FROM "likes" WHERE "idea_id" = p_idea AND "user_id" = p_person;
  END IF;
  GET DIAGNOSTICS v_rows = ROW_COUNT;
  IF v_rows > 0 THEN
    UPDATE "ideas" SET "like_count" = CASE WHEN p_liked THEN "like_count" + 1 ELSE greatest("like_count" - 1, 0) END
    WHERE "id" = p_idea RETURNING "ideas"."like_count" INTO v_count;
  END IF;
  -- A new like tells the owner (never of their own like); taking it back tells nobody.
  IF p_liked AND v_rows > 0 AND v_owner <> p_person THEN
    SELECT p."choices" INTO v_choices FROM "notification_preferences" p WHERE p."user_id" = v_owner;
    v_in_app := CASE WHEN jsonb_typeof(v_choices -> (rules ->> 'inAppKey')) = 'boolean'
      THEN (v_choices ->> (rules ->> 'inAppKey'))::boolean ELSE (rules ->> 'inAppDefault')::boolean END;
    v_email := CASE WHEN jsonb_typeof(v_choices -> (rules ->> 'emailKey')) = 'boolean'
      THEN (v_choices ->> (rules ->> 'emailKey'))::boolean ELSE (rules ->> 'emailDefault')::boolean END;
    IF v_in_app THEN
      -- The inbox row first: marking all read takes it before the notifications, so the two queue.
      INSERT INTO "notification_inboxes" AS b ("user_id", "unread") VALUES (v_owner, 0)
      ON CONFLICT ("user_id") DO UPDATE SET "updated_at" = b."updated_at";
      -- One unread row per item gathers its likes ('Kofi Mensah and 2 others liked …').
      INSERT INTO "notifications" AS n ("user_id", "kind", "actor_id", "idea_id", "item_title", "recent_actor_ids")
      VALUES (v_owner, 'like', p_person, p_idea, (SELECT i."title" FROM "ideas" i WHERE i."id" = p_idea), ARRAY[p_person])
      ON CONFLICT ("user_id", "idea_id") WHERE "kind" = 'like' AND "read_at" IS NULL DO UPDATE SET
        "actor_id" = excluded."actor_id",
        "actor_count" = n."actor_count" + (CASE WHEN excluded."actor_id" = ANY(n."recent_actor_ids") THEN 0 ELSE 1 END),
        "recent_actor_ids" = (array_remove(n."recent_actor_ids", excluded."actor_id") || excluded."actor_id")[
          greatest(coalesce(cardinality(array_remove(n."recent_actor_ids", excluded."actor_id")), 0) + 2 - (rules ->> 'recentActors')::int, 1):],
        "item_title" = excluded."item_title",
        "activity_at" = now()
      RETURNING (n.xmax = 0) INTO v_inserted;
      INSERT INTO "notification_inboxes" AS b ("user_id", "unread") VALUES (v_owner, CASE WHEN v_inserted THEN 1 ELSE 0 END)
      ON CONFLICT ("user_id") DO UPDATE SET "unread" = b."unread" + excluded."unread", "updated_at" = now()
      RETURNING b."unread" INTO v_unread;
      PERFORM pg_notify(rules ->> 'channel', json_build_object('u', v_owner, 'n', v_unread)::text);
    END IF;
    IF v_email AND (rules ->> 'emailsOn')::boolean THEN
      PERFORM queue_notification_mail(v_owner, v_mail ->> 'template', v_mail -> 'data', v_mail ->> 'digestKey', (v_mail ->> 'at')::timestamptz,
        (v_mail ->> 'windowSecs')::double precision, (v_mail ->> 'maxEvents')::integer);
    END IF;
  END IF;
  RETURN QUERY SELECT true, v_count;
END;
$$;
