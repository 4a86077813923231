/**
 * Financial (SPEC §2 Financial): revenue figures from SQL sums, the payments list, the coupons
 * list, and Generate Coupons (docs/product-readings.md reading: a chosen number of unassigned codes).
 */
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { revenueNaira, windows } from '../../../shared/rules/analytics.ts';
import type {
  AdminCoupon,
  AdminCouponsPage,
  AdminCouponsQuery,
  AdminPayment,
  AdminPaymentsPage,
  AdminPaymentsQuery,
  FinancialSummary,
  GeneratedCoupons,
} from '../../../shared/schemas/admin.ts';
import type { Db } from '../../db/client.ts';
import { coupons, ideas, payments, profiles, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { AppError } from '../../lib/errors.ts';
import { generateCouponCode } from '../coupons/index.ts';
import { displayName } from '../../lib/display-name.ts';
import { afterKeyset, decodeCursor, toPage } from '../../lib/keyset-cursor.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { inTransaction } from '../../db/transaction.ts';

/** Total Revenue, This Month (last 30 days), Successful and Failed, in one pass over payments. */
export async function financialSummary(db: Db, now = new Date()): Promise<FinancialSummary> {
  const { currentStart } = windows(now);
  const since = currentStart.toISOString();
  const [row] = await db
    .select({
      total: sql<string | null>`sum(${payments.amount}) filter (where ${payments.status} = 'success')`,
      month: sql<string | null>`sum(${payments.amount}) filter (where ${payments.status} = 'success' and ${payments.createdAt} >= ${since}::timestamptz)`,
      successful: sql<number>`count(*) filter (where ${payments.status} = 'success')::int`,
      failed: sql<number>`count(*) filter (where ${payments.status} = 'failed')::int`,
    })
    .from(payments);
  return {
    totalRevenue: revenueNaira(row?.total),
    thisMonth: revenueNaira(row?.month),
    successful: row?.successful ?? 0,
    failed: row?.failed ?? 0,
  };
}

/** Newest first, keyset paged; search by reference (wildcards escaped). */
export async function listPayments(db: Db, query: AdminPaymentsQuery): Promise<AdminPaymentsPage> {
  const where: SQL[] = [];
  if (query.q) where.push(ilike(payments.reference, containsPattern(query.q)));
  if (query.cursor) where.push(afterKeyset(payments.createdAt, payments.id, decodeCursor(query.cursor)));
  const rows = await db
    .select({
      id: payments.id,
      reference: payments.reference,
      userId: payments.userId,
      userName: displayName(profiles.fullName, users.name),
      userEmail: users.email,
      ideaId: ideas.id,
      ideaTitle: ideas.title,
      amount: payments.amount,
      currency: payments.currency,
      status: payments.status,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .leftJoin(profiles, eq(profiles.userId, payments.userId))
    .leftJoin(ideas, eq(ideas.id, payments.ideaId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(query.limit + 1);
  return toPage(rows, query.limit, (r): AdminPayment => ({
    id: r.id,
    reference: r.reference?.trim() ? r.reference : null,
    user: r.userId && r.userEmail ? { name: r.userName, email: r.userEmail } : null,
    idea: r.ideaId && r.ideaTitle !== null ? { id: r.ideaId, title: r.ideaTitle } : null,
    amount: revenueNaira(r.amount),
    currency: r.currency as AdminPayment['currency'],
    status: r.status as AdminPayment['status'],
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Newest first, keyset paged; search by code, or by the holder's name or email. */
export async function listCoupons(db: Db, query: AdminCouponsQuery): Promise<AdminCouponsPage> {
  const where: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    where.push(or(ilike(coupons.code, pattern), ilike(profiles.fullName, pattern), ilike(users.email, pattern))!);
  }
  if (query.cursor) where.push(afterKeyset(coupons.createdAt, coupons.id, decodeCursor(query.cursor)));
  const rows = await db
    .select({
      id: coupons.id,
      code: coupons.code,
      isUsed: coupons.isUsed,
      createdAt: coupons.createdAt,
      usedAt: coupons.usedAt,
      holderId: users.id,
      holderName: displayName(profiles.fullName, users.name),
      holderEmail: users.email,
      ideaId: ideas.id,
      ideaTitle: ideas.title,
    })
    .from(coupons)
    .leftJoin(users, eq(users.id, coupons.assignedTo))
    .leftJoin(profiles, eq(profiles.userId, coupons.assignedTo))
    .leftJoin(ideas, eq(ideas.id, coupons.ideaId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(query.limit + 1);
  return toPage(rows, query.limit, (r): AdminCoupon => ({
    id: r.id,
    code: r.code,
    assignedTo: r.holderId ? { id: r.holderId, name: r.holderName, email: r.holderEmail } : null,
    idea: r.ideaId && r.ideaTitle !== null ? { id: r.ideaId, title: r.ideaTitle } : null,
    isUsed: r.isUsed,
    createdAt: r.createdAt.toISOString(),
    usedAt: r.usedAt ? r.usedAt.toISOString() : null,
  }));
}

/** Rounds of fresh codes before giving up; with 40 random bits per code one round nearly always does. */
export const GENERATE_ROUNDS = 8;

/**
 * Creates `count` new unassigned coupons, all or none (one transaction). Codes are unique by the
 * database's unique constraint: a code already taken (by an earlier coupon, or by a generation
 * running at the same moment) is skipped by ON CONFLICT DO NOTHING and replaced by a fresh draw.
 * `by` (the admin who asked) is written to the audit log in the same transaction.
 */
export async function generateCoupons(
  db: Db,
  count: number,
  opts: { nextCode?: () => string; now?: Date; by?: string } = {},
): Promise<GeneratedCoupons> {
  const nextCode = opts.nextCode ?? generateCouponCode;
  const createdAt = opts.now ?? new Date();
  return inTransaction(db, async (tx) => {
    const codes: string[] = [];
    for (let round = 0; round < GENERATE_ROUNDS && codes.length < count; round++) {
      const wanted = count - codes.length;
      const draw = new Set<string>();
      // Bounded even if the source repeats itself.
      for (let i = 0; i < wanted * 2 && draw.size < wanted; i++) draw.add(nextCode());
      const rows = await tx
        .insert(coupons)
        .values([...draw].map((code) => ({ code, createdAt })))
        .onConflictDoNothing({ target: coupons.code })
        .returning({ code: coupons.code });
      codes.push(...rows.map((r) => r.code));
    }
    if (codes.length < count) {
      throw new AppError(503, 'unavailable', 'Could not draw enough unused coupon codes. Please try again.');
    }
    // A staff action: who made how many (never the codes, which are worth something).
    if (opts.by) {
      await recordAudit(tx, {
        actorId: opts.by,
        action: 'coupon.generate',
        target: { type: 'coupon', id: null, title: `${codes.length} new ${codes.length === 1 ? 'coupon' : 'coupons'}` },
        details: { count: codes.length },
      });
    }
    return { count: codes.length, codes };
  });
}
