/** Keyset cursor: the (created_at, id) of the last item of a page, opaque to clients. */
import { badRequest } from '../../lib/errors.ts';

export interface Keyset {
  createdAt: Date;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(k: Keyset): string {
  return Buffer.from(`${k.createdAt.toISOString()}|${k.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): Keyset {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  // A date PostgreSQL cannot hold (JavaScript reaches 271,821 BC) would fail in the database.
  const year = createdAt.getUTCFullYear();
  if (!id || !UUID.test(id) || Number.isNaN(createdAt.getTime()) || year < 1 || year > 9999) {
    throw badRequest('The page cursor is not valid.', { cursor: ['The page cursor is not valid.'] });
  }
  return { createdAt, id };
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
  return Buffer.from(`${k.sort}|${String(k.rank)}|${k.createdAt.toISOString()}|${k.id}`, 'utf8').toString('base64url');
}

export function decodeRankCursor(cursor: string, sort: 'top' | 'trending'): RankKeyset {
  const [tag, rankText, iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const rank = Number(rankText);
  const valid = tag === sort && rankText !== '' && Number.isFinite(rank) && (sort === 'trending' || (Number.isInteger(rank) && Math.abs(rank) <= 2_147_483_647));
  if (!valid) throw badRequest('The page cursor is not valid.', { cursor: ['The page cursor is not valid.'] });
  return { sort, rank, ...decodeCursor(Buffer.from(`${iso ?? ''}|${id ?? ''}`, 'utf8').toString('base64url')) };
}
