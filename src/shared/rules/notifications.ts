/**
 * Notifications (issue 17): the kinds, their labels, and the header control's name, without zod,
 * so the header's bell in the home route's JavaScript stays small (schemas/notifications.ts holds
 * the API's shapes and re-exports these).
 */

/**
 * What a person is told about, one kind per event:
 * - discussion: someone posted in the discussion of their item;
 * - reply: someone replied to their message;
 * - mention: someone @mentioned them in a message;
 * - like: people liked their item (grouped per item while unread);
 * - private_message: someone sent them a private message;
 * - removal: a moderator or admin removed their item or message (with the reason);
 * - new_item: a maker they follow shared a new item (issue 28);
 * - sale: someone bought their item (issue 25);
 * - purchase: the receipt of something they bought (issue 25; by email, not in the app, by default).
 */
export const NOTIFICATION_KINDS = ['discussion', 'reply', 'mention', 'like', 'private_message', 'removal', 'new_item', 'sale', 'purchase'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/** How the preferences card and the unsubscribe page name each kind. */
export const NOTIFICATION_KIND_LABELS: Readonly<Record<NotificationKind, string>> = {
  discussion: 'New messages in the discussion of your items',
  reply: 'Replies to your messages',
  mention: 'Mentions of you',
  like: 'Likes on your items',
  private_message: 'Private messages',
  removal: 'Removal of your content by moderators',
  new_item: 'New items from makers you follow',
  sale: 'Sales of your items',
  purchase: 'Receipts for your purchases',
};

/**
 * What an email's unsubscribe link turns off: one kind of notification email, or the weekly digest
 * (issue 28 point 2), which is a setting of its own rather than a kind of notification.
 */
export const UNSUBSCRIBE_KINDS = [...NOTIFICATION_KINDS, 'digest'] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];
export const DIGEST_LABEL = 'The weekly digest of new items';
export const UNSUBSCRIBE_LABELS: Readonly<Record<UnsubscribeKind, string>> = { ...NOTIFICATION_KIND_LABELS, digest: DIGEST_LABEL };

/** The live stream's event (GET /api/notifications/stream): the unread count changed, or something was added. */
export const NOTIFICATION_STREAM_EVENT = 'unread';

/** The header control's accessible name: 'Notifications', or 'Notifications, 3 unread'. */
export function notificationsLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

/** A removal's reason (told to the author): optional, at most this long. */
export const REMOVAL_REASON_MAX_LENGTH = 500;

/** The anchor of a message on its page (a discussion's or a conversation's): `message-42`. */
export function messageAnchor(id: number): string {
  return `message-${id}`;
}

export interface NotificationWords {
  kind: NotificationKind;
  /** The actor's name; null or blank: 'Anonymous'. */
  actorName: string | null;
  /** Grouped likes: the other people besides the actor. */
  others: number;
  /** The item's title; null when there is none. */
  title: string | null;
  /** Removals: what was removed. */
  removedTarget?: 'idea' | 'message';
}

/**
 * What happened, in one sentence (issue 27 point 5): '{name} replied to you', '{name} mentioned
 * you', '{name} liked {title}', '{name} messaged you about {title}'; the page and the API say the same.
 */
export function notificationText(n: NotificationWords): string {
  const name = n.actorName?.trim() ? n.actorName.trim() : 'Anonymous';
  const title = n.title ?? 'an item';
  switch (n.kind) {
    case 'discussion':
      return `${name} posted in the discussion of ${title}`;
    case 'reply':
      return `${name} replied to you`;
    case 'mention':
      return `${name} mentioned you`;
    case 'like':
      return n.others > 0 ? `${name} and ${n.others} ${n.others === 1 ? 'other' : 'others'} liked ${title}` : `${name} liked ${title}`;
    case 'private_message':
      return n.title === null ? `${name} messaged you` : `${name} messaged you about ${title}`;
    case 'new_item':
      return `${name} shared ${title}`;
    case 'sale':
      return `${name} bought ${title}`;
    case 'purchase':
      return `You bought ${title}`;
    case 'removal':
      return n.removedTarget === 'message' ? `A moderator removed your message on ${title}` : `A moderator removed your item ${title}`;
  }
}
