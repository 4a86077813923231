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
