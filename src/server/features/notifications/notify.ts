/**
 * The one way the app tells a person something happened (issue 17 point 1): `notify(tx, event)`,
 * called inside the transaction of the action itself, so an action that rolls back notifies nobody
 * and one that commits notifies exactly once. For each event it
 *
 * - drops it when the recipient is the actor (nobody is told about their own actions), and keeps
 *   one event per recipient and message (a reply that also mentions its addressee notifies once);
 * - writes the notification, when the recipient keeps that kind in the app: likes of one item
 *   gather into the one unread row of that item ('Kofi Mensah and 2 others liked …');
 * - moves the recipient's unread count and announces it on NOTIFICATIONS_CHANNEL (delivered to
 *   every instance on commit; live.ts hands it to the person's open streams);
 * - queues the email, when the recipient keeps that kind by email and the admin switch
 *   'Email notifications' is on (email.ts: the first at once, a discussion's further activity
 *   gathered for 15 minutes).
 *
 * Nothing of a discussion message is copied: the list and the emails read it when they are drawn,
 * and only for a reader who may read that discussion (premium rule).
 */
import { inArray, sql } from 'drizzle-orm';
import { type NotificationKind, type NotificationPreferences, preferencesWithDefaults } from '../../../shared/schemas/notifications.ts';
import type { Db } from '../../db/client.ts';
import { notificationPreferences } from '../../db/schema.ts';
import { getPlatformSettings } from '../settings/service.ts';
import { NOTIFICATIONS_CHANNEL } from './channel.ts';
import { queueNotificationEmail } from './email.ts';
import { lockInbox } from './queries.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

interface Base {
  /** Who is told. */
  recipientId: string;
  /** Who did it (the moderator, for a removal). Never told about it themselves. */
  actorId: string;
}

/** The events, one per kind. `messageId`s are discussion messages (idea_discussion_messages). */
export type NotificationEvent =
  | (Base & { kind: 'discussion'; ideaId: string; messageId: number })
  | (Base & { kind: 'reply'; ideaId: string; messageId: number })
  | (Base & { kind: 'mention'; ideaId: string; messageId: number })
  | (Base & { kind: 'like'; ideaId: string })
  /** A private message: the conversation (/messages/{conversationId}) and the item it is about. */
  | (Base & { kind: 'private_message'; conversationId: string; ideaId: string | null })
  /**
   * A moderator or admin removed the recipient's item or message. Call it before the item is
   * deleted in the same transaction, or pass `itemTitle`: the notification keeps the title.
   */
  | (Base & { kind: 'removal'; target: 'idea' | 'message'; ideaId: string | null; itemTitle?: string | null; reason: string | null });

/** Among events about the same message for the same person, the one that is told. */
const SPECIFICITY: Record<NotificationKind, number> = { reply: 3, mention: 2, discussion: 1, like: 0, private_message: 0, removal: 0 };

/** Grouped likes remember this many of their latest people, so one person liking again is not counted twice. */
const RECENT_ACTORS = 20;

/** The events that are told: not one's own, one per person and message. */
export function eventsToTell(events: readonly NotificationEvent[]): NotificationEvent[] {
  const byMessage = new Map<string, NotificationEvent>();
  const out: NotificationEvent[] = [];
  for (const event of events) {
    if (event.recipientId === event.actorId) continue;
    if ('messageId' in event) {
      const key = `${event.recipientId}|${event.messageId}`;
      const seen = byMessage.get(key);
      if (!seen) byMessage.set(key, event);
      else if (SPECIFICITY[event.kind] > SPECIFICITY[seen.kind]) byMessage.set(key, event);
      continue;
    }
    out.push(event);
  }
  return [...out, ...byMessage.values()];
}

/** The recipients' choices, defaults filled in. */
export async function preferencesOf(db: Db | Tx, userIds: readonly string[]): Promise<Map<string, NotificationPreferences>> {
  const out = new Map<string, NotificationPreferences>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: notificationPreferences.userId, choices: notificationPreferences.choices })
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, [...userIds]));
  const stored = new Map(rows.map((r) => [r.userId, r.choices]));
  for (const id of userIds) out.set(id, preferencesWithDefaults(stored.get(id)));
  return out;
}

/** Tells each event's recipient (see the module comment). Call inside the action's transaction. */
export async function notify(tx: Tx, events: NotificationEvent | readonly NotificationEvent[]): Promise<void> {
  const told = eventsToTell(Array.isArray(events) ? events : [events as NotificationEvent]);
  if (told.length === 0) return;
  const preferences = await preferencesOf(tx, [...new Set(told.map((e) => e.recipientId))]);
  // Inbox rows are locked in one order by every transaction that tells several people.
  told.sort((a, b) => (a.recipientId < b.recipientId ? -1 : a.recipientId > b.recipientId ? 1 : 0));
  // The admin switch 'Email notifications', read once (the sender reads it again when sending).
  const wantsEmail = told.some((e) => preferences.get(e.recipientId)![e.kind].email);
  const emailsOn = wantsEmail && (await getPlatformSettings(tx)).emailNotifications;
  for (const event of told) {
    const choice = preferences.get(event.recipientId)![event.kind];
    if (choice.inApp) await writeNotification(tx, event);
    if (choice.email && emailsOn) await queueNotificationEmail(tx, event);
  }
}

/**
 * One statement: the notification (or the like group's update), the unread count (+1 for a new
 * row, +0 for a grouped like: the inbox row's lock still orders the notices) and the notice.
 */
async function writeNotification(tx: Tx, event: NotificationEvent): Promise<void> {
  // A like may update the person's unread like row, which marking all read also updates: both take
  // the inbox row first (markAllRead too), so they queue instead of deadlocking. Other kinds only
  // insert rows nobody else can see yet.
  if (event.kind === 'like') await lockInbox(tx, event.recipientId);
  const ideaId = 'ideaId' in event ? event.ideaId : null;
  const title = event.kind === 'removal' && event.itemTitle !== undefined ? sql`${event.itemTitle}::text` : sql`(select title from ideas where id = ${ideaId}::uuid)`;
  const messageId = 'messageId' in event ? event.messageId : null;
  const conversationId = event.kind === 'private_message' ? event.conversationId : null;
  const details = event.kind === 'removal' ? { target: event.target, reason: event.reason } : {};
  const written =
    event.kind === 'like'
      ? sql`insert into notifications as n (user_id, kind, actor_id, idea_id, item_title, recent_actor_ids)
          values (${event.recipientId}, 'like', ${event.actorId}, ${ideaId}::uuid, ${title}, array[${event.actorId}::text])
          on conflict (user_id, idea_id) where kind = 'like' and read_at is null do update set
            actor_id = excluded.actor_id,
            actor_count = n.actor_count + (case when excluded.actor_id = any(n.recent_actor_ids) then 0 else 1 end),
            recent_actor_ids = (array_remove(n.recent_actor_ids, excluded.actor_id) || excluded.actor_id)[
              greatest(coalesce(cardinality(array_remove(n.recent_actor_ids, excluded.actor_id)), 0) + 2 - ${RECENT_ACTORS}, 1):],
            item_title = excluded.item_title,
            activity_at = now()
          returning (xmax = 0) as inserted`
      : sql`insert into notifications (user_id, kind, actor_id, idea_id, item_title, message_id, conversation_id, details)
          values (${event.recipientId}, ${event.kind}, ${event.actorId}, ${ideaId}::uuid, ${title}, ${messageId}::bigint,
            ${conversationId}, ${JSON.stringify(details)}::jsonb)
          returning true as inserted`;
  await tx.execute(sql`
    with written as (${written}),
    counted as (
      insert into notification_inboxes as i (user_id, unread)
      select ${event.recipientId}, case when inserted then 1 else 0 end from written
      on conflict (user_id) do update set unread = i.unread + excluded.unread, updated_at = now()
      returning unread
    )
    select pg_notify(${NOTIFICATIONS_CHANNEL}, json_build_object('u', ${event.recipientId}::text, 'n', unread)::text) from counted`);
}
