/**
 * The open web's addresses (issue 16): Atom feeds, sitemaps and robots.txt. Plain GET routes (not
 * API operations), the same for everyone: they carry only what a visitor may read, and visitors'
 * answers are kept for a moment like the public list's (app.ts, publicCache).
 */
import type { Context, Hono } from 'hono';
import { categoryFilterSchema } from '../../../shared/schemas/ideas.ts';
import { creatorDisplayName } from '../../../shared/format.ts';
import type { AppEnv } from '../../app-env.ts';
import { getMaker } from '../makers/index.ts';
import { getTopic } from '../topics/index.ts';
import { atomFeed } from './feeds.ts';
import { sitemapItems, sitemapMakers, sitemapPages, sitemapRoot } from './sitemap.ts';

/** Disallowed to crawlers: the signed-in areas and the API (issue 16). */
export const ROBOTS_DISALLOWED = ['/admin', '/dashboard', '/profile', '/create-idea', '/messages', '/notifications', '/api'] as const;

const ATOM = 'application/atom+xml; charset=utf-8';
const XML = 'application/xml; charset=utf-8';

function xml(c: Context<AppEnv>, body: string, type = XML) {
  return c.body(body, 200, { 'Content-Type': type, 'Cache-Control': 'no-cache' });
}

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', ...ROBOTS_DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}

export function registerDiscoveryRoutes(app: Hono<AppEnv>) {
  const options = (c: Context<AppEnv>) => ({
    publicUrl: c.var.config.PUBLIC_URL,
    indexAfter: c.var.config.SITEMAP_INDEX_AFTER,
    urlsPerFile: c.var.config.SITEMAP_URLS_PER_FILE,
  });

  app.get('/robots.txt', (c) => c.body(robotsTxt(c.var.config.PUBLIC_URL), 200, { 'Content-Type': 'text/plain; charset=utf-8' }));

  app.get('/feed.xml', async (c) => {
    const publicUrl = c.var.config.PUBLIC_URL;
    const parsed = categoryFilterSchema.safeParse(c.req.query('category') ?? 'all');
    const category = parsed.success && parsed.data !== 'all' ? parsed.data : undefined;
    if (!parsed.success) return c.json({ error: { code: 'bad_request', message: 'category must be idea or product.', fields: { category: ['category must be idea or product.'] } } }, 400);
    const title = category === 'idea' ? 'IdeaHub: Brilliant Ideas' : category === 'product' ? 'IdeaHub: Amazing Products' : 'IdeaHub: All Ideas & Products';
    const self = `${publicUrl}/feed.xml${category ? `?category=${category}` : ''}`;
    const page = `${publicUrl}/${category ? `?category=${category}` : ''}`;
    return xml(c, await atomFeed(c.var.reader, publicUrl, { self, page, title, subtitle: 'Discover brilliant ideas and amazing products', category }), ATOM);
  });

  app.get('/makers/:userId/feed.xml', async (c) => {
    const publicUrl = c.var.config.PUBLIC_URL;
    // An unknown maker is the one error body with 404 (getMaker throws it).
    const maker = await getMaker(c.var.reader, c.req.param('userId'), null);
    const page = `${publicUrl}/makers/${encodeURIComponent(maker.id)}`;
    const name = creatorDisplayName(maker.name);
    return xml(c, await atomFeed(c.var.reader, publicUrl, { self: `${page}/feed.xml`, page, title: `${name} on IdeaHub`, subtitle: `Ideas and products shared by ${name}`, userId: maker.id }), ATOM);
  });

  app.get('/topics/:slug/feed.xml', async (c) => {
    const publicUrl = c.var.config.PUBLIC_URL;
    // An unknown topic is the one error body with 404 (getTopic throws it).
    const topic = await getTopic(c.var.reader, c.req.param('slug'));
    const page = `${publicUrl}/topics/${encodeURIComponent(topic.slug)}`;
    return xml(c, await atomFeed(c.var.reader, publicUrl, { self: `${page}/feed.xml`, page, title: `${topic.name} on IdeaHub`, subtitle: topic.description || `Ideas and products about ${topic.name}`, topicId: topic.id }), ATOM);
  });

  app.get('/sitemap.xml', async (c) => xml(c, await sitemapRoot(c.var.reader, options(c))));
  app.get('/sitemaps/pages.xml', async (c) => xml(c, await sitemapPages(c.var.reader, options(c))));
  // A file name no sitemap writes is the one error body with 404.
  const file = (c: Context<AppEnv>, body: string | null) => (body === null ? c.json({ error: { code: 'not_found', message: 'No such sitemap file.' } }, 404) : xml(c, body));
  const fileName = (c: Context<AppEnv>) => (c.req.param('file') ?? '').replace(/\.xml$/, '');
  app.get('/sitemaps/items/:file{.+\\.xml}', async (c) => file(c, await sitemapItems(c.var.reader, options(c), fileName(c))));
  app.get('/sitemaps/makers/:file{.+\\.xml}', async (c) => file(c, await sitemapMakers(c.var.reader, options(c), fileName(c))));
}
