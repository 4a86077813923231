import { describe, expect, it } from 'vitest';
import { NOTIFICATION_DEFAULTS, preferencesWithDefaults, storedChoicesOf } from '../schemas/notifications.ts';
import { isNotificationKind, NOTIFICATION_KINDS, notificationsLabel } from './notifications.ts';

describe('the header control’s name', () => {
  it('is "Notifications" with nothing unread, and carries the count otherwise', () => {
    expect(notificationsLabel(0)).toBe('Notifications');
    expect(notificationsLabel(1)).toBe('Notifications, 1 unread');
    expect(notificationsLabel(3)).toBe('Notifications, 3 unread');
    expect(notificationsLabel(100_000)).toBe('Notifications, 100000 unread');
  });
});

describe('notification preferences', () => {
  it('default to every kind in the app and by email, except likes and followed makers’ new items by email, and receipts in the app', () => {
    const p = preferencesWithDefaults(undefined);
    for (const kind of NOTIFICATION_KINDS) expect(p[kind]).toEqual({ inApp: kind !== 'purchase', email: kind !== 'like' && kind !== 'new_item' });
    expect(p).toEqual(NOTIFICATION_DEFAULTS);
  });

  it('take stored choices key by key and ignore anything else', () => {
    const p = preferencesWithDefaults({ 'like.email': true, 'reply.inApp': false, 'reply.email': 'no', 'sms.email': true, like: { email: false } });
    expect(p.like).toEqual({ inApp: true, email: true });
    expect(p.reply).toEqual({ inApp: false, email: true });
    expect(preferencesWithDefaults(null)).toEqual(NOTIFICATION_DEFAULTS);
    expect(preferencesWithDefaults('nonsense')).toEqual(NOTIFICATION_DEFAULTS);
  });

  it('turn a change into the stored keys it sets, and only those', () => {
    expect(storedChoicesOf({ like: { email: true }, mention: { inApp: false, email: false } })).toEqual({
      'like.email': true,
      'mention.inApp': false,
      'mention.email': false,
    });
    expect(storedChoicesOf({})).toEqual({});
  });

  it('know their kinds', () => {
    expect(NOTIFICATION_KINDS.every(isNotificationKind)).toBe(true);
    expect(isNotificationKind('sms')).toBe(false);
    expect(isNotificationKind(undefined)).toBe(false);
  });
});
