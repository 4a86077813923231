/**
 * While the database does not answer, every route says so: 503 with `Retry-After` and the one
 * error body (code 'unavailable'), never a 500. Most routes get there through onError
 * (isDatabaseUnavailable); this module covers the answers that hide the cause: better-auth
 * answers its failed queries with its own 500, and the page renderers fall back to the plain app.
 */
import type { MiddlewareHandler } from 'hono';
import type { Database } from '../db/client.ts';

/** Seconds a client is asked to wait before trying again (a restarting database is back in a few). */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';

export const unavailableBody = () => ({ error: { code: 'unavailable', message: UNAVAILABLE_MESSAGE } });

/** Whether the database answers a ping within `ms`. */
export async function databaseAnswers(database: Pick<Database, 'ping'>, ms = 1000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      database.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), ms);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Headers of `from` (request id, security headers) for a 503 that replaces it, with `Retry-After`. */
function outageHeaders(from: Headers, contentType: string | null): Headers {
  const headers = new Headers(from);
  for (const name of ['content-length', 'content-encoding', 'content-type', 'etag', 'set-cookie']) headers.delete(name);
  if (contentType) headers.set('Content-Type', contentType);
  headers.set('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
  headers.set('Cache-Control', 'no-store');
  return headers;
}

/** The same page (the app's shell, which retries by itself) with status 503 and `Retry-After`. */
export function asUnavailablePage(page: Response): Response {
  return new Response(page.body, { status: 503, headers: outageHeaders(page.headers, page.headers.get('content-type')) });
}

/**
 * A 500 answered while the database does not answer becomes the outage's 503. The ping is made
 * only after a 500, so it costs nothing otherwise.
 */
export function outageInsteadOf500(database: Pick<Database, 'ping'>): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status !== 500 || (await databaseAnswers(database))) return;
    const old = c.res;
    await old.body?.cancel().catch(() => {});
    const headers = outageHeaders(old.headers, 'application/json; charset=UTF-8');
    // Unset first: Hono's setter would otherwise copy the 500's headers over the new answer.
    c.res = undefined;
    c.res = new Response(JSON.stringify(unavailableBody()), { status: 503, headers });
  };
}
