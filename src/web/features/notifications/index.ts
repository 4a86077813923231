/** The notifications feature's public entry: the header's bell, the profile's preferences card and the removal reason field. */
export { NotificationBellSlot } from './components/lazy-notification-bell';
export { NotificationPreferencesCard } from './components/notification-preferences-card';
export { RemovalReasonField } from './components/removal-reason-field';
