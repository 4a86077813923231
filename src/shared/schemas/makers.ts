import { z } from 'zod';

/**
 * A maker's public page (issue 16): what anyone may read about a person who shares. Never their
 * email, phone, address, banking or next-of-kin fields; their contact info only for signed-in
 * readers, as the details page's creator block (SPEC §6).
 */
export const makerSchema = z.object({
  id: z.string(),
  /** Profile full_name; the screen shows 'Anonymous' when null. */
  name: z.string().nullable(),
  /** Their profile photo's avatar; null: initials. */
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  industry: z.string().nullable(),
  skills: z.array(z.string()),
  country: z.string().nullable(),
  joinedAt: z.iso.datetime(),
  /** Profile contact_info for signed-in readers; null for visitors (and when empty). */
  contactInfo: z.string().nullable(),
  totals: z.object({ items: z.number().int(), likesReceived: z.number().int(), followers: z.number().int() }),
});
export type Maker = z.infer<typeof makerSchema>;

export const MAKER_NOT_FOUND = 'No maker here: this person does not exist or has left.';
