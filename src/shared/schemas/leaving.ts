/**
 * Leaving with one's data (issue 14 point 17): the export file a person downloads from their
 * profile, and the confirmation that deletes their account.
 */
import { z } from 'zod';
import { REPORT_REASONS, REPORT_TARGET_TYPES } from '../rules/report.ts';
import { notificationPreferencesSchema, notificationSchema } from './notifications.ts';
import { profileSchema } from './profile.ts';

/** What the person types to confirm; the dialog's button stays disabled until it matches exactly. */
export const DELETE_CONFIRMATION = 'DELETE';
export const DELETE_CONFIRMATION_MESSAGE = `Type ${DELETE_CONFIRMATION} to confirm.`;
export const LAST_ADMIN_DELETE_MESSAGE = 'You are the last admin: make someone else an admin first.';
export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted';

export const accountDeleteInputSchema = z.object({
  confirm: z.literal(DELETE_CONFIRMATION, { error: DELETE_CONFIRMATION_MESSAGE }),
});
export type AccountDeleteInput = z.infer<typeof accountDeleteInputSchema>;

export const accountDeletedSchema = z.object({ deleted: z.literal(true) });

/** The download's file name, e.g. ideahub-data-2026-11-25.json (UTC date). */
export function exportFileName(now: Date): string {
  return `ideahub-data-${now.toISOString().slice(0, 10)}.json`;
}

const when = z.iso.datetime();
const itemRef = { itemId: z.string(), itemTitle: z.string().nullable() };

export const dataExportSchema = z.object({
  format: z.literal('ideahub-data-export/1'),
  exportedAt: when,
  account: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    role: z.string(),
    image: z.string().nullable(),
    createdAt: when,
    /** Whether sign-in asks for an authenticator code (never the secret or the backup codes). */
    twoFactorEnabled: z.boolean(),
  }),
  /** How the person signs in (password, Google); never a password hash or a provider token. */
  signInMethods: z.array(z.object({ provider: z.string(), createdAt: when })),
  profile: profileSchema.nullable(),
  /** What the person chose to be told of, in the app and by email (defaults filled in). */
  notificationPreferences: notificationPreferencesSchema,
  /**
   * The footer newsletter's subscription of the account's address, if any ('pending' until its
   * confirmation link is opened). A list, as the account and the profile each carry an address.
   */
  newsletterSubscriptions: z.array(
    z.object({ email: z.string(), status: z.enum(['pending', 'confirmed']), subscribedAt: when, confirmedAt: when.nullable() }),
  ),
  items: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      description: z.string(),
      projectDetails: z.string().nullable(),
      category: z.string(),
      price: z.number(),
      currency: z.string(),
      imageUrl: z.string().nullable(),
      rating: z.number().nullable(),
      likeCount: z.number().int(),
      messageCount: z.number().int(),
      ratingCount: z.number().int(),
      createdAt: when,
      updatedAt: when,
    }),
  ),
  // `repliesTo`: the id of the message this one answers (its text is someone else's, not exported); `editedAt`: last edit.
  messages: z.array(
    z.object({ id: z.number().int(), ...itemRef, content: z.string(), repliesTo: z.number().int().nullable(), createdAt: when, editedAt: when.nullable() }),
  ),
  /** One's private conversations (issue 17 point 6): the item, the other person by name, who began it. */
  conversations: z.array(
    z.object({
      id: z.string(),
      itemId: z.string().nullable(),
      itemTitle: z.string(),
      withName: z.string().nullable(),
      startedByMe: z.boolean(),
      createdAt: when,
    }),
  ),
  /** Every message of those conversations, both sides, oldest first (`fromMe` says whose). */
  privateMessages: z.array(z.object({ id: z.number().int(), conversationId: z.string(), fromMe: z.boolean(), content: z.string(), createdAt: when })),
  likes: z.array(z.object({ ...itemRef, createdAt: when })),
  ratings: z.array(z.object({ ...itemRef, value: z.number().int(), createdAt: when, updatedAt: when })),
  saved: z.array(z.object({ ...itemRef, savedAt: when })),
  contactRequests: z.array(z.object({ ...itemRef, createdAt: when })),
  coupons: z.array(z.object({ code: z.string(), used: z.boolean(), itemId: z.string().nullable(), createdAt: when, usedAt: when.nullable() })),
  payments: z.array(
    z.object({ reference: z.string().nullable(), amount: z.number().int(), currency: z.string(), status: z.string(), itemId: z.string().nullable(), createdAt: when }),
  ),
  /** Devices signed in: never the session tokens. */
  sessions: z.array(
    z.object({ userAgent: z.string().nullable(), ipAddress: z.string().nullable(), createdAt: when, lastActiveAt: when, expiresAt: when }),
  ),
  /**
   * One's notifications as the Notifications page lists them, newest first, with `excerpt` always
   * null: the message a notification is about is someone else's text (their own is in `messages`).
   */
  notifications: z.array(notificationSchema),
  /** The reports one filed, newest first: what was reported, why, and whether a moderator has decided. */
  reports: z.array(
    z.object({
      targetType: z.enum(REPORT_TARGET_TYPES),
      targetId: z.string(),
      /** The item reported, or the item of the message reported; null for a private message. */
      itemId: z.string().nullable(),
      itemTitle: z.string().nullable(),
      reason: z.enum(REPORT_REASONS),
      note: z.string().nullable(),
      status: z.enum(['open', 'dismissed']),
      createdAt: when,
      decidedAt: when.nullable(),
    }),
  ),
});
export type DataExport = z.infer<typeof dataExportSchema>;
