/**
 * Notifications (issue 17 point 1) and their email preferences (point 2): the kinds, what the API
 * answers, and the texts the screens and emails share.
 */
import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationKind, REMOVAL_REASON_MAX_LENGTH, UNSUBSCRIBE_KINDS } from '../rules/notifications.ts';

export {
  isNotificationKind,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_STREAM_EVENT,
  type NotificationKind,
} from '../rules/notifications.ts';

/** Per kind: shown in the app, sent by email. Email is on by default except for likes. */
export const notificationChoiceSchema = z.object({ inApp: z.boolean(), email: z.boolean() });
export type NotificationChoice = z.infer<typeof notificationChoiceSchema>;

export const NOTIFICATION_DEFAULTS: Readonly<Record<NotificationKind, NotificationChoice>> = {
  discussion: { inApp: true, email: true },
  reply: { inApp: true, email: true },
  mention: { inApp: true, email: true },
  like: { inApp: true, email: false },
  private_message: { inApp: true, email: true },
  removal: { inApp: true, email: true },
  /** Followed makers' new items: in the app; by email only when the person chooses it. */
  new_item: { inApp: true, email: false },
  sale: { inApp: true, email: true },
  purchase: { inApp: false, email: true },
};

export const notificationPreferencesSchema = z.object({
  discussion: notificationChoiceSchema,
  reply: notificationChoiceSchema,
  mention: notificationChoiceSchema,
  like: notificationChoiceSchema,
  private_message: notificationChoiceSchema,
  removal: notificationChoiceSchema,
  new_item: notificationChoiceSchema,
  sale: notificationChoiceSchema,
  purchase: notificationChoiceSchema,
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PUT /api/notifications/preferences: any kinds, any of their two switches; the rest stay. */
const choiceChangeSchema = notificationChoiceSchema.partial().strict();
export const notificationPreferencesInputSchema = z
  .object({
    discussion: choiceChangeSchema,
    reply: choiceChangeSchema,
    mention: choiceChangeSchema,
    like: choiceChangeSchema,
    private_message: choiceChangeSchema,
    removal: choiceChangeSchema,
    new_item: choiceChangeSchema,
    sale: choiceChangeSchema,
    purchase: choiceChangeSchema,
  })
  .partial()
  .strict();
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInputSchema>;

/**
 * Stored choices are flat ({ "like.email": true, "reply.inApp": false }), so a change is merged
 * key by key (one statement, no lost update) and a kind added later takes its defaults.
 */
export type StoredChoices = Record<string, boolean>;

export function choiceKey(kind: NotificationKind, channel: keyof NotificationChoice): string {
  return `${kind}.${channel}`;
}

/** Stored choices over the defaults. */
export function preferencesWithDefaults(stored: unknown): NotificationPreferences {
  const out = {} as Record<NotificationKind, NotificationChoice>;
  const source = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  for (const kind of NOTIFICATION_KINDS) {
    const inApp = source[choiceKey(kind, 'inApp')];
    const email = source[choiceKey(kind, 'email')];
    out[kind] = {
      inApp: typeof inApp === 'boolean' ? inApp : NOTIFICATION_DEFAULTS[kind].inApp,
      email: typeof email === 'boolean' ? email : NOTIFICATION_DEFAULTS[kind].email,
    };
  }
  return out;
}

/** A change of preferences as stored keys. */
export function storedChoicesOf(input: NotificationPreferencesInput): StoredChoices {
  const out: StoredChoices = {};
  for (const kind of NOTIFICATION_KINDS) {
    const given = input[kind];
    if (given?.inApp !== undefined) out[choiceKey(kind, 'inApp')] = given.inApp;
    if (given?.email !== undefined) out[choiceKey(kind, 'email')] = given.email;
  }
  return out;
}


/** The optional reason a moderator gives when removing an item or a message. */
export const removalReasonSchema = z.object({
  reason: z.string().max(REMOVAL_REASON_MAX_LENGTH, `The reason can be at most ${REMOVAL_REASON_MAX_LENGTH} characters.`).optional(),
});

/** Control characters out, spaces trimmed; empty means no reason. */
export function cleanRemovalReason(reason: string | null | undefined): string | null {
  // eslint-disable-next-line no-control-regex
  const cleaned = (reason ?? '').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trim();
  return cleaned === '' ? null : cleaned.slice(0, REMOVAL_REASON_MAX_LENGTH);
}

export const notificationSchema = z.object({
  /** Also the order of equal times; opaque otherwise. */
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** When it happened (for grouped likes: the latest like). */
  at: z.iso.datetime(),
  read: z.boolean(),
  /** Who did it: the profile name (null: no name given), id null once their account is gone. Null for none. */
  actor: z.object({ id: z.string().nullable(), name: z.string().nullable(), avatarUrl: z.string().nullable() }).nullable(),
  /** Grouped likes: how many other people besides `actor` (0 otherwise). */
  others: z.number().int().min(0),
  /** The item it is about: its title (as it was, once the item is gone) and id (null once gone). */
  item: z.object({ id: z.string().nullable(), title: z.string() }).nullable(),
  /** Where it leads in the app (an item's page, a message in it or in a conversation: `#message-{id}`); null once gone. */
  link: z.string().nullable(),
  /** What happened, in words: '{name} replied to you', '{name} liked {title}' (notificationText). */
  text: z.string(),
  /**
   * The beginning of the message it is about, only for a person who may read that discussion
   * (premium rule) and while the message exists; null otherwise.
   */
  excerpt: z.string().nullable(),
  /** Removals: what was removed and the moderator's reason (null when none was given). */
  removed: z.object({ target: z.enum(['idea', 'message']), reason: z.string().nullable() }).nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATION_PAGE_SIZE_DEFAULT = 20;
export const NOTIFICATION_PAGE_SIZE_MAX = 50;

export const notificationListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number()
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(NOTIFICATION_PAGE_SIZE_MAX, `limit must be at most ${NOTIFICATION_PAGE_SIZE_MAX}.`)
    .default(NOTIFICATION_PAGE_SIZE_DEFAULT),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** The unsubscribe link's state (GET /api/unsubscribe). */
export const unsubscribeStateSchema = z.object({
  /** A kind of notification email, or 'digest' (the weekly digest). */
  kind: z.enum(UNSUBSCRIBE_KINDS),
  /** Whether emails of this kind are on for the link's person now. */
  email: z.boolean(),
});
export type UnsubscribeState = z.infer<typeof unsubscribeStateSchema>;

/** The weekly digest (issue 28 point 2): whether it is sent, and on which day (0 Sunday … 6 Saturday, UTC). */
export const digestPreferenceSchema = z.object({
  enabled: z.boolean(),
  day: z.number().int().min(0).max(6),
});
export type DigestPreference = z.infer<typeof digestPreferenceSchema>;
/** PUT /api/notifications/digest: either or both. */
export const digestPreferenceInputSchema = digestPreferenceSchema.partial().strict();

export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid.';
