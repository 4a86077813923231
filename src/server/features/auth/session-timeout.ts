/**
 * The admin setting sessionTimeout (hours) as an idle timeout, through better-auth's own session
 * window: a session's expires_at is its last renewal plus the timeout, and a session in use is
 * renewed (expires_at pushed on, updated_at set) once a 24th of the timeout has passed since the
 * last renewal. So a session unused for the timeout ends (better-auth deletes the row and clears
 * the cookie at the next request), and one in use never does. A session ends between 23/24 of
 * the timeout and the timeout after its last use; never later.
 *
 * better-auth fixes its window at start-up; auth.ts hands it this window on every request (the
 * settings are read, cached for at most 2 s, like the maintenance check) and caps each new
 * session's expiry with it. Lowering the setting also shortens the sessions already open
 * (shortenIdleSessions, in the settings' save transaction); raising it lengthens each session
 * at its next renewal, which comes at once for a session in use.
 *
 * The browser keeps the session cookie for the longest window the setting allows, whatever the
 * setting: the row alone decides when a session ends. (better-auth gives the cookie the row's
 * window; but rows are also renewed by lookups on the server whose answers set no cookie, so a
 * cookie as short as the row would run out while the session is in use.)
 */
import { and, gt, sql } from 'drizzle-orm';
import { SETTINGS_LIMITS } from '../../../shared/schemas/settings.ts';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';

const HOUR = 60 * 60;

export interface SessionWindow {
  /** Seconds from the last renewal to the end of the session. */
  expiresIn: number;
  /** Seconds after the last renewal from which a request renews the session. */
  updateAge: number;
}

/** better-auth's session window for a timeout of `timeoutHours` of idleness. */
export function sessionWindow(timeoutHours: number): SessionWindow {
  const expiresIn = Math.round(timeoutHours * HOUR);
  return { expiresIn, updateAge: Math.max(60, Math.floor(expiresIn / 24)) };
}

/** The longest window the setting allows: what better-auth is configured with at start-up. */
export const LONGEST_SESSION_WINDOW = sessionWindow(SETTINGS_LIMITS.sessionTimeout.max);

/**
 * A lower timeout applies to open sessions at once: each ends `timeoutHours` after its last
 * renewal (updated_at) if that comes sooner than its current end. Never lengthens a session.
 */
export async function shortenIdleSessions(db: Db, timeoutHours: number): Promise<void> {
  const seconds = sessionWindow(timeoutHours).expiresIn;
  const limit = sql`${sessions.updatedAt} + make_interval(secs => ${seconds})`;
  await db
    .update(sessions)
    .set({ expiresAt: sql`least(${sessions.expiresAt}, ${limit})` })
    .where(and(gt(sessions.expiresAt, sql`now()`), sql`${sessions.expiresAt} > ${limit}`));
}

const SESSION_COOKIE = /^(?:__Secure-)?[\w-]+\.session_token=/;

/** `res` with its session cookie (if it sets a lasting one) kept for LONGEST_SESSION_WINDOW. */
export function withLongLivedSessionCookie(res: Response): Response {
  const cookies = res.headers.getSetCookie();
  if (!cookies.some((c) => SESSION_COOKIE.test(c))) return res;
  const headers = new Headers(res.headers);
  headers.delete('set-cookie');
  for (const cookie of cookies) {
    const lasting = SESSION_COOKIE.test(cookie) && /;\s*Max-Age=[1-9]/i.test(cookie);
    headers.append('set-cookie', lasting ? cookie.replace(/(;\s*Max-Age=)\d+/i, `$1${LONGEST_SESSION_WINDOW.expiresIn}`) : cookie);
  }
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}
