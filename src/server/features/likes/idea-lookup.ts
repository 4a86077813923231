/** The few facts about an item that likes, ratings and the discussion need, with one 404 for all. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ideas } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { IDEA_NOT_FOUND } from '../ideas/service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths are UUIDs; anything else is simply not found (never a database error). */
export function isIdeaId(id: string): boolean {
  return UUID.test(id);
}

export async function findIdeaOwner(db: Db, id: string): Promise<{ id: string; userId: string } | null> {
  if (!isIdeaId(id)) return null;
  const [row] = await db.select({ id: ideas.id, userId: ideas.userId }).from(ideas).where(eq(ideas.id, id)).limit(1);
  return row ?? null;
}

/** The item, or 404 'The idea you're looking for doesn't exist or has been removed.' */
export async function requireIdea(db: Db, id: string): Promise<{ id: string; userId: string }> {
  const row = await findIdeaOwner(db, id);
  if (!row) throw notFound(IDEA_NOT_FOUND);
  return row;
}

/** The SQLSTATE of a database error, looking through wrappers (drizzle puts the driver's error in `cause`). */
export function sqlState(error: unknown): string | undefined {
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** 23503: a referenced row (the item) vanished mid-request. */
export const FOREIGN_KEY_VIOLATION = '23503';
