/** Likes and ratings of an item (SPEC §4 'Like'; ratings: docs/product-readings.md 'our readings' / issue 5). */
import { z } from 'zod';
import { LIKE_SIGN_IN_REQUIRED } from '../constants.ts';

export { LIKE_SIGN_IN_REQUIRED };
export const RATE_SIGN_IN_REQUIRED = 'Sign in to rate this item.';
export const RATE_OWN_ITEM = "You can't rate your own item.";
export const RATING_VALUE_MESSAGE = 'Rating must be a whole number from 1 to 5.';

/** PUT and DELETE /api/ideas/{id}/like answer. */
export const likeStateSchema = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export type LikeState = z.infer<typeof likeStateSchema>;

/** PUT /api/ideas/{id}/rating body: whole stars, 1 to 5. */
export const ratingInputSchema = z.object({
  value: z.number({ error: RATING_VALUE_MESSAGE }).int(RATING_VALUE_MESSAGE).min(1, RATING_VALUE_MESSAGE).max(5, RATING_VALUE_MESSAGE),
});

/** PUT and DELETE /api/ideas/{id}/rating answer. */
export const ratingSummarySchema = z.object({
  /** Average to one decimal; null when nobody has rated. */
  average: z.number().nullable(),
  count: z.number().int(),
  /** The viewer's own stars; null when they have not rated. */
  mine: z.number().int().nullable(),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** Average of `count` ratings summing to `total`, to one decimal (SPEC §9), or null. */
export function ratingAverage(total: number, count: number): number | null {
  return count > 0 ? Math.round((total / count) * 10) / 10 : null;
}
