/** Premium: more than `threshold` own items. Owners and admins always see their / all content in full. */
import { eq, sql } from 'drizzle-orm';
import { PREMIUM_THRESHOLD } from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { ideas } from '../../db/schema.ts';
import { isDatabaseUnavailable } from '../../lib/errors.ts';
import { type Logger, loggableError } from '../../logger.ts';
import { premiumThreshold } from '../discussion/threshold.ts';
import type { Viewer } from './service.ts';

export async function countOwnItems(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(ideas).where(eq(ideas.userId, userId));
  return row?.n ?? 0;
}

export function isPremium(itemCount: number, threshold = PREMIUM_THRESHOLD): boolean {
  return itemCount > threshold;
}

/** Whether a viewer who has shared `itemCount` items sees every item in full (admins, premium people). */
export function seesEveryItemInFull(viewer: Viewer, itemCount: number, threshold = PREMIUM_THRESHOLD): boolean {
  return viewer.role === 'admin' || isPremium(itemCount, threshold);
}

/** Whether a viewer who has shared `itemCount` items may see an item of `ownerId` in full. */
export function hasFullAccess(viewer: Viewer, ownerId: string, itemCount: number, threshold = PREMIUM_THRESHOLD): boolean {
  return seesEveryItemInFull(viewer, itemCount, threshold) || viewer.userId === ownerId;
}

/**
 * Whose descriptions a viewer may read in full: hasFullAccess decided once for every item.
 * `ownerId` null: nobody's (visitors).
 */
export type FullTextScope = { everyone: true } | { everyone: false; ownerId: string | null };

/**
 * The viewer's FullTextScope (searches match only what it allows). As resolveAccess: a failed
 * premium check counts as not premium and is logged; an unreachable database is thrown on (503).
 */
export async function fullTextScopeOf(db: Db, viewer: Viewer | null, logger: Logger): Promise<FullTextScope> {
  if (!viewer) return { everyone: false, ownerId: null };
  if (viewer.role === 'admin') return { everyone: true };
  try {
    const threshold = await premiumThreshold(db, logger);
    const itemCount = await countOwnItems(db, viewer.userId);
    return seesEveryItemInFull(viewer, itemCount, threshold) ? { everyone: true } : { everyone: false, ownerId: viewer.userId };
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    logger.warn({ err: loggableError(error).message }, 'premium check failed; treating the viewer as not premium');
    return { everyone: false, ownerId: viewer.userId };
  }
}

/**
 * Whether `viewer` may see the full description and discussion of an item owned by `ownerId`.
 * A failed check counts as not entitled and is logged (SPEC §8); an unreachable database is
 * thrown on (503).
 */
export async function resolveAccess(
  db: Db,
  viewer: Viewer | null,
  ownerId: string,
  logger: Logger,
  threshold = PREMIUM_THRESHOLD,
): Promise<{ fullAccess: boolean; itemCount: number | null }> {
  if (!viewer) return { fullAccess: false, itemCount: null };
  try {
    const itemCount = await countOwnItems(db, viewer.userId);
    return { fullAccess: hasFullAccess(viewer, ownerId, itemCount, threshold), itemCount };
  } catch (error) {
    // The database being down is not a failed check: the request answers 503 and shows nothing
    // (still closed), rather than telling a premium person to unlock what they have unlocked.
    if (isDatabaseUnavailable(error)) throw error;
    logger.warn({ err: loggableError(error).message }, 'premium check failed; treating the viewer as not premium');
    return { fullAccess: viewer.userId === ownerId, itemCount: null };
  }
}
