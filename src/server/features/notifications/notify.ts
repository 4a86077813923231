/**
 * The one way the app tells a person something happened (issue 17 point 1): `notify(tx, event)`,
 * called inside the transaction of the action itself, so an action that rolls back notifies nobody
 * and one that commits notifies exactly once. For each event it
 *
 * - drops it when the recipient is the actor (nobody is told about their own actions), and keeps
 *   one event per recipient and message (a reply that also mentions its addressee notifies once);
 * - writes the notification, when the recipient keeps that kind in the app;
 * - moves the recipient's unread count and announces it on NOTIFICATIONS_CHANNEL (delivered to
 *   every instance on commit; live.ts hands it to the person's open streams);
 * - queues the email, when the recipient keeps that kind by email and the admin switch
 *   'Email notifications' is on (email.ts: the first at once, a discussion's further activity
 *   gathered for 15 minutes).
 *
 * Likes are told by the statement that records them (likes/service.ts, the database function
 * toggle_like): the same steps, with likes of one item gathered into the one unread row of that item
 * ('Kofi Mensah and 2 others liked …'). notify() takes every other kind.
 *
 * Nothing of a discussion message is copied: the list and the emails read it when they are drawn,
 * and only for a reader who may read that discussion (premium rule).
 */
import { inArray, sql } from 'drizzle-orm';
import { type NotificationKind, type NotificationPreferences, preferencesWithDefaults } from '../../../shared/schemas/notifications.ts';
import type { Db } from '../../db/client.ts';
import { notificationPreferences } from '../../db/schema.ts';
import { getPlatformSettings } from '../../lib/platform-settings.ts';
import { NOTIFICATIONS_CHANNEL } from './channel.ts';
import { queueNotificationEmail } from './email.ts';
import type { NotificationEvent } from './events.ts';

export type { NotificationEvent };

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Among events about the same message for the same person, the one that is told. */
const SPECIFICITY: Record<NotificationKind, number> = { reply: 3, mention: 2, discussion: 1, like: 0, private_message: 0, removal: 0, new_item: 0, sale: 0, purchase: 0 };

/** Grouped likes remember this many of their latest people, so one person liking again is not counted twice. */
export const RECENT_ACTORS = 20;

/** What notify() takes: every event but a like (see the module comment). */
export type NotifiedEvent = Exclude<NotificationEvent, { kind: 'like' }>;

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
export async function notify(tx: Tx, events: NotifiedEvent | readonly NotifiedEvent[]): Promise<void> {
  const told = eventsToTell(Array.isArray(events) ? events : [events as NotifiedEvent]) as NotifiedEvent[];
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
 * One statement: the notification, the unread count (+1) and the notice. These rows are new, nobody
 * else can see them yet, so the inbox row needs no lock beforehand.
 */
async function writeNotification(tx: Tx, event: NotifiedEvent): Promise<void> {
  const ideaId = 'ideaId' in event ? event.ideaId : null;
  const title = event.kind === 'removal' && event.itemTitle !== undefined ? sql`${event.itemTitle}::text` : sql`(select title from ideas where id = ${ideaId}::uuid)`;
  const messageId = 'messageId' in event ? event.messageId : null;
  const conversationId = event.kind === 'private_message' ? event.conversationId : null;
  // A private message's id has no column (the conversations' tables are that feature's): the link's anchor reads it here.
  const details =
    event.kind === 'removal' ? { target: event.target, reason: event.reason } : event.kind === 'private_message' ? { privateMessageId: event.privateMessageId } : {};
  const written = sql`insert into notifications (user_id, kind, actor_id, idea_id, item_title, message_id, conversation_id, details)
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
