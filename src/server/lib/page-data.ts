/**
 * What a server-written page is drawn from, asked of the app's own API exactly as the person's
 * browser would ask it (issue 18): a visitor's answers come through the visitors' cache; a
 * signed-in person's carry their cookies, so the page shows their own like and saved state, what
 * premium lets them read, and their header. Nothing reaches a page that its reader could not
 * fetch themselves.
 */
import type { Context } from 'hono';
import { sessionUserOf } from '../../shared/session-user.ts';
import { carriesCredentials } from '../features/auth/auth.ts';
import { CLIENT_IP_HEADER } from '../features/auth/client-ip.ts';

export interface PageData {
  /** Whether the reader sent credentials (their page is theirs alone: `private`). */
  signedIn: boolean;
  /** The reader's answer of a GET on the API at this path: its status and body. */
  ask(apiPath: string): Promise<{ status: number; body: string }>;
  /** Who the page is for: a SessionUser as JSON, or 'null' for a visitor (asked once per page); rejects when that is not known. */
  session(): Promise<string>;
  /** The page's Cache-Control: nothing shared may keep a signed-in person's page. */
  cacheControl: string;
}

type Request = (path: string, init: RequestInit) => Response | Promise<Response>;

/**
 * `clientIp`: the reader's address, which the page's own requests carry, so per-address limits
 * (better-auth's on get-session among them) count the reader, not every page's reader as one.
 */
export function pageDataFor(c: Context, request: Request, clientIp: string | null): PageData {
  const signedIn = carriesCredentials(c.req.raw.headers);
  const headers: Record<string, string> = { 'accept-encoding': 'identity' };
  if (clientIp) headers[CLIENT_IP_HEADER] = clientIp;
  if (signedIn) {
    const cookie = c.req.header('cookie');
    const authorization = c.req.header('authorization');
    if (cookie) headers.cookie = cookie;
    if (authorization) headers.authorization = authorization;
  }
  let session: Promise<string> | null = null;
  return {
    signedIn,
    cacheControl: signedIn ? 'private, no-cache' : 'no-cache',
    async ask(apiPath) {
      const res = await request(apiPath, { headers });
      return { status: res.status, body: await res.text() };
    },
    session() {
      session ??= (async () => {
        if (!signedIn) return 'null';
        const res = await request('/api/auth/get-session', { headers });
        // A session due for renewal is renewed by this answer, as by the browser's own ask.
        for (const cookie of res.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
        // Not known (the database is down, say): the page is left to the app, not drawn for a visitor.
        if (res.status !== 200) throw new Error(`get-session answered ${res.status}`);
        return JSON.stringify(sessionUserOf(await res.json().catch(() => null)));
      })();
      return session;
    },
  };
}
