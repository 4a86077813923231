/**
 * About, Privacy, Terms and the not-found page from the server (issue 18): for a visitor the
 * page comes already rendered inside #root by the app's own components (WebAssets
 * renderStaticPage), so it reads without JavaScript and paints before the scripts; the app
 * hydrates it, for visitors and signed-in people alike (the header shows who they are). An
 * address that is no page of the app is the not-found page, with status 404. A renderer failure
 * (logged) gets the plain app as before.
 */
import type { Context } from 'hono';
import { isAppRoute } from '../../../shared/routes.ts';
import type { AppEnv } from '../../app-env.ts';
import type { WebAssets } from '../../lib/web-assets.ts';
import { loggableError } from '../../logger.ts';
import type { PageData } from '../../lib/page-data.ts';
import { injectRoot, pageSessionTag, withHeadTag } from '../idea-page/render.ts';

const STATIC_PAGE = /^\/(about|privacy|terms)\/?$/;
/** Every unknown address draws the same not-found page: one render serves them all. */
const NOT_FOUND_URL = '/not-found';

export async function renderStaticPage(
  c: Context<AppEnv>,
  web: Pick<WebAssets, 'indexHtml' | 'renderStaticPage'>,
  data: Pick<PageData, 'session' | 'cacheControl'>,
): Promise<Response | null> {
  const { indexHtml } = web;
  if (!indexHtml) return null;
  const known = STATIC_PAGE.exec(c.req.path);
  if (!known && isAppRoute(c.req.path)) return null;
  const session = await data.session().catch(() => null);
  if (!session) return null;
  const markup = await web.renderStaticPage(known ? `/${known[1]}` : NOT_FOUND_URL, session).catch((error: unknown) => {
    c.var.logger.warn({ err: loggableError(error).message }, 'static page: rendering the first screen failed');
    return null;
  });
  if (!markup) return null;
  c.header('Cache-Control', data.cacheControl);
  return c.html(injectRoot(withHeadTag(indexHtml, pageSessionTag(session)), markup), known ? 200 : 404);
}
