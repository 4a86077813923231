/** SQL of a person's notifications: the list (newest first, keyset), the unread count, marking read, preferences. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DigestPreference, StoredChoices } from '../../../shared/schemas/notifications.ts';
import type { Db } from '../../db/client.ts';
import { ideaDiscussionMessages, ideas, notificationInboxes, notificationPreferences, notifications, profiles } from '../../db/schema.ts';
import type { Tx } from '../../db/transaction.ts';
import { NOTIFICATIONS_CHANNEL } from './channel.ts';
import { inTransaction } from '../../db/transaction.ts';

export interface NotificationKeyset {
  at: Date;
  id: number;
}

/** How much of a message a notification shows (to readers who may read it). */
export const EXCERPT_LENGTH = 200;

export type NotificationRow = Awaited<ReturnType<typeof listNotifications>>[number];

/** One page of the person's notifications, newest activity first (limit + 1 rows: the extra one says there is more). A query to await (or `.toSQL()`: the benchmark explains it). */
export function listNotifications(db: Db, userId: string, after: NotificationKeyset | undefined, limit: number) {
  const where = [eq(notifications.userId, userId)];
  if (after) where.push(sql`(${notifications.activityAt}, ${notifications.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::bigint)`);
  return db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      activityAt: notifications.activityAt,
      readAt: notifications.readAt,
      actorId: notifications.actorId,
      actorName: profiles.fullName,
      actorPhotoUrl: profiles.photoUrl,
      actorCount: notifications.actorCount,
      ideaId: ideas.id,
      ideaOwnerId: ideas.userId,
      title: sql<string | null>`coalesce(${ideas.title}, ${notifications.itemTitle})`,
      messageId: ideaDiscussionMessages.id,
      // Cut here; whether the reader gets it at all is the service's premium rule.
      messageStart: sql<string | null>`nullif(left(${ideaDiscussionMessages.content}, ${EXCERPT_LENGTH}), '')`,
      conversationId: notifications.conversationId,
      details: notifications.details,
    })
    .from(notifications)
    .leftJoin(ideas, eq(ideas.id, notifications.ideaId))
    .leftJoin(profiles, eq(profiles.userId, notifications.actorId))
    .leftJoin(ideaDiscussionMessages, eq(ideaDiscussionMessages.id, notifications.messageId))
    .where(and(...where))
    .orderBy(desc(notifications.activityAt), desc(notifications.id))
    .limit(limit + 1);
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ unread: notificationInboxes.unread }).from(notificationInboxes).where(eq(notificationInboxes.userId, userId));
  return row?.unread ?? 0;
}

/** Rows marked read per transaction when marking all read. */
export const MARK_READ_BATCH = 1000;

/**
 * Everything unread becomes read and the count 0, announced to the person's open streams. In
 * batches, each its own short transaction that takes the inbox row first, as notify.ts does: a
 * person with a great many unread never holds their inbox (and the likes of their items) for long,
 * and each batch takes from the count exactly the rows it marked, so the count never drifts.
 */
export async function markAllRead(db: Db, userId: string): Promise<void> {
  for (;;) {
    const marked = await inTransaction(db, async (tx) => {
      await lockInbox(tx, userId);
      const result = (await tx.execute(sql`
        with marked as (
          update notifications set read_at = now()
          where id in (select id from notifications where user_id = ${userId} and read_at is null limit ${MARK_READ_BATCH})
          returning 1
        ), counted as (
          update notification_inboxes set unread = greatest(unread - (select count(*) from marked), 0), updated_at = now()
          where user_id = ${userId} returning unread
        )
        select (select count(*) from marked)::int as marked,
          pg_notify(${NOTIFICATIONS_CHANNEL}, json_build_object('u', ${userId}::text, 'n', unread)::text) as notified
        from counted`)) as unknown as { rows: { marked: number }[] };
      return Number(result.rows[0]?.marked ?? 0);
    });
    if (marked < MARK_READ_BATCH) return;
  }
}

/**
 * The person's unread notifications about one private conversation become read (they have read
 * it), with the count and the notice as markAllRead does: the inbox row first, in one short
 * transaction. A conversation's unread notifications are few (one per unread message).
 */
export async function markConversationNotificationsRead(db: Db, userId: string, conversationId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    await lockInbox(tx, userId);
    await tx.execute(sql`
      with marked as (
        update notifications set read_at = now()
        where user_id = ${userId} and read_at is null and kind = 'private_message' and conversation_id = ${conversationId}
        returning 1
      ), counted as (
        update notification_inboxes set unread = greatest(unread - (select count(*) from marked), 0), updated_at = now()
        where user_id = ${userId} and exists (select 1 from marked) returning unread
      )
      select pg_notify(${NOTIFICATIONS_CHANNEL}, json_build_object('u', ${userId}::text, 'n', unread)::text) from counted`);
  });
}

export async function storedChoices(db: Db | Tx, userId: string): Promise<unknown> {
  const [row] = await db.select({ choices: notificationPreferences.choices }).from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return row?.choices;
}

/** The person's weekly digest setting (off, Monday, when they never chose). */
export async function digestPreference(db: Db | Tx, userId: string): Promise<DigestPreference> {
  const [row] = await db
    .select({ enabled: notificationPreferences.digestEnabled, day: notificationPreferences.digestDay })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ?? { enabled: false, day: 1 };
}

/** Changes the weekly digest setting (either or both), keeping the other notification choices. */
export async function setDigestPreference(db: Db | Tx, userId: string, change: Partial<DigestPreference>): Promise<DigestPreference> {
  const set = { ...(change.enabled !== undefined ? { digestEnabled: change.enabled } : {}), ...(change.day !== undefined ? { digestDay: change.day } : {}) };
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...set, updatedAt: sql`now()` } })
    .returning({ enabled: notificationPreferences.digestEnabled, day: notificationPreferences.digestDay });
  return row!;
}

/** Merges `change` (stored keys) into the person's choices in one statement; returns them all. */
export async function mergeChoices(db: Db | Tx, userId: string, change: StoredChoices): Promise<unknown> {
  const json = JSON.stringify(change);
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, choices: sql`${json}::jsonb` })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { choices: sql`${notificationPreferences.choices} || ${json}::jsonb`, updatedAt: sql`now()` },
    })
    .returning({ choices: notificationPreferences.choices });
  return row?.choices;
}

/** Takes the person's inbox row (made when missing) for the rest of the transaction. */
export async function lockInbox(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`
    insert into notification_inboxes as i (user_id, unread) values (${userId}, 0)
    on conflict (user_id) do update set updated_at = i.updated_at`);
}
