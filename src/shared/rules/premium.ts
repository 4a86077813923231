/**
 * The access rule (SPEC §4 'Premium', §9; docs/product-readings.md 'our readings'): who may read an item in
 * full, its whole description and its discussion. A person with MORE than the threshold (default
 * 20, the admin setting premiumThreshold changes it) of their own items sees every item in full.
 * The owner of an idea and admins always see it in full; visitors never do; moderators are treated
 * like any other user here. A person who bought the item (a successful payment, not refunded) reads
 * that item in full. The server asks it through src/server/lib/content-access.ts, which
 * also states it as SQL for lists beside it.
 */
import { DESCRIPTION_PREVIEW_LENGTH, PREMIUM_THRESHOLD } from '../constants.ts';

export type ViewerRole = 'admin' | 'moderator' | 'user';

export interface Viewer {
  userId: string;
  role: ViewerRole;
  /** How many items they have shared, when the session lookup counted them; else counted when needed. */
  itemCount?: number;
}

export interface FullContentInput {
  /** null for a visitor who is not signed in. */
  viewer: Viewer | null;
  /** The idea's owner; null when unknown. */
  ownerId: string | null;
  /** How many items the viewer has shared (ideas and products). */
  viewerItemCount: number;
  /** Default PREMIUM_THRESHOLD (20). */
  threshold?: number;
  /** Whether the viewer bought this item (a successful payment, not refunded). */
  purchased?: boolean;
}

/** Premium: strictly more than `threshold` own items (20 → 21 is the first premium count). */
export function isPremium(ownItemCount: number, threshold: number = PREMIUM_THRESHOLD): boolean {
  return ownItemCount > threshold;
}

/** Whether the viewer gets the full description and the discussion of an idea. */
export function canSeeFullContent(input: FullContentInput): boolean {
  const { viewer } = input;
  if (viewer === null) return false;
  if (input.ownerId !== null && viewer.userId === input.ownerId) return true;
  if (viewer.role === 'admin') return true;
  if (input.purchased === true) return true;
  return isPremium(input.viewerItemCount, input.threshold ?? PREMIUM_THRESHOLD);
}

/**
 * The first 100 characters of a description for a non-premium viewer (§9). Characters are Unicode
 * code points, so a surrogate pair (an emoji, say) is never cut in half; a multi-code-point
 * grapheme (a flag, a family emoji) may be. No ellipsis is added: the screen decides.
 */
export function previewDescription(text: string, length: number = DESCRIPTION_PREVIEW_LENGTH): string {
  // Fast path: 100 UTF-16 units can hold at most 100 code points.
  if (text.length <= length) return text;
  let units = 0;
  let points = 0;
  for (const ch of text) {
    if (points === length) break;
    units += ch.length;
    points += 1;
  }
  return text.slice(0, units);
}
