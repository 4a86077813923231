/**
 * Link previews for /ideas/{id}: crawlers do not run scripts, so the server writes the page's
 * title, meta description, canonical link, OpenGraph and Twitter card tags into index.html
 * (SPEC §2 Idea details; issue 5). Only what a visitor may see goes in: the description is cut to
 * its first 100 characters (§4 Premium), whatever the requester's session. Everything is
 * HTML-escaped. A missing or malformed id answers the app (which shows 'Idea not found') with 404.
 * /idea/{id}, the other reading of the route, redirects here permanently.
 *
 * Speed (issue 7): the page's code is preloaded beside the entry (modulepreload of the details
 * chunk, from the build manifest, lib/web-assets.ts), and so is its largest paint, the item's
 * picture (`<link rel="preload" as="image" fetchpriority="high">`), which the app otherwise only
 * discovers after its code and the item's data have arrived.
 *
 * First paint (issue 7, docs/decisions/0009-first-paint-from-the-server.md): for visitors the
 * page's first screen comes already rendered inside #root, from the app's own components run on
 * the server (WebAssets.renderIdeaDetails), so the browser paints the item, its picture included,
 * once the CSS is in, without waiting for the scripts. Only from the visitor's own answer of
 * GET /api/ideas/{id} (premium text never reaches it); signed-in people get the empty root as before.
 */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { CURRENCIES, type Currency, DESCRIPTION_PREVIEW_LENGTH } from '../../../shared/constants.ts';
import { formatPrice } from '../../../shared/format.ts';
import { ideaMetaDescription, ideaPageTitle } from '../../../shared/rules/idea-meta.ts';
import { previewDescription } from '../../../shared/rules/premium.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Db } from '../../db/client.ts';
import { ideas } from '../../db/schema.ts';
import { IDEA_DETAILS_PAGE, type WebAssets } from '../../lib/web-assets.ts';
import { loggableError } from '../../logger.ts';
import { isIdeaId } from '../likes/idea-lookup.ts';
import { INITIAL_IDEA_META_NAME, PAGE_SESSION_META_NAME } from '../../../shared/constants.ts';
import type { PageData } from '../../lib/page-data.ts';

const IDEA_PATH = /^\/ideas\/([^/]+)\/?$/;
const LEGACY_PATH = /^\/idea\/([^/]+)\/?$/;
const SITE_NAME = 'IdeaHub';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[ch]};`);
}

interface IdeaMeta {
  id: string;
  title: string;
  description: string;
  price: number;
  currency: string;
  imageUrl: string | null;
}

async function loadIdeaMeta(db: Db, id: string): Promise<IdeaMeta | null> {
  if (!isIdeaId(id)) return null;
  const [row] = await db
    .select({
      id: ideas.id,
      title: ideas.title,
      description: ideas.description,
      price: ideas.price,
      currency: ideas.currency,
      imageUrl: ideas.imageUrl,
    })
    .from(ideas)
    .where(eq(ideas.id, id))
    .limit(1);
  return row ? { ...row, price: Number(row.price) } : null;
}

/** An absolute http(s) URL for the image, or null (relative paths resolve against PUBLIC_URL). */
export function absoluteUrl(url: string | null, publicUrl: string): string | null {
  if (!url) return null;
  try {
    const u = new URL(url, `${publicUrl}/`);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/** The tags for one item, already escaped, one per line. */
export function ideaHeadTags(idea: IdeaMeta, publicUrl: string): { title: string; tags: string } {
  const visible = previewDescription(idea.description, DESCRIPTION_PREVIEW_LENGTH);
  const truncated = visible.length < idea.description.length;
  const description = ideaMetaDescription(idea.title, visible);
  const summary = `${visible.replace(/\s+/g, ' ').trim()}${truncated ? '…' : ''}`;
  const canonical = `${publicUrl}/ideas/${idea.id}`;
  const image = absoluteUrl(idea.imageUrl, publicUrl);
  const currency = (CURRENCIES as readonly string[]).includes(idea.currency) ? (idea.currency as Currency) : null;
  const title = ideaPageTitle(idea.title);
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const lines = [
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', 'product'),
    meta('property', 'og:title', idea.title),
    meta('property', 'og:description', summary),
    meta('property', 'og:url', canonical),
    ...(image ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', idea.title)] : []),
    meta('property', 'product:price:amount', idea.price.toFixed(2)),
    ...(currency ? [meta('property', 'product:price:currency', currency)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', idea.title),
    meta('name', 'twitter:description', summary),
    ...(image ? [meta('name', 'twitter:image', image), meta('name', 'twitter:image:alt', idea.title)] : []),
    ...(currency ? [meta('name', 'twitter:label1', 'Price'), meta('name', 'twitter:data1', formatPrice(idea.price, currency))] : []),
  ];
  return { title, tags: lines.join('\n    ') };
}

/**
 * The preload for the item's picture, exactly as the page's <img> asks for it (the stored URL:
 * our own /storage path or an http(s) address); '' for none or anything else.
 */
export function imagePreloadTag(imageUrl: string | null): string {
  if (!imageUrl) return '';
  const ours = imageUrl.startsWith('/') && !imageUrl.startsWith('//');
  if (!ours && !/^https?:\/\//i.test(imageUrl)) return '';
  return `<link rel="preload" as="image" href="${escapeHtml(imageUrl)}" fetchpriority="high" />`;
}

/**
 * index.html with its title replaced and `tags` in place of any description or canonical it had;
 * `first` goes at the very top of the head, before the app's scripts and styles, so the browser
 * asks for it on one of its first connections (the page's picture: its largest paint).
 */
export function injectHead(indexHtml: string, title: string, tags: string, first = ''): string {
  const titleTag = `<title>${escapeHtml(title)}</title>`;
  let html = indexHtml
    .replace(/<meta\s+name=["']description["'][^>]*>\s*/gi, '')
    .replace(/<link\s+rel=["']canonical["'][^>]*>\s*/gi, '');
  html = /<title>[\s\S]*?<\/title>/i.test(html) ? html.replace(/<title>[\s\S]*?<\/title>/i, () => titleTag) : html;
  const block = `${/<title>/i.test(html) ? '' : `${titleTag}\n    `}${tags}\n  `;
  if (first) html = /<head>/i.test(html) ? html.replace(/<head>/i, (head) => `${head}\n    ${first}`) : `${first}${html}`;
  return /<\/head>/i.test(html) ? html.replace(/<\/head>/i, () => `  ${block}</head>`) : `${block}${html}`;
}

function decodeSegment(segment: string | undefined): string {
  try {
    return decodeURIComponent(segment ?? '');
  } catch {
    return segment ?? '';
  }
}

/**
 * The HTML for /ideas/{id} (and the redirect for /idea/{id}); null for any other path, or when
 * there is no built index.html, so the caller serves the app as usual. With `data`, the reader's
 * own answer of GET /api/ideas/{id} is written into the page and its first screen drawn from it,
 * so the page renders without waiting for it: the picture, the largest paint, appears one round
 * trip sooner.
 */
export async function renderIdeaPage(
  c: Context<AppEnv>,
  web: Pick<WebAssets, 'indexHtml' | 'preloadTags' | 'renderIdeaDetails'>,
  data?: Pick<PageData, 'answer' | 'session' | 'cacheControl'>,
): Promise<Response | null> {
  const { indexHtml } = web;
  const legacy = LEGACY_PATH.exec(c.req.path);
  if (legacy) return c.redirect(`/ideas/${encodeURIComponent(decodeSegment(legacy[1]))}`, 301);
  const match = IDEA_PATH.exec(c.req.path);
  if (!match || !indexHtml) return null;
  const id = decodeSegment(match[1]);
  let idea: IdeaMeta | null;
  try {
    idea = await loadIdeaMeta(c.var.db, id);
  } catch (error) {
    // A database hiccup must not break the page itself: serve the plain app, which retries.
    c.var.logger.warn({ err: loggableError(error).message }, 'idea page: reading the item for link previews failed');
    return null;
  }
  c.header('Cache-Control', data?.cacheControl ?? 'no-cache');
  const preloads = web.preloadTags(IDEA_DETAILS_PAGE);
  const withPreloads = (tags: string) => [tags, preloads].filter(Boolean).join('\n    ');
  if (!idea) {
    const html = injectHead(indexHtml, `Idea not found | ${SITE_NAME}`, withPreloads('<meta name="robots" content="noindex" />'));
    return c.html(html, 404);
  }
  const head = ideaHeadTags(idea, c.var.config.PUBLIC_URL);
  let initial = '';
  let firstScreen: string | null = null;
  if (data) {
    const [json, session] = await Promise.all([
      data.answer(`/api/ideas/${encodeURIComponent(idea.id)}`).catch(() => null),
      data.session().catch(() => null),
    ]);
    if (json && session) {
      initial = `<meta name="${INITIAL_IDEA_META_NAME}" content="${escapeHtml(json)}" />\n    ${pageSessionTag(session)}`;
      firstScreen = await web.renderIdeaDetails(c.req.path, json, session).catch((error: unknown) => {
        // The page still works without it: the app renders the item as before, only later.
        c.var.logger.warn({ err: loggableError(error).message }, 'idea page: rendering the first screen failed');
        return null;
      });
    }
  }
  const tags = [head.tags, initial].filter(Boolean).join('\n    ');
  const html = injectHead(indexHtml, head.title, withPreloads(tags), imagePreloadTag(idea.imageUrl));
  return c.html(firstScreen ? injectRoot(html, firstScreen) : html, 200);
}

/** index.html with `tag` at the end of its head. */
export function withHeadTag(indexHtml: string, tag: string): string {
  return /<\/head>/i.test(indexHtml) ? indexHtml.replace(/<\/head>/i, () => `  ${tag}\n  </head>`) : `${tag}${indexHtml}`;
}

/** Who a server-written page was drawn for (`session`: a SessionUser as JSON, or 'null'), for the app's first render. */
export function pageSessionTag(session: string): string {
  return `<meta name="${PAGE_SESSION_META_NAME}" content="${escapeHtml(session)}" />`;
}

const EMPTY_ROOT = /<div id="root"><\/div>/;
const APP_SCRIPTS = /<(script type="module"|link rel="modulepreload")( crossorigin)?/g;

/**
 * index.html with `markup` (already escaped HTML, rendered by React) inside its empty app root;
 * unchanged when there is no such root. main.tsx hydrates it.
 *
 * The page no longer needs the app's code to be seen, so that code is fetched at low priority:
 * on a slow connection the stylesheet and the picture, which the first paint does need, get the
 * bandwidth first, and the app takes over once its code is in.
 */
export function injectRoot(indexHtml: string, markup: string): string {
  if (!EMPTY_ROOT.test(indexHtml)) return indexHtml;
  return indexHtml
    .replace(APP_SCRIPTS, (tag) => `${tag} fetchpriority="low"`)
    .replace(EMPTY_ROOT, () => `<div id="root" data-server-rendered>${markup}</div>`);
}
