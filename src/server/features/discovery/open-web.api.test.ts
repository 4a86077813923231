/** Feeds, sitemaps and robots.txt (issue 16), read with a real feed parser and an XML parser. */
import { parseFeed } from '@rowanmanning/feed-parser';
import { eq, sql } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea, createUser } from '../../../../tests/support/factories.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { PRIVATE_PROFILE } from '../../../../tests/support/private-profile.ts';
import { profiles } from '../../db/schema.ts';

const PUBLIC_URL = 'https://ideahub.example';
/** One urlset up to 8 URLs (the public pages and 4 items), then files of 5 items. */
const INDEX_AFTER = 8;
const PER_FILE = 5;

/** The locs and lastmods of a sitemap document (urlset or sitemapindex), parsed as XML. */
function sitemapOf(xml: string) {
  const doc = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  const root = doc.documentElement;
  expect(root.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  const entries = [...root.children].map((e) => ({
    loc: e.getElementsByTagName('loc')[0]?.textContent ?? '',
    lastmod: e.getElementsByTagName('lastmod')[0]?.textContent ?? null,
  }));
  return { kind: root.localName, entries };
}

describe.each(databaseKinds())('feeds, sitemaps and robots on %s', (kind) => {
  const t = useTestServer(kind, { env: { PUBLIC_URL, SITEMAP_INDEX_AFTER: String(INDEX_AFTER), SITEMAP_URLS_PER_FILE: String(PER_FILE) } });

  async function get(path: string, type: string) {
    const res = await t.fetch(path);
    expect(res.status, path).toBe(200);
    expect(res.headers.get('content-type')).toContain(type);
    return res.text();
  }

  it('/feed.xml: the newest 50 items as Atom, each with title, link, author, times, price and a 100-character summary', async () => {
    const maker = await createUser(t.db, { name: 'Kofi Feedmaker' });
    await t.db.update(profiles).set(PRIVATE_PROFILE).where(eq(profiles.userId, maker.id));
    const hidden = 'SECRETTAILWORD';
    const description = `${'Solar pumps for small farms, sold with training and spare parts for the dry season. '.repeat(2)}${hidden}`;
    const base = Date.now() - 3_600_000;
    const made = [];
    for (let i = 0; i < 53; i++) {
      made.push(
        await createIdea(t.db, {
          userId: maker.id,
          title: `Feed item ${i} & co`,
          description,
          price: 1234.5,
          currency: 'USD',
          category: i % 2 ? 'product' : 'idea',
          createdAt: new Date(base + i * 1000),
        }),
      );
    }
    const xml = await get('/feed.xml', 'application/atom+xml');
    expect(xml).not.toContain(hidden);
    expect(xml).not.toContain(maker.email);
    for (const secret of Object.values(PRIVATE_PROFILE)) expect(xml).not.toContain(secret);
    const feed = parseFeed(xml);
    expect(feed.meta.type).toBe('atom');
    expect(feed.self).toBe(`${PUBLIC_URL}/feed.xml`);
    expect(feed.items).toHaveLength(50);
    const newest = made.at(-1)!;
    const entry = feed.items[0]!;
    expect(entry.title).toBe('Feed item 52 & co');
    expect(entry.url).toBe(`${PUBLIC_URL}/ideas/${newest.id}`);
    expect(entry.authors.map((a) => a.name)).toEqual(['Kofi Feedmaker']);
    expect(entry.published?.toISOString()).toBe(newest.createdAt.toISOString());
    expect(entry.updated?.toISOString()).toBe(newest.updatedAt.toISOString());
    // The parser trims the text; the summary is the description's first 100 characters.
    expect(entry.description).toBe(description.slice(0, 100).trim());
    expect(xml).toContain(`<![CDATA[${description.slice(0, 100)}]]>`);
    expect(entry.content).toContain('$1,234.50 (USD, Dollar)');
    expect(entry.content).not.toContain(hidden);
    // Newest first: the 50 newest, in order.
    expect(feed.items.map((i) => i.url)).toEqual(made.slice(-50).reverse().map((m) => `${PUBLIC_URL}/ideas/${m.id}`));

    const products = parseFeed(await get('/feed.xml?category=product', 'application/atom+xml'));
    expect(products.items.length).toBeGreaterThan(0);
    const productIds = new Set(made.filter((m) => m.category === 'product').map((m) => `${PUBLIC_URL}/ideas/${m.id}`));
    expect(products.items.every((i) => productIds.has(i.url ?? ''))).toBe(true);
    expect((await t.fetch('/feed.xml?category=gadgets')).status).toBe(400);
  });

  it("/makers/{id}/feed.xml: one maker's newest, and 404 for an unknown maker", async () => {
    const maker = await createUser(t.db, { name: 'Amara Onefeed' });
    const mine = await createIdea(t.db, { userId: maker.id, title: 'Only mine in this feed' });
    await createIdea(t.db, { userId: (await createUser(t.db)).id, title: 'Someone else entirely' });
    const feed = parseFeed(await get(`/makers/${maker.id}/feed.xml`, 'application/atom+xml'));
    expect(feed.title).toBe('Amara Onefeed on IdeaHub');
    expect(feed.items.map((i) => i.url)).toEqual([`${PUBLIC_URL}/ideas/${mine.id}`]);
    const missing = await t.fetch('/makers/nobody-here/feed.xml');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  it('/robots.txt names the sitemap and disallows the signed-in areas and the API', async () => {
    const text = await get('/robots.txt', 'text/plain');
    const lines = text.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length));
    expect(disallowed.sort()).toEqual(['/admin', '/api', '/create-idea', '/dashboard', '/messages', '/notifications', '/profile']);
  });

  it('/sitemap.xml lists the public pages and every item with lastmod, then becomes an index of files of at most the file size', async () => {
    // Each test file has its own database: this one starts from the items the tests above made.
    await t.db.execute(sql`delete from ideas`);
    const u = await createUser(t.db);
    const base = Date.now() - 3_600_000;
    const made = [];
    // Public pages (4) + 4 items = 8 = one file exactly.
    for (let i = 0; i < 4; i++) made.push(await createIdea(t.db, { userId: u.id, createdAt: new Date(base + i * 1000) }));
    const single = sitemapOf(await get('/sitemap.xml', 'application/xml'));
    expect(single.kind).toBe('urlset');
    expect(single.entries.map((e) => e.loc)).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/about`,
      `${PUBLIC_URL}/privacy`,
      `${PUBLIC_URL}/terms`,
      ...made.map((m) => `${PUBLIC_URL}/ideas/${m.id}`),
    ]);
    for (const [i, m] of made.entries()) expect(single.entries[4 + i]!.lastmod).toBe(m.updatedAt.toISOString());

    // 19 more (two share a creation time, so the id orders them): 23 items, past one file.
    for (let i = 4; i < 23; i++) made.push(await createIdea(t.db, { userId: u.id, createdAt: new Date(base + Math.min(i, 21) * 1000) }));
    made.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
    const index = sitemapOf(await get('/sitemap.xml', 'application/xml'));
    expect(index.kind).toBe('sitemapindex');
    expect(index.entries[0]!.loc).toBe(`${PUBLIC_URL}/sitemaps/pages.xml`);
    expect(index.entries).toHaveLength(1 + Math.ceil(23 / PER_FILE));
    const pages = sitemapOf(await get(new URL(index.entries[0]!.loc).pathname, 'application/xml'));
    expect(pages.entries.map((e) => e.loc)).toEqual([`${PUBLIC_URL}/`, `${PUBLIC_URL}/about`, `${PUBLIC_URL}/privacy`, `${PUBLIC_URL}/terms`]);
    const listed: string[] = [];
    for (const file of index.entries.slice(1)) {
      const part = sitemapOf(await get(new URL(file.loc).pathname, 'application/xml'));
      expect(part.kind).toBe('urlset');
      expect(part.entries.length).toBeGreaterThan(0);
      expect(part.entries.length).toBeLessThanOrEqual(PER_FILE);
      expect(part.entries.every((e) => e.lastmod !== null)).toBe(true);
      listed.push(...part.entries.map((e) => e.loc));
    }
    // Every item once, in creation order, across the files.
    expect(listed).toEqual(made.map((m) => `${PUBLIC_URL}/ideas/${m.id}`));
    expect((await t.fetch('/sitemaps/items/not-a-cursor.xml')).status).toBe(404);

    // Exactly five full files: no sixth, empty one.
    for (let i = 0; i < 2; i++) await createIdea(t.db, { userId: u.id });
    const full = sitemapOf(await get('/sitemap.xml', 'application/xml'));
    expect(full.entries).toHaveLength(1 + 25 / PER_FILE);
    for (const file of full.entries.slice(1)) expect(sitemapOf(await get(new URL(file.loc).pathname, 'application/xml')).entries).toHaveLength(PER_FILE);
  });
});
