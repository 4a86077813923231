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
 * - removal: a moderator or admin removed their item or message (with the reason).
 */
export const NOTIFICATION_KINDS = ['discussion', 'reply', 'mention', 'like', 'private_message', 'removal'] as const;
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
};

/** The live stream's event (GET /api/notifications/stream): the unread count changed, or something was added. */
export const NOTIFICATION_STREAM_EVENT = 'unread';

/** The header control's accessible name: 'Notifications', or 'Notifications, 3 unread'. */
export function notificationsLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

/** A removal's reason (told to the author): optional, at most this long. */
export const REMOVAL_REASON_MAX_LENGTH = 500;
