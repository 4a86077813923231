/**
 * Who is asking, in one prepared query for the common case. better-auth's getSession costs two
 * queries plus WebCrypto key imports and its endpoint machinery on every signed-in request (about
 * a third of the CPU of a signed-in list request; bench/RESULTS.md). Here: the session cookie's
 * signature is checked with node:crypto exactly as better-auth signs it (HMAC-SHA256 of the
 * token, base64), then one join of sessions and users by token.
 *
 * Only the plain case is answered here: a live session that needs no renewal, of a user who is
 * not banned, from a signed cookie without 'don't remember me'. Everything else (bearer tokens,
 * expired sessions, sessions due for renewal, banned users) goes to better-auth's getSession, so
 * its rules (deleting expired rows, renewing, refusing) stay the only rules.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import type { SessionWindow } from './session-timeout.ts';

export interface SessionLookupOptions {
  secret: string;
  /** The session cookie's name as better-auth sets it (with its __Secure- prefix on https). */
  cookieName: string;
  /** better-auth's 'don't remember me' cookie: present, the slow path decides. */
  dontRememberCookieName: string;
}

/** The plain case's person: who they are to the API (id, role) and to the app (name, email). */
export interface FastPerson {
  userId: string;
  role: string;
  name: string;
  email: string;
  emailVerified: boolean;
}

export type FastSession = FastPerson | 'ask-better-auth' | null;

/** Reads one cookie from a Cookie header (first occurrence, URL-decoded), or null. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eqAt = part.indexOf('=');
    if (eqAt < 0) continue;
    if (part.slice(0, eqAt).trim() !== name) continue;
    const raw = part.slice(eqAt + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  return null;
}

/** The token of a signed cookie value `token.signature`, or null when the signature is wrong. */
export function verifySignedValue(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

export function createSessionLookup(db: Db, opts: SessionLookupOptions) {
  const byToken = db
    .select({
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      role: users.role,
      banned: users.banned,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .limit(1)
    .prepare('session_by_token');

  /** `window`: the session window now (the idle timeout setting), as better-auth is given it. */
  return async function lookup(headers: Headers, window: SessionWindow): Promise<FastSession> {
    if (headers.get('authorization')) return 'ask-better-auth';
    const cookies = headers.get('cookie');
    if (readCookie(cookies, opts.dontRememberCookieName)) return 'ask-better-auth';
    const value = readCookie(cookies, opts.cookieName);
    if (!value) return null;
    const token = verifySignedValue(value, opts.secret);
    if (!token) return null;
    const [row] = await byToken.execute({ token });
    if (!row) return null;
    const msLeft = new Date(row.expiresAt).getTime() - Date.now();
    // Expired (better-auth deletes it), due for renewal (better-auth extends it) or banned.
    if (msLeft <= 0 || msLeft <= (window.expiresIn - window.updateAge) * 1000 || row.banned) return 'ask-better-auth';
    return { userId: row.userId, role: row.role ?? 'user', name: row.name, email: row.email, emailVerified: row.emailVerified };
  };
}
