/** Premium: more than `threshold` own items. Owners and admins always see their / all content in full. */
import { eq, sql } from 'drizzle-orm';
import { PREMIUM_THRESHOLD } from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { ideas } from '../../db/schema.ts';
import { isDatabaseUnavailable } from '../../lib/errors.ts';
import { type Logger, loggableError } from '../../logger.ts';
import type { Viewer } from './service.ts';

export async function countOwnItems(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(ideas).where(eq(ideas.userId, userId));
  return row?.n ?? 0;
}

export function isPremium(itemCount: number, threshold = PREMIUM_THRESHOLD): boolean {
  return itemCount > threshold;
}

/** Whether a viewer who has shared `itemCount` items may see an item of `ownerId` in full. */
export function hasFullAccess(viewer: Viewer, ownerId: string, itemCount: number, threshold = PREMIUM_THRESHOLD): boolean {
  return viewer.role === 'admin' || viewer.userId === ownerId || isPremium(itemCount, threshold);
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
