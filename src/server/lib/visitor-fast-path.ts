/**
 * Visitors' kept answers sent straight from Node's request event, before the framework runs.
 *
 * A visitor's GET of the public list or details (or a public page drawn from them), while the visitors' cache (public-cache.ts) holds
 * a fresh answer for it, is the busiest request there is, and the cheapest to answer: the bytes
 * are ready. Going through the framework for it (a web Request, the context, eleven middleware, a
 * web Response turned back into Node's) cost most of its time (bench/RESULTS.md, 'visitors' fast
 * path'). Here it is answered with what the framework would send: the same status, body and
 * headers (security headers, request id, ETag, 304 on a match), and the same log line.
 *
 * Anything else goes to the framework: other paths and methods, anyone with a session cookie or a
 * token, a miss or a stale answer, maintenance mode (or settings not read lately), an address the
 * framework would decode first (percent signs).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config.ts';
import { carriesCredentials } from '../features/auth/auth.ts';
import { type Logger, loggablePath } from '../logger.ts';
import { keptAnswer, type PublicCache } from './public-cache.ts';
import { securityHeaderValues } from './security-headers.ts';

export interface VisitorFastPathDeps {
  cache: PublicCache;
  /** Whether a path's visitors' answers are kept (the cache's own rule). */
  cacheable: (path: string) => boolean;
  /** True when visitors are served normally now (not in maintenance, settings known); false sends the request to the app. */
  openToVisitors: () => boolean;
  config: Config;
  logger: Logger;
  /** Called once an answer is sent, with its path and status (views of items are counted from it). */
  onAnswered?: (req: IncomingMessage, path: string, status: number) => void;
}

/** The request id hono/request-id would keep from the request, else a new one (app.ts: limitLength 64). */
function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && given.length > 0 && given.length <= 64 && !/[^\w\-=]/.test(given) ? given : randomUUID();
}

/** Returns a request handler that answers and returns true, or returns false and leaves the request alone. */
export function createVisitorFastPath(deps: VisitorFastPathDeps): (req: IncomingMessage, res: ServerResponse) => boolean {
  const security = Object.entries(securityHeaderValues(deps.config));
  return (req, res) => {
    if (req.method !== 'GET' || !req.url || carriesCredentials(req.headers)) return false;
    const started = performance.now();
    const url = new URL(req.url, 'http://visitor');
    if (url.pathname.includes('%') || !deps.cacheable(url.pathname)) return false;
    const entry = deps.cache.fresh(req.headers['accept-encoding'], `${url.pathname}${url.search}`);
    if (!entry || !deps.openToVisitors()) return false;

    const answer = keptAnswer(entry, req.headers['if-none-match']);
    const requestId = requestIdOf(req);
    for (const [name, value] of security) res.setHeader(name, value);
    res.setHeader('X-Request-Id', requestId);
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    res.writeHead(answer.status);
    res.end(answer.body ?? undefined);
    deps.logger.info({ requestId, method: 'GET', path: loggablePath(url.pathname), status: answer.status, ms: Math.round(performance.now() - started) });
    deps.onAnswered?.(req, url.pathname, answer.status);
    return true;
  };
}
