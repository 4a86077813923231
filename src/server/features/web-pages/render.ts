/**
 * Every page of the web app, rendered on the server by React (the web app's server entry,
 * src/web/entry.server.tsx, through lib/web-assets.ts): home with its tabs and searches, details,
 * About, Privacy, Terms and the not-found page drawn in full, for visitors and signed-in people
 * alike; the signed-in areas (dashboard, profile, admin…) as the document the browser renders
 * into. Each page is drawn from its reader's own answers of the API (lib/page-data.ts), so it
 * shows their header, saved and liked state and what premium lets them read, and nothing they
 * could not fetch themselves; a signed-in person's page is `private`.
 *
 * Which addresses are pages, and how each is served, is the screens' own word (src/web/app/routes,
 * read through src/shared/routes.ts). An old address (/idea/{id}, the other reading of the details
 * route) redirects to its screen's permanently. When the page cannot be drawn (who the reader is
 * cannot be known, the database is down, the build has no server renderer, rendering fails:
 * logged) the caller serves the plain app.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { PageData } from '../../lib/page-data.ts';
import type { WebAssets } from '../../lib/web-assets.ts';
import { chooseEncoding } from '../../lib/compression.ts';
import { loggableError } from '../../logger.ts';
import { redirectAt } from '../../../shared/routes.ts';

/** True for an answer that says the API cannot answer now (a database outage), not one the page can show. */
const unavailable = (answer: { status: number; body: string }) => answer.status >= 500 && !answer.body.includes('"code":"maintenance"');

/** Asked for every page but not needed to draw it: the browser asks again (About still reads during an outage). */
const OPTIONAL_ANSWERS = new Set(['/api/maintenance']);

export async function renderWebPage(
  c: Context<AppEnv>,
  web: Pick<WebAssets, 'renderPage'>,
  data: Pick<PageData, 'ask' | 'session' | 'cacheControl'>,
): Promise<Response | null> {
  const moved = redirectAt(c.req.path);
  if (moved) return c.redirect(moved, 301);
  const session = await data.session().catch(() => null);
  if (!session) return null;
  let down = false;
  const ask = async (apiPath: string) => {
    const answer = await data.ask(apiPath);
    if (unavailable(answer) && !OPTIONAL_ANSWERS.has(apiPath)) down = true;
    return answer;
  };
  const url = new URL(c.req.url);
  const page = await web
    .renderPage({ url: `${url.pathname}${url.search}`, session, publicUrl: c.var.config.PUBLIC_URL, ask })
    .catch((error: unknown) => {
      c.var.logger.warn({ err: loggableError(error).message, path: c.req.path }, 'page: rendering failed');
      return null;
    });
  if (!page || down) return null;
  c.header('Cache-Control', data.cacheControl);
  // A rendered page is kept for a few seconds (lib/web-assets.ts), and so are its compressed bytes.
  const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
  if (!encoding || c.req.method === 'HEAD') return c.html(page.html, page.status);
  c.header('Content-Type', 'text/html; charset=UTF-8');
  c.header('Content-Encoding', encoding);
  c.header('Vary', 'Accept-Encoding');
  return c.body(page.encoded(encoding), page.status);
}
