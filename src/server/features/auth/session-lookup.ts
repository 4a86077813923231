/**
 * Who is asking, in one prepared query for the common case, or none when this instance knows the
 * session already (session-cache.ts). better-auth's getSession costs two queries plus its endpoint
 * machinery on every signed-in request. Here: the session cookie is read and its signature checked
 * with hono/cookie (getSignedCookie: `value.base64(HMAC-SHA256)`, the format better-auth signs its
 * cookies in), then one join of sessions and users by token, which also counts the person's items
 * (the premium rule, lib/content-access.ts).
 *
 * Only the plain case is answered here: a live session that needs no renewal, of a user who is
 * not banned, from a signed cookie without 'don't remember me'. Everything else (bearer tokens,
 * expired sessions, sessions due for renewal, banned users) goes to better-auth's getSession, so
 * its rules (deleting expired rows, renewing, refusing) stay the only rules.
 */
import { eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie, getSignedCookie } from 'hono/cookie';
import type { Db } from '../../db/client.ts';
import { ideas, sessions, users } from '../../db/schema.ts';
import type { SessionCache } from './session-cache.ts';
import type { SessionWindow } from './session-timeout.ts';

export interface SessionLookupOptions {
  secret: string;
  /** The session cookie's name as better-auth sets it (with its __Secure- prefix on https). */
  cookieName: string;
  /** better-auth's 'don't remember me' cookie: present, the slow path decides. */
  dontRememberCookieName: string;
  /** This instance's kept sessions (null: every request is looked up). */
  cache?: SessionCache<FastPerson> | null;
}

/** The plain case's person: who they are to the API (id, role, items shared) and to the app (name, email). */
export interface FastPerson {
  userId: string;
  role: string;
  name: string;
  email: string;
  emailVerified: boolean;
  /** Their avatar's address (the profile photo's thumbnail), or null. */
  image: string | null;
  /** How many items they have shared (the premium rule). */
  itemCount: number;
}

export type FastSession = FastPerson | 'ask-better-auth' | null;

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
      image: users.image,
      itemCount: sql<number>`(select count(*)::int from ${ideas} as own_items where own_items.user_id = ${sessions.userId})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .limit(1)
    .prepare('session_by_token');
  const cache = opts.cache ?? null;

  /** Live, not due for renewal: the plain case (`window`: the idle timeout now, as better-auth is given it). */
  const plain = (expiresAt: number, window: SessionWindow, now: number) => {
    const msLeft = expiresAt - now;
    return msLeft > 0 && msLeft > (window.expiresIn - window.updateAge) * 1000;
  };

  return async function lookup(c: Context, window: SessionWindow): Promise<FastSession> {
    if (c.req.header('authorization')) return 'ask-better-auth';
    if (getCookie(c, opts.dontRememberCookieName)) return 'ask-better-auth';
    const value = getCookie(c, opts.cookieName);
    if (!value) return null;
    const kept = cache?.get(value);
    if (kept && plain(kept.expiresAt, window, Date.now())) return kept.person;
    const token = await getSignedCookie(c, opts.secret, opts.cookieName);
    if (!token) return null;
    const ticket = cache?.ticket() ?? 0;
    const [row] = await byToken.execute({ token });
    if (!row) return null;
    const expiresAt = new Date(row.expiresAt).getTime();
    // Expired (better-auth deletes it), due for renewal (better-auth extends it) or banned.
    if (!plain(expiresAt, window, Date.now()) || row.banned) return 'ask-better-auth';
    const person = { userId: row.userId, role: row.role ?? 'user', name: row.name, email: row.email, emailVerified: row.emailVerified, image: row.image, itemCount: row.itemCount };
    cache?.set(value, { userId: row.userId, person, expiresAt }, ticket);
    return person;
  };
}
