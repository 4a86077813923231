/**
 * Who may read an item in full: its whole description and its discussion (SPEC §4 Premium, §9;
 * docs/product-readings.md 'our readings'). The decision is canSeeFullContent (src/shared/rules/premium.ts):
 * the owner, admins, and premium people (more than the premiumThreshold setting of own items);
 * never visitors; moderators like any other person. This module gives it the facts it needs from
 * the database and states the same rule as SQL for lists and for many people at once, so every
 * reader of content (details, search, notifications, emails, mentions, live streams, export,
 * admin content) asks here. A successful purchase of the item (payments; refunded is not) is one
 * more clause, stated here once as SQL (`purchasedBy`) and used by every form of the rule.
 */
import { and, Column, eq, getTableName, is, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PREMIUM_THRESHOLD } from '../../shared/constants.ts';
import { canSeeFullContent, type Viewer } from '../../shared/rules/premium.ts';
import type { Db } from '../db/client.ts';
import { ideas, payments, users } from '../db/schema.ts';
import { type Logger, loggableError } from '../logger.ts';
import { isDatabaseUnavailable } from './errors.ts';
import { getCachedPlatformSettings } from './platform-settings.ts';

/**
 * The premium threshold in force: the admin setting from the settings cache, or the default when it
 * cannot be read (logged; SPEC §8: premium checks fail closed).
 */
export async function premiumThreshold(db: Db, logger: Logger): Promise<number> {
  try {
    return (await getCachedPlatformSettings(db)).premiumThreshold;
  } catch (error) {
    logger.warn({ err: loggableError(error).message }, 'reading the premium threshold failed; using the default');
    return PREMIUM_THRESHOLD;
  }
}

/**
 * How many items `userId` has shared (ideas and products), as one SQL value for a bigger statement;
 * with `upTo`, counted only that far (premium needs no more than threshold + 1 index entries).
 */
export function ownItemCount(userId: SQL | AnyPgColumn | Placeholder | string, upTo?: number): SQL<number> {
  // A column is named with its table: inside the subquery a bare "id" would be the item's.
  userId = qualified(userId);
  if (upTo === undefined) return sql<number>`(select count(*)::int from ${ideas} as own_items where own_items.user_id = ${userId})`;
  return sql<number>`(select count(*)::int from (select 1 from ${ideas} as own where own.user_id = ${userId} limit ${upTo}) as n)`;
}

/** SQL column reference named with its table (inside a subquery a bare "id" would be the subquery's). */
function qualified(value: SQL | AnyPgColumn | Placeholder | string): SQL | Placeholder | string {
  return is(value, Column) ? sql`${sql.identifier(getTableName(value.table))}.${sql.identifier(value.name)}` : value;
}

/** Whether `userId` bought the item `ideaId`: a successful payment (a refunded one is not), as one SQL value. */
export function purchasedBy(userId: SQL | AnyPgColumn | Placeholder | string, ideaId: SQL | AnyPgColumn | Placeholder | string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${payments} as bought where bought.user_id = ${qualified(userId)} and bought.idea_id = ${qualified(ideaId)} and bought.status = 'success')`;
}

/** The items `userId` bought (successful payments), for rows already read. */
async function purchasedItems(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ ideaId: payments.ideaId })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'success')));
  return new Set(rows.flatMap((r) => (r.ideaId ? [r.ideaId] : [])));
}

/** The viewer's item count: the one their session lookup made, or counted now. */
async function countOwnItems(db: Db, viewer: Viewer): Promise<number> {
  if (viewer.itemCount !== undefined) return viewer.itemCount;
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(ideas).where(eq(ideas.userId, viewer.userId));
  return row?.n ?? 0;
}

/** The rule for one viewer and one item whose facts are already read (`purchased`: they bought it). */
export function hasFullAccess(viewer: Viewer | null, ownerId: string, itemCount: number, threshold = PREMIUM_THRESHOLD, purchased = false): boolean {
  return canSeeFullContent({ viewer, ownerId, viewerItemCount: itemCount, threshold, purchased });
}

/**
 * Whether `viewer` may read an item owned by `ownerId` in full. A failed check counts as not
 * entitled and is logged (SPEC §8); an unreachable database is thrown on (503).
 */
export async function resolveAccess(
  db: Db,
  viewer: Viewer | null,
  item: { id: string; ownerId: string },
  logger: Logger,
  threshold = PREMIUM_THRESHOLD,
): Promise<{ fullAccess: boolean; itemCount: number | null }> {
  if (!viewer) return { fullAccess: false, itemCount: null };
  const { ownerId } = item;
  try {
    const itemCount = await countOwnItems(db, viewer);
    if (hasFullAccess(viewer, ownerId, itemCount, threshold)) return { fullAccess: true, itemCount };
    const [bought] = await db.select({ yes: purchasedBy(viewer.userId, ideas.id) }).from(ideas).where(eq(ideas.id, item.id));
    return { fullAccess: bought?.yes === true, itemCount };
  } catch (error) {
    // The database being down is not a failed check: the request answers 503 and shows nothing
    // (still closed), rather than telling a premium person to unlock what they have unlocked.
    if (isDatabaseUnavailable(error)) throw error;
    logger.warn({ err: loggableError(error).message }, 'premium check failed; treating the viewer as not premium');
    return { fullAccess: viewer.userId === ownerId, itemCount: null };
  }
}

/**
 * Which items a viewer may read in full, decided once for a list: every item (admins, premium
 * people), or only their own (`ownerId`; null for visitors: none) and those they bought (`purchased`).
 */
export type FullTextScope = { everyone: true } | { everyone: false; ownerId: string | null; purchased: ReadonlySet<string> };

const NOTHING: ReadonlySet<string> = new Set();

/** The viewer's FullTextScope. As resolveAccess: a failed check counts as not premium (logged); an unreachable database is thrown on. */
export async function fullTextScopeOf(db: Db, viewer: Viewer | null, logger: Logger): Promise<FullTextScope> {
  if (!viewer) return { everyone: false, ownerId: null, purchased: NOTHING };
  // Whether they read every item in full is the rule for an item somebody else owns.
  const everyItem = (viewerItemCount: number, threshold: number) => canSeeFullContent({ viewer, ownerId: null, viewerItemCount, threshold });
  if (everyItem(0, Number.POSITIVE_INFINITY)) return { everyone: true };
  try {
    const threshold = await premiumThreshold(db, logger);
    const itemCount = await countOwnItems(db, viewer);
    if (everyItem(itemCount, threshold)) return { everyone: true };
    // Lists ask in SQL (readableInFull); rows already read ask scopeAllows, which needs fullTextScopeForRows.
    return { everyone: false, ownerId: viewer.userId, purchased: NOTHING };
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    logger.warn({ err: loggableError(error).message }, 'premium check failed; treating the viewer as not premium');
    return { everyone: false, ownerId: viewer.userId, purchased: NOTHING };
  }
}

/** The viewer's FullTextScope with the items they bought, for scopeAllows over rows already read. */
export async function fullTextScopeForRows(db: Db, viewer: Viewer | null, logger: Logger): Promise<FullTextScope> {
  const scope = await fullTextScopeOf(db, viewer, logger);
  if (scope.everyone || scope.ownerId === null) return scope;
  return { ...scope, purchased: await purchasedItems(db, scope.ownerId) };
}

/** Whether the scope (from fullTextScopeForRows) lets its viewer read this item in full (the rule, for rows already read). */
export function scopeAllows(scope: FullTextScope, item: { id: string | null; ownerId: string | null }): boolean {
  return scope.everyone || (scope.ownerId !== null && item.ownerId === scope.ownerId) || (item.id !== null && scope.purchased.has(item.id));
}

/** The same as SQL over the ideas table: the rows the scope lets its viewer read in full. */
export function readableInFull(scope: FullTextScope): SQL {
  if (scope.everyone) return sql`true`;
  return scope.ownerId === null ? sql`false` : or(eq(ideas.userId, scope.ownerId), purchasedBy(scope.ownerId, ideas.id))!;
}

/**
 * The rule for many people at once, as a condition on the users table: who may read the item
 * `item.id` owned by `item.ownerId` now. Own items are counted only as far as premium needs.
 */
export function readersOf(item: { id: SQL | string; ownerId: SQL | string }, threshold: number): SQL {
  return sql`(${users.id} = ${item.ownerId} or ${users.role} = 'admin' or ${ownItemCount(users.id, threshold + 1)} > ${threshold} or ${purchasedBy(users.id, item.id)})`;
}
