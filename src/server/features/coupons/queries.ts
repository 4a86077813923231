/** SQL for coupons. */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coupons } from '../../db/schema.ts';
import { type Keyset, olderThan } from '../../lib/keyset-cursor.ts';

/** Inserts a coupon unless its code is taken (then returns null, and the caller draws another). */
export async function insertCouponIfCodeFree(db: Db, values: { code: string; assignedTo: string; ideaId: string | null; createdAt: Date }) {
  const [row] = await db
    .insert(coupons)
    .values(values)
    .onConflictDoNothing({ target: coupons.code })
    .returning({ id: coupons.id, code: coupons.code });
  return row ?? null;
}

const couponColumns = {
  id: coupons.id,
  code: coupons.code,
  isUsed: coupons.isUsed,
  createdAt: coupons.createdAt,
  usedAt: coupons.usedAt,
};

/** A holder's coupons, newest first, keyset paged (served by coupons_assigned_to_idx). */
export async function listCouponsOf(db: Db, f: { userId: string; after?: Keyset; limit: number }) {
  const where = [eq(coupons.assignedTo, f.userId)];
  if (f.after) where.push(olderThan(coupons.createdAt, coupons.id, f.after));
  return db
    .select(couponColumns)
    .from(coupons)
    .where(and(...where))
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(f.limit + 1);
}

/** Marks the holder's unused coupon used, atomically; null when there is no such unused coupon. */
export async function markCouponUsed(db: Db, id: string, userId: string, now: Date) {
  const [row] = await db
    .update(coupons)
    .set({ isUsed: true, usedAt: now })
    .where(and(eq(coupons.id, id), eq(coupons.assignedTo, userId), eq(coupons.isUsed, false)))
    .returning(couponColumns);
  return row ?? null;
}

export async function findCouponOf(db: Db, id: string, userId: string) {
  const [row] = await db
    .select(couponColumns)
    .from(coupons)
    .where(and(eq(coupons.id, id), eq(coupons.assignedTo, userId)))
    .limit(1);
  return row ?? null;
}
