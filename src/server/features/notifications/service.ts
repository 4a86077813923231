/**
 * A person's notifications as the API gives them (issue 17 point 1): only their own, newest first,
 * each naming who and which item with a link to the place. The premium rule (docs/product-readings.md) is
 * applied here, when they are read: a message's beginning is given only to a reader who may read
 * that discussion now (the item's owner, admins, premium people), never to anyone else.
 */
import { avatarUrlOf } from '../../lib/square-photo.ts';
import {
  DELETED_USER_NAME,
} from '../../../shared/schemas/discussion.ts';
import { messageAnchor, notificationText } from '../../../shared/rules/notifications.ts';
import {
  isNotificationKind,
  type Notification,
  type NotificationList,
  type NotificationListQuery,
  type DigestPreference,
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
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';
import type { Logger } from '../../logger.ts';
import { fullTextScopeForRows, scopeAllows } from '../../lib/content-access.ts';
import type { Viewer } from '../../app-env.ts';
import { readUnsubscribeToken } from './unsubscribe.ts';
import { digestPreference, listNotifications, markAllRead, type NotificationKeyset, type NotificationRow, mergeChoices, setDigestPreference, storedChoices, unreadCount } from './queries.ts';

export function encodeNotificationCursor(k: NotificationKeyset): string {
  return encodeCursor({ createdAt: k.at, id: String(k.id) });
}

export function decodeNotificationCursor(cursor: string): NotificationKeyset {
  const { createdAt, id } = decodeCursor(cursor, 'serial');
  return { at: createdAt, id: Number(id) };
}

const MESSAGE_KINDS = new Set(['discussion', 'reply', 'mention']);

/**
 * Where a notification leads in the app, or null when that place is gone: a message's own anchor
 * (`#message-{id}`, in a discussion or a conversation) while it exists, else the discussion or the conversation.
 */
export function notificationLink(row: Pick<NotificationRow, 'kind' | 'ideaId' | 'conversationId' | 'messageId'> & { details: unknown }): string | null {
  if (row.kind === 'private_message') {
    if (!row.conversationId) return null;
    const id = (row.details as { privateMessageId?: unknown } | null)?.privateMessageId;
    return `/messages/${encodeURIComponent(row.conversationId)}${typeof id === 'number' ? `#${messageAnchor(id)}` : ''}`;
  }
  if (!row.ideaId) return null;
  if (MESSAGE_KINDS.has(row.kind)) return `/ideas/${row.ideaId}#${row.messageId !== null ? messageAnchor(Number(row.messageId)) : 'discussion'}`;
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
        ? { id: null, name: DELETED_USER_NAME, avatarUrl: null }
        : { id: row.actorId, name: row.actorName?.trim() ? row.actorName : null, avatarUrl: avatarUrlOf(row.actorPhotoUrl) },
    others: row.kind === 'like' ? Math.max(0, row.actorCount - 1) : 0,
    item: row.title === null ? null : { id: row.ideaId, title: row.title },
    link: notificationLink(row),
    text: notificationText({
      kind: row.kind,
      actorName: removal ? null : row.actorId === null ? DELETED_USER_NAME : row.actorName,
      others: row.kind === 'like' ? Math.max(0, row.actorCount - 1) : 0,
      title: row.title,
      removedTarget: removal ? removalOf(row.details)?.target : undefined,
    }),
    excerpt: MESSAGE_KINDS.has(row.kind) && readsDiscussion && row.messageStart !== null ? row.messageStart : null,
    removed: removal ? removalOf(row.details) : null,
  };
}

export async function listForViewer(db: Db, viewer: Viewer, query: NotificationListQuery, logger: Logger): Promise<NotificationList> {
  const after = query.cursor ? decodeNotificationCursor(query.cursor) : undefined;
  const rows = await listNotifications(db, viewer.userId, after, query.limit);
  const page = rows.slice(0, query.limit);
  // Decided now, once for the page: premium can be lost (items deleted) as well as gained.
  const scope = page.some((r) => MESSAGE_KINDS.has(r.kind) && r.messageStart !== null) ? await fullTextScopeForRows(db, viewer, logger) : null;
  const items: Notification[] = [];
  for (const row of page) {
    const readsDiscussion = scope !== null && scopeAllows(scope, { id: row.ideaId, ownerId: row.ideaOwnerId });
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

export async function digestForViewer(db: Db, viewer: Viewer): Promise<DigestPreference> {
  return digestPreference(db, viewer.userId);
}

export async function setDigestForViewer(db: Db, viewer: Viewer, change: Partial<DigestPreference>): Promise<DigestPreference> {
  return setDigestPreference(db, viewer.userId, change);
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
  if (kind === 'digest') return { kind, email: (await digestPreference(db, userId)).enabled };
  return { kind, email: preferencesWithDefaults(await storedChoices(db, userId))[kind].email };
}

/** One-click unsubscribe (RFC 8058): that kind of email off for that person, whoever sends the request. */
export async function unsubscribe(db: Db, key: Buffer | null, token: string): Promise<UnsubscribeState> {
  const { userId, kind } = await unsubscribeTarget(db, key, token);
  if (kind === 'digest') await setDigestPreference(db, userId, { enabled: false });
  else await mergeChoices(db, userId, { [choiceKey(kind, 'email')]: false });
  return { kind, email: false };
}
