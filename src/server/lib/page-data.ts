/**
 * What a server-written page is drawn from, asked of the app's own API exactly as the person's
 * browser would ask it (issue 18): a visitor's answers come through the visitors' cache; a
 * signed-in person's carry their cookies, so the page shows their own like and saved state, what
 * premium lets them read, and their header. Nothing reaches a page that its reader could not
 * fetch themselves.
 *
 * Who the reader is, is looked up once per page (accounts' pagePerson) and handed to each of the
 * page's own API requests (`PageRequestEnv`), which only the server itself can make, so the API
 * does not look the session up again for every answer.
 */
import type { Context } from 'hono';
import type { AppEnv, PageRequestEnv } from '../app-env.ts';
import { carriesCredentials } from '../features/auth/auth.ts';
import { CLIENT_IP_HEADER } from '../features/auth/client-ip.ts';
import type { Person } from '../features/auth/index.ts';

export interface PageData {
  /** Whether the reader sent credentials (their page is theirs alone: `private`). */
  signedIn: boolean;
  /** The reader's answer of a GET on the API at this path: its status and body. */
  ask(apiPath: string): Promise<{ status: number; body: string }>;
  /** Who the page is for: a SessionUser as JSON, or 'null' for a visitor (looked up once per page); rejects when that is not known. */
  session(): Promise<string>;
  /** The page's Cache-Control: nothing shared may keep a signed-in person's page. */
  cacheControl: string;
}

type Request = (path: string, init: RequestInit, env: PageRequestEnv) => Response | Promise<Response>;

/**
 * `clientIp`: the reader's address, which the page's own requests carry, so per-address limits
 * count the reader, not every page's reader as one. `person`: who the reader is (null: a visitor,
 * or credentials that name nobody); rejects when that cannot be known (the database is down).
 */
export function pageDataFor(
  c: Context<AppEnv>,
  request: Request,
  clientIp: string | null,
  person: (c: Context<AppEnv>) => Promise<Person | null>,
): PageData {
  const signedIn = carriesCredentials(c.req.raw.headers);
  const headers: Record<string, string> = { 'accept-encoding': 'identity' };
  if (clientIp) headers[CLIENT_IP_HEADER] = clientIp;
  // The reader's browser, for what tells people from bots (views of items: lib/view-counter.ts).
  const userAgent = c.req.header('user-agent');
  if (userAgent) headers['user-agent'] = userAgent;
  if (signedIn) {
    const cookie = c.req.header('cookie');
    const authorization = c.req.header('authorization');
    if (cookie) headers.cookie = cookie;
    if (authorization) headers.authorization = authorization;
  }
  let reader: Promise<Person | null> | null = null;
  const readerOnce = () => (reader ??= signedIn ? person(c) : Promise.resolve(null));
  return {
    signedIn,
    cacheControl: signedIn ? 'private, no-cache' : 'no-cache',
    async ask(apiPath) {
      const res = await request(apiPath, { headers }, { pageViewer: (await readerOnce())?.viewer ?? null });
      return { status: res.status, body: await res.text() };
    },
    async session() {
      return JSON.stringify((await readerOnce())?.user ?? null);
    },
  };
}
