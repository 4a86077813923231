/**
 * Home's first screen from the server (issue 7, docs/decisions/0009-first-paint-from-the-server.md):
 * for a visitor, `/` (with `?category=idea|product` and `?q=`) comes with the hero, the filters and the
 * list's first page already rendered inside #root by the app's own components
 * (WebAssets.renderHome), and with that page's answer in a <meta>, so the app shows and hydrates
 * the same cards without asking again (web: seedIdeasFromPage). The browser paints the page once
 * the CSS is in, instead of after every script and the list's round trip.
 *
 * Only from the visitor's own answer of GET /api/ideas (public cards: no premium text), through
 * the whole app and its visitors' cache. A search is rendered too, so the search box works as a
 * plain GET form without JavaScript (issue 18). Signed-in people (their cards carry their own
 * saved state), maintenance (the API answers 503), an answer the API refuses and a renderer
 * failure (logged) all get the plain app as before.
 */
import type { Context } from 'hono';
import { browseCategoryOf, homeListRequest, INITIAL_IDEAS_META_NAME } from '../../../shared/constants.ts';
import type { AppEnv } from '../../app-env.ts';
import type { WebAssets } from '../../lib/web-assets.ts';
import { loggableError } from '../../logger.ts';
import type { PageData } from '../../lib/page-data.ts';
import { escapeHtml, injectRoot, pageSessionTag, withHeadTag } from '../idea-page/render.ts';

/** The HTML of home with its first screen in it, for its reader; null for anything else (the caller serves the app). */
export async function renderHomePage(
  c: Context<AppEnv>,
  web: Pick<WebAssets, 'indexHtml' | 'renderHome'>,
  data: Pick<PageData, 'answer' | 'session' | 'cacheControl'>,
): Promise<Response | null> {
  const { indexHtml } = web;
  if (c.req.path !== '/' || !indexHtml) return null;
  const params = new URL(c.req.url).searchParams;
  const q = params.get('q')?.trim() || undefined;
  // An answer the API refuses (a search too long, say) leaves the page to the app.
  const [json, session] = await Promise.all([
    data.answer(homeListRequest(browseCategoryOf(params.get('category')), q)).catch(() => null),
    data.session().catch(() => null),
  ]);
  if (!json || !session) return null;
  const kept = new URLSearchParams();
  if (params.has('category')) kept.set('category', params.get('category') ?? '');
  if (q) kept.set('q', q);
  const search = kept.size ? `?${kept.toString()}` : '';
  const markup = await web.renderHome(`/${search}`, json, session).catch((error: unknown) => {
    // The page still works without it: the app renders the list as before, only later.
    c.var.logger.warn({ err: loggableError(error).message }, 'home page: rendering the first screen failed');
    return null;
  });
  if (!markup) return null;
  c.header('Cache-Control', data.cacheControl);
  const meta = `<meta name="${INITIAL_IDEAS_META_NAME}" content="${escapeHtml(json)}" />`;
  return c.html(injectRoot(withHeadTag(indexHtml, `${meta}\n    ${pageSessionTag(session)}`), markup), 200);
}
