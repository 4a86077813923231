/**
 * A person's notifications as the API gives them (issue 17 point 1): only their own, newest first,
 * each naming who and which item with a link to the place. The premium rule (ARCHITECTURE.md) is
 * applied here, when they are read: a message's beginning is given only to a reader who may read
 * that discussion now (the item's owner, admins, premium people), never to anyone else.
 */
import {
  DELETED_USER_NAME,
} from '../../../shared/schemas/discussion.ts';
import {
  isNotificationKind,
  type Notification,
  type NotificationList,
  type NotificationListQuery,
  type NotificationPreferences,
  type NotificationPreferencesInput,
  preferencesWithDefaults,
  choiceKey,
  UNSUBSCRIBE_LINK_INVALID,
  type UnsubscribeState,
  storedChoicesOf,
} from '../../../shared/schemas/notifications.ts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Logger } from '../../logger.ts';
import { fullTextScopeOf } from '../ideas/access.ts';
import type { Viewer } from '../ideas/service.ts';
import { readUnsubscribeToken } from './unsubscribe.ts';
import { listNotifications, markAllRead, type NotificationKeyset, type NotificationRow, mergeChoices, storedChoices, unreadCount } from './queries.ts';

const INVALID_CURSOR = 'The page cursor is not valid.';

export function encodeNotificationCursor(k: NotificationKeyset): string {
  return Buffer.from(`${k.at.toISOString()}|${k.id}`, 'utf8').toString('base64url');
}

export function decodeNotificationCursor(cursor: string): NotificationKeyset {
  const [iso, rawId] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  const id = /^[1-9][0-9]{0,15}$/.test(rawId ?? '') ? Number(rawId) : NaN;
  const year = at.getUTCFullYear();
  if (!Number.isSafeInteger(id) || Number.isNaN(at.getTime()) || year < 1 || year > 9999) {
    throw badRequest(INVALID_CURSOR, { cursor: [INVALID_CURSOR] });
  }
  return { at, id };
}

const MESSAGE_KINDS = new Set(['discussion', 'reply', 'mention']);

/** Where a notification leads in the app, or null when that place is gone. */
export function notificationLink(row: Pick<NotificationRow, 'kind' | 'ideaId' | 'conversationId'>): string | null {
  if (row.kind === 'private_message') return row.conversationId ? `/messages/${encodeURIComponent(row.conversationId)}` : null;
  if (!row.ideaId) return null;
  if (MESSAGE_KINDS.has(row.kind)) return `/ideas/${row.ideaId}#discussion`;
  return `/ideas/${row.ideaId}`;
}

function removalOf(details: unknown): Notification['removed'] {
  const d = (details ?? {}) as { target?: unknown; reason?: unknown };
  return { target: d.target === 'message' ? 'message' : 'idea', reason: typeof d.reason === 'string' && d.reason !== '' ? d.reason : null };
}

/** One row as the reader may see it; `readsDiscussion` is the premium rule for the row's item. */
export function toNotification(row: NotificationRow, readsDiscussion: boolean): Notification | null {
  if (!isNotificationKind(row.kind)) return null;
  const removal = row.kind === 'removal';
  return {
    id: Number(row.id),
    kind: row.kind,
    at: row.activityAt.toISOString(),
    read: row.readAt !== null,
    // Who removed one's content is not said: the moderators' team did.
    actor: removal
      ? null
      : row.actorId === null
        ? { id: null, name: DELETED_USER_NAME }
        : { id: row.actorId, name: row.actorName?.trim() ? row.actorName : null },
    others: row.kind === 'like' ? Math.max(0, row.actorCount - 1) : 0,
    item: row.title === null ? null : { id: row.ideaId, title: row.title },
    link: notificationLink(row),
    excerpt: MESSAGE_KINDS.has(row.kind) && readsDiscussion && row.messageStart !== null ? row.messageStart : null,
    removed: removal ? removalOf(row.details) : null,
  };
}

export async function listForViewer(db: Db, viewer: Viewer, query: NotificationListQuery, logger: Logger): Promise<NotificationList> {
  const after = query.cursor ? decodeNotificationCursor(query.cursor) : undefined;
  const rows = await listNotifications(db, viewer.userId, after, query.limit);
  const page = rows.slice(0, query.limit);
  // Decided now, once for the page: premium can be lost (items deleted) as well as gained.
  const scope = page.some((r) => MESSAGE_KINDS.has(r.kind) && r.messageStart !== null) ? await fullTextScopeOf(db, viewer, logger) : null;
  const items: Notification[] = [];
  for (const row of page) {
    const readsDiscussion = scope !== null && (scope.everyone || (row.ideaOwnerId !== null && row.ideaOwnerId === viewer.userId));
    const item = toNotification(row, readsDiscussion);
    if (item) items.push(item);
  }
  const last = page.at(-1);
  return {
    items,
    nextCursor: rows.length > query.limit && last ? encodeNotificationCursor({ at: last.activityAt, id: Number(last.id) }) : null,
  };
}

export async function unreadForViewer(db: Db, viewer: Viewer): Promise<number> {
  return unreadCount(db, viewer.userId);
}

export async function markAllReadForViewer(db: Db, viewer: Viewer): Promise<void> {
  await markAllRead(db, viewer.userId);
}

export async function preferencesForViewer(db: Db, viewer: Viewer): Promise<NotificationPreferences> {
  return preferencesWithDefaults(await storedChoices(db, viewer.userId));
}

/** The given switches over the person's current choices (others kept, even under concurrent changes). */
export async function updatePreferencesForViewer(db: Db, viewer: Viewer, input: NotificationPreferencesInput): Promise<NotificationPreferences> {
  return preferencesWithDefaults(await mergeChoices(db, viewer.userId, storedChoicesOf(input)));
}

/** Whose emails of which kind an unsubscribe link names: 400 when it is not one of ours, 404 when that account is gone. */
async function unsubscribeTarget(db: Db, key: Buffer | null, token: string) {
  const target = key ? readUnsubscribeToken(key, token) : null;
  if (!target) throw badRequest(UNSUBSCRIBE_LINK_INVALID, { token: [UNSUBSCRIBE_LINK_INVALID] });
  const [person] = await db.select({ id: users.id }).from(users).where(eq(users.id, target.userId));
  if (!person) throw notFound(UNSUBSCRIBE_LINK_INVALID);
  return target;
}

/** The unsubscribe page's state: which kind, and whether those emails are on now. */
export async function unsubscribeState(db: Db, key: Buffer | null, token: string): Promise<UnsubscribeState> {
  const { userId, kind } = await unsubscribeTarget(db, key, token);
  return { kind, email: preferencesWithDefaults(await storedChoices(db, userId))[kind].email };
}

/** One-click unsubscribe (RFC 8058): that kind of email off for that person, whoever sends the request. */
export async function unsubscribe(db: Db, key: Buffer | null, token: string): Promise<UnsubscribeState> {
  const { userId, kind } = await unsubscribeTarget(db, key, token);
  await mergeChoices(db, userId, { [choiceKey(kind, 'email')]: false });
  return { kind, email: false };
}
