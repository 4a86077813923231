/** Keyset cursor of the admin lists: (created_at, id) of a page's last row, opaque to clients. */
import { and, eq, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from '../../lib/errors.ts';

export interface AdminKeyset {
  createdAt: Date;
  /** users.id is text (better-auth); the other tables use uuids. */
  id: string;
}

export const INVALID_CURSOR = 'The page cursor is not valid.';

export function encodeAdminCursor(k: AdminKeyset): string {
  return Buffer.from(JSON.stringify([k.createdAt.toISOString(), k.id]), 'utf8').toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function decodeAdminCursor(cursor: string, opts: { uuid?: boolean } = {}): AdminKeyset {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && typeof parsed[1] === 'string') {
    const createdAt = new Date(parsed[0]);
    const id = parsed[1];
    const idOk = opts.uuid ? UUID.test(id) : id.length > 0 && id.length <= 200;
    if (!Number.isNaN(createdAt.getTime()) && idOk) return { createdAt, id };
  }
  throw badRequest(INVALID_CURSOR, { cursor: [INVALID_CURSOR] });
}

/** Rows strictly after the keyset in (created_at desc, id desc) order. */
export function afterKeyset(createdAt: PgColumn, id: PgColumn, k: AdminKeyset): SQL {
  return or(lt(createdAt, k.createdAt), and(eq(createdAt, k.createdAt), lt(id, k.id)))!;
}

/** Cuts the extra row fetched to know whether another page exists. */
export function toPage<R extends { createdAt: Date; id: string }, T>(rows: R[], limit: number, map: (row: R) => T) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(map),
    nextCursor: rows.length > limit && last ? encodeAdminCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}

/** Escapes LIKE wildcards so a search for '50%' or 'a_b' means exactly that text. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}
