/**
 * A short-lived cache of what visitors see (no session cookie, no bearer token) on the public
 * list and details endpoints: the finished, compressed answer is kept for `ttlMs` and served to
 * every visitor asking the same thing, with an ETag that turns a browser's revalidation into 304.
 *
 * Freshness: a successful write through this instance that changes what an item says (share,
 * edit, delete, moderation, profile, settings…) empties it at once, so one instance never shows a
 * visitor something older than its own last such write; writes that `keptThrough` names (counts:
 * likes, ratings, messages; personal: bookmarks, sign-ins) leave it, and show within `ttlMs` like
 * another instance's writes (1 s by default). Otherwise a steady stream of likes would keep it empty. Signed-in
 * people never touch it: their answers carry their own likes and bookmarks.
 * Concurrent misses for one key wait for a single computation (no stampede on the database); once
 * an answer has been kept, the requests that come while it is refreshed get the expired one.
 * Bounded: at most `maxEntries` answers, oldest dropped first.
 * A fresh answer can also be sent before the framework runs (lib/visitor-fast-path.ts): `fresh`
 * finds it and `keptAnswer` gives the status, headers and body both paths send.
 */
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { chooseEncoding, replaceResponse } from './compression.ts';

export interface PublicCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  /** Whether a GET path may be cached for visitors. */
  cacheable: (path: string) => boolean;
  /** Whether the request comes from a visitor (no credentials at all). */
  isVisitor: (c: Context) => boolean;
  /** Writes that leave the kept answers as they are (their effect shows within `ttlMs`); by default none. */
  keptThrough?: (method: string, path: string) => boolean;
  /** The time answers expire by, in epoch milliseconds (tests move it); by default the real one. */
  now?: () => number;
}

export interface Entry {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  expires: number;
  /** The answer's headers, full and not-modified, made on first use (keptAnswer). */
  full?: [string, string][];
  notModified?: [string, string][];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** How many `ttlMs` past its expiry an answer may still be served while it is being refreshed. */
const STALE_WHILE_REFRESHING = 5;

export interface PublicCache {
  middleware: MiddlewareHandler;
  /** Forgets every kept answer (after a write). */
  clear(): void;
  /** The kept answer for a GET of `pathAndSearch` (as `new URL` writes them) while it is fresh; else null. */
  fresh(acceptEncoding: string | undefined, pathAndSearch: string, now?: number): Entry | null;
  readonly size: number;
}

/** Answers differ by encoding: one key per encoding and address. */
function keyOf(acceptEncoding: string | undefined, pathAndSearch: string): string {
  return `${chooseEncoding(acceptEncoding) ?? 'identity'} ${pathAndSearch}`;
}

export function createPublicCache(opts: PublicCacheOptions): PublicCache {
  const maxEntries = opts.maxEntries ?? 1000;
  const clock = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry | null>>();
  let generation = 0;

  const clear = () => {
    generation++;
    entries.clear();
  };

  // An expired answer is served while its refresh runs, for this long past its expiry at most
  // (a refresh stuck on a slow database makes visitors wait for it after that). A write empties
  // the cache, expired answers included: nothing older than a write is served this way.
  const servableWhileRefreshing = (entry: Entry, now: number) => now - entry.expires < STALE_WHILE_REFRESHING * opts.ttlMs;

  const store = (key: string, entry: Entry) => {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  };

  const middleware: MiddlewareHandler = async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      await next();
      if (c.res.status < 400 && !opts.keptThrough?.(c.req.method, c.req.path)) clear();
      return;
    }
    if (opts.ttlMs <= 0 || c.req.method !== 'GET' || !opts.cacheable(c.req.path) || !opts.isVisitor(c)) return next();

    const url = new URL(c.req.url);
    const key = keyOf(c.req.header('Accept-Encoding'), `${url.pathname}${url.search}`);
    const now = clock();
    let entry = entries.get(key);
    if (!entry || entry.expires <= now) {
      let computing = pending.get(key);
      // While one request refreshes an expired answer, the others get the expired one at once
      // instead of all waiting for the refresh (no latency spike every `ttlMs`).
      if (computing && entry && servableWhileRefreshing(entry, now)) {
        replaceResponse(c, respond(c, entry));
        return;
      }
      if (!computing) {
        const startedIn = generation;
        computing = (async () => {
          await next();
          const res = c.res;
          if (res.status !== 200) return null;
          const body = new Uint8Array(await res.arrayBuffer());
          const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
          const headers = [...res.headers].filter(([name]) => name !== 'set-cookie' && name !== 'x-request-id');
          const made: Entry = { status: 200, headers, body, etag, expires: clock() + opts.ttlMs };
          // A write that landed while this was computed may not be in it: serve it once, keep it not.
          if (startedIn === generation) store(key, made);
          return made;
        })().finally(() => pending.delete(key));
        pending.set(key, computing);
        entry = (await computing) ?? undefined;
        if (!entry) return; // c.res is this request's own (non-200) answer
      } else {
        entry = (await computing) ?? undefined;
        if (!entry) return next(); // the other request failed: answer this one by itself
      }
    }
    replaceResponse(c, respond(c, entry));
  };

  return {
    middleware,
    clear,
    fresh(acceptEncoding, pathAndSearch, now = clock()) {
      const key = keyOf(acceptEncoding, pathAndSearch);
      const entry = entries.get(key);
      if (!entry) return null;
      return entry.expires > now || (pending.has(key) && servableWhileRefreshing(entry, now)) ? entry : null;
    },
    get size() {
      return entries.size;
    },
  };
}

function respond(c: Context, entry: Entry): Response {
  const answer = keptAnswer(entry, c.req.header('If-None-Match'));
  // What earlier middleware prepared for this request (its request id…), then the kept answer's.
  const headers = new Headers(c.res.headers);
  if (answer.body === null) {
    headers.delete('Content-Length');
    headers.delete('Content-Type');
    headers.delete('Content-Encoding');
  }
  for (const [name, value] of answer.headers) headers.set(name, value);
  return new Response(answer.body, { status: answer.status, headers });
}

/**
 * What a kept answer sends to a request with this If-None-Match: 304 without a body when the
 * browser has it already, else the answer itself. The headers are made once per entry.
 */
export function keptAnswer(
  entry: Entry,
  ifNoneMatch: string | undefined,
): { status: number; headers: readonly [string, string][]; body: Uint8Array<ArrayBuffer> | null } {
  const common: [string, string][] = [
    ['ETag', entry.etag],
    // Browsers keep the answer but ask again each time (a 304 when nothing changed).
    ['Cache-Control', 'no-cache'],
    ['Vary', 'Accept-Encoding, Cookie, Authorization'],
  ];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === entry.etag)) {
    entry.notModified ??= [
      ...entry.headers.filter(([name]) => !/^(?:content-length|content-type|content-encoding|etag|cache-control|vary)$/i.test(name)),
      ...common,
    ];
    return { status: 304, headers: entry.notModified, body: null };
  }
  entry.full ??= [
    ...entry.headers.filter(([name]) => !/^(?:content-length|etag|cache-control|vary)$/i.test(name)),
    ...common,
    ['Content-Length', String(entry.body.byteLength)],
  ];
  return { status: entry.status, headers: entry.full, body: entry.body };
}
