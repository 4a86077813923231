/**
 * Keyset paging of every list (docs/product-readings.md: lists are keyset-paged, newest first): a page's
 * cursor is the (time, id) of its last row, opaque to clients, and the next page starts strictly
 * after it. One codec for all lists; each list says what its ids look like.
 */
import { and, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from './errors.ts';
import { isUuid } from './ids.ts';

export interface Keyset {
  createdAt: Date;
  /** users.id is text (better-auth); most tables use uuids; notifications a serial number. */
  id: string;
}

export const INVALID_CURSOR = 'The page cursor is not valid.';

/** What a list's ids look like: anything else in a cursor is refused. */
export type IdKind = 'uuid' | 'text' | 'serial';

const ID_CHECKS: Record<IdKind, (id: string) => boolean> = {
  uuid: isUuid,
  text: (id) => id.length > 0 && id.length <= 200,
  serial: (id) => /^[1-9][0-9]{0,15}$/.test(id) && Number.isSafeInteger(Number(id)),
};

export const invalidCursor = () => badRequest(INVALID_CURSOR, { cursor: [INVALID_CURSOR] });

/** The cursor after `k`; `tags` (a sort's name, its rank) come first, so another list's cursor is refused. */
export function encodeCursor(k: Keyset, ...tags: string[]): string {
  return Buffer.from([...tags, k.createdAt.toISOString(), k.id].join('|'), 'utf8').toString('base64url');
}

/** Reads a cursor of `encodeCursor` with `tagCount` tags; 400 'The page cursor is not valid.' for anything else. */
export function decodeCursor(cursor: string, ids: IdKind = 'uuid', tagCount = 0): Keyset & { tags: string[] } {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const tags = parts.slice(0, tagCount);
  const [iso, ...rest] = parts.slice(tagCount);
  // A text id may hold '|' itself: everything after the time is the id.
  const id = rest.join('|');
  const createdAt = new Date(iso ?? '');
  // A date PostgreSQL cannot hold (JavaScript reaches 271,821 BC) would fail in the database.
  const year = createdAt.getUTCFullYear();
  if (tags.length !== tagCount || rest.length === 0 || !ID_CHECKS[ids](id) || Number.isNaN(createdAt.getTime()) || year < 1 || year > 9999) {
    throw invalidCursor();
  }
  return { createdAt, id, tags };
}

/**
 * Keysets of the ranked sorts (issue 16): the rank value of the last item (its likes for 'Top',
 * its trending score for 'Trending'), then its creation time and id (ties go to the newest).
 * Tagged with the sort, so a cursor from one sort is refused by another.
 */
export interface RankKeyset extends Keyset {
  sort: 'top' | 'trending';
  rank: number;
}

export function encodeRankCursor(k: RankKeyset): string {
  // String(n) is the shortest text that reads back as the same double: the score round-trips exactly.
  return encodeCursor(k, k.sort, String(k.rank));
}

export function decodeRankCursor(cursor: string, sort: 'top' | 'trending'): RankKeyset {
  const { createdAt, id, tags } = decodeCursor(cursor, 'uuid', 2);
  const [tag, rankText] = tags;
  const rank = Number(rankText);
  const valid = tag === sort && rankText !== '' && Number.isFinite(rank) && (sort === 'trending' || (Number.isInteger(rank) && Math.abs(rank) <= 2_147_483_647));
  if (!valid) throw invalidCursor();
  return { sort, rank, createdAt, id };
}

/**
 * Rows strictly after (older than) the last row of the previous page, for uuid-keyed tables.
 * Written as a row comparison so the (created_at desc, id desc) index serves it as a range: the
 * equivalent `a < x or (a = x and b < y)` makes PostgreSQL walk the index from the top and filter
 * every row before the cursor.
 */
export function olderThan(createdAt: AnyPgColumn, id: AnyPgColumn, after: Keyset): SQL {
  return sql`(${createdAt}, ${id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`;
}

/** Rows strictly after the keyset in (created_at desc, id desc) order, for any id type (the admin lists). */
export function afterKeyset(createdAt: AnyPgColumn, id: AnyPgColumn, k: Keyset): SQL {
  return or(lt(createdAt, k.createdAt), and(eq(createdAt, k.createdAt), lt(id, k.id)))!;
}

/**
 * Cuts the extra row fetched to know whether another page exists, and gives the next page's
 * cursor: the last row's (created_at, id), or what `keyOf` says when the list is ordered by another time.
 */
export function toPage<R extends Keyset, T>(rows: R[], limit: number, map: (row: R) => T): { items: T[]; nextCursor: string | null };
export function toPage<R, T>(rows: R[], limit: number, map: (row: R) => T, keyOf: (row: R) => Keyset): { items: T[]; nextCursor: string | null };
export function toPage<R, T>(rows: R[], limit: number, map: (row: R) => T, keyOf?: (row: R) => Keyset) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const key = keyOf ?? ((row: R) => row as unknown as Keyset);
  return {
    items: page.map(map),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: key(last).createdAt, id: key(last).id }) : null,
  };
}
