/** The notifications feature's public entry: what other features may use of it. */
export { NOTIFICATIONS_CHANNEL } from './channel.ts';
export { likeMail } from './email.ts';
export { type NotifiedEvent, notify, preferencesOf, RECENT_ACTORS } from './notify.ts';
export { listNotifications, markConversationNotificationsRead, type NotificationRow } from './queries.ts';
export { toNotification } from './service.ts';
export { unsubscribeHeaders, unsubscribeUrl } from './unsubscribe.ts';
