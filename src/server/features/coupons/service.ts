/**
 * Coupons (docs/product-readings.md reading): each successful share assigns its author one new unique
 * coupon, in the share's transaction. Holders list theirs (My Coupons) and, when no external
 * COUPON_REDEEM_URL is configured, redeem them on the built-in page, which marks them used.
 */
import type { Coupon, CouponListResponse } from '../../../shared/schemas/ideas.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { decodeCursor, toPage } from '../../lib/keyset-cursor.ts';
import type { Viewer } from '../../app-env.ts';
import { generateCouponCode } from './codes.ts';
import { findCouponOf, insertCouponIfCodeFree, listCouponsOf, markCouponUsed } from './queries.ts';

export const COUPON_NOT_FOUND = 'Coupon not found.';
export const COUPON_ALREADY_USED = 'This coupon has already been used.';

/** 40 random bits per code: a clash is rare; a few fresh draws make failure practically impossible. */
const CODE_ATTEMPTS = 8;

/** Assigns `userId` one new coupon (for the item `ideaId`). Pass the open transaction as `db`. */
export async function assignNewCoupon(db: Db, userId: string, ideaId: string | null, now: Date): Promise<{ id: string; code: string }> {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const row = await insertCouponIfCodeFree(db, { code: generateCouponCode(), assignedTo: userId, ideaId, createdAt: now });
    if (row) return row;
  }
  throw new Error('could not draw an unused coupon code');
}

type CouponRow = NonNullable<Awaited<ReturnType<typeof findCouponOf>>>;

function toCoupon(row: CouponRow): Coupon {
  return {
    id: row.id,
    code: row.code,
    isUsed: row.isUsed,
    createdAt: row.createdAt.toISOString(),
    usedAt: row.usedAt ? row.usedAt.toISOString() : null,
  };
}

export async function listOwnCoupons(db: Db, viewer: Viewer, page: { cursor?: string; limit: number }): Promise<CouponListResponse> {
  const rows = await listCouponsOf(db, {
    userId: viewer.userId,
    after: page.cursor ? decodeCursor(page.cursor) : undefined,
    limit: page.limit,
  });
  return toPage(rows, page.limit, toCoupon);
}

/** The built-in redeem page's action: the holder's own unused coupon becomes used. */
export async function redeemOwnCoupon(db: Db, viewer: Viewer, id: string, now = new Date()): Promise<Coupon> {
  // Someone else's coupon is answered exactly like one that does not exist.
  if (!isUuid(id)) throw notFound(COUPON_NOT_FOUND);
  const updated = await markCouponUsed(db, id, viewer.userId, now);
  if (updated) return toCoupon(updated);
  const existing = await findCouponOf(db, id, viewer.userId);
  if (!existing) throw notFound(COUPON_NOT_FOUND);
  throw new AppError(409, 'coupon_used', COUPON_ALREADY_USED);
}
