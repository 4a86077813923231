/** The session a live stream was opened with, so lib/access-watch.ts can end the stream when it ends. */
import { and, inArray, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { COOKIE_PREFIX } from './auth.ts';

const SESSION_COOKIES = [`${COOKIE_PREFIX}.session_token`, `__Secure-${COOKIE_PREFIX}.session_token`];

/**
 * The session token a request presents (bearer token or session cookie, each `token.signature`),
 * kept only if it is a live session of `userId`: the viewer was resolved from it already.
 */
export async function sessionTokenOf(db: Db, c: Context, userId: string): Promise<string | null> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  const values = [bearer, ...SESSION_COOKIES.map((name) => getCookie(c, name))];
  const tokens = values.flatMap((v) => (v ? [v.includes('.') ? v.slice(0, v.lastIndexOf('.')) : v] : []));
  if (tokens.length === 0) return null;
  const [row] = await db
    .select({ token: sessions.token })
    .from(sessions)
    .where(and(inArray(sessions.token, tokens), sql`${sessions.userId} = ${userId}`))
    .limit(1);
  return row?.token ?? null;
}
