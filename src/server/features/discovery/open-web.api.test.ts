/** Feeds, sitemaps and robots.txt (issue 16), read with a real feed parser and an XML parser. */
import { randomUUID } from 'node:crypto';
import { parseFeed } from '@rowanmanning/feed-parser';
import { eq, sql } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea, createUser } from '../../../../tests/support/factories.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { PRIVATE_PROFILE } from '../../../../tests/support/private-profile.ts';
import { ideas, profiles, users } from '../../db/schema.ts';

const PUBLIC_URL = 'https://ideahub.example';
/** One urlset up to 8 URLs (the public pages, items and makers), then files of 5 items or makers. */
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

  /** The entries of the sitemap files at `paths`, each a urlset of 1 to PER_FILE URLs with lastmod. */
  async function fileEntries(paths: string[]) {
    const entries = [];
    for (const file of paths) {
      const part = sitemapOf(await get(file, 'application/xml'));
      expect(part.kind).toBe('urlset');
      expect(part.entries.length).toBeGreaterThan(0);
      expect(part.entries.length).toBeLessThanOrEqual(PER_FILE);
      expect(part.entries.every((e) => e.lastmod !== null)).toBe(true);
      entries.push(...part.entries);
    }
    return entries;
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

  /** The files an index lists, by kind (pages, items, makers), as paths, in the index's order. */
  function filesOf(index: ReturnType<typeof sitemapOf>) {
    const paths = index.entries.map((e) => new URL(e.loc).pathname);
    return { paths, items: paths.filter((p) => p.startsWith('/sitemaps/items/')), makers: paths.filter((p) => p.startsWith('/sitemaps/makers/')) };
  }

  it('/sitemap.xml lists the public pages, every item and its maker with lastmod, then becomes an index of files of at most the file size', async () => {
    // Each test file has its own database: this one starts from the items the tests above made.
    await t.db.execute(sql`delete from ideas`);
    const u = await createUser(t.db);
    const base = Date.now() - 3_600_000;
    const made = [];
    // Public pages (4) + 3 items + their maker = 8 = one file exactly.
    for (let i = 0; i < 3; i++) made.push(await createIdea(t.db, { userId: u.id, createdAt: new Date(base + i * 1000) }));
    const single = sitemapOf(await get('/sitemap.xml', 'application/xml'));
    expect(single.kind).toBe('urlset');
    expect(single.entries.map((e) => e.loc)).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/about`,
      `${PUBLIC_URL}/privacy`,
      `${PUBLIC_URL}/terms`,
      ...made.map((m) => `${PUBLIC_URL}/ideas/${m.id}`),
      `${PUBLIC_URL}/makers/${u.id}`,
    ]);
    for (const [i, m] of made.entries()) expect(single.entries[4 + i]!.lastmod).toBe(m.updatedAt.toISOString());
    expect(single.entries[7]!.lastmod).not.toBeNull();

    // 20 more (two share a creation time, so the id orders them): 23 items, past one file.
    for (let i = 3; i < 23; i++) made.push(await createIdea(t.db, { userId: u.id, createdAt: new Date(base + Math.min(i, 21) * 1000) }));
    made.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
    const index = sitemapOf(await get('/sitemap.xml', 'application/xml'));
    expect(index.kind).toBe('sitemapindex');
    const files = filesOf(index);
    expect(files.paths[0]).toBe('/sitemaps/pages.xml');
    expect(files.items).toHaveLength(Math.ceil(23 / PER_FILE));
    // Pages, then the items' files, then the makers' (one maker: one file).
    expect(files.paths).toEqual(['/sitemaps/pages.xml', ...files.items, '/sitemaps/makers/start.xml']);
    const pages = sitemapOf(await get(files.paths[0]!, 'application/xml'));
    expect(pages.entries.map((e) => e.loc)).toEqual([`${PUBLIC_URL}/`, `${PUBLIC_URL}/about`, `${PUBLIC_URL}/privacy`, `${PUBLIC_URL}/terms`]);
    const listed = (await fileEntries(files.items)).map((e) => e.loc);
    // Every item once, in creation order, across the files.
    expect(listed).toEqual(made.map((m) => `${PUBLIC_URL}/ideas/${m.id}`));
    expect(sitemapOf(await get('/sitemaps/makers/start.xml', 'application/xml')).entries.map((e) => e.loc)).toEqual([`${PUBLIC_URL}/makers/${u.id}`]);
    expect((await t.fetch('/sitemaps/items/not-a-cursor.xml')).status).toBe(404);

    // Exactly five full files: no sixth, empty one.
    for (let i = 0; i < 2; i++) await createIdea(t.db, { userId: u.id });
    const full = filesOf(sitemapOf(await get('/sitemap.xml', 'application/xml')));
    expect(full.items).toHaveLength(25 / PER_FILE);
    for (const file of full.items) expect(sitemapOf(await get(file, 'application/xml')).entries).toHaveLength(PER_FILE);
  });

  it('/sitemap.xml lists a maker once they have an item and while their page opens, with lastmod, in maker files of at most the file size', async () => {
    await t.db.execute(sql`delete from ideas`);
    const base = Date.now() - 3_600_000;
    const makerUrl = (id: string) => `${PUBLIC_URL}/makers/${id}`;
    const makerLocs = (s: ReturnType<typeof sitemapOf>) => s.entries.filter((e) => e.loc.startsWith(`${PUBLIC_URL}/makers/`));
    const setProfileUpdated = (userId: string, at: Date) => t.db.update(profiles).set({ updatedAt: at }).where(eq(profiles.userId, userId));
    const setItemUpdated = (id: string, at: Date) => t.db.update(ideas).set({ updatedAt: at }).where(eq(ideas.id, id));
    const pageStatus = async (userId: string) => (await t.fetch(`/api/makers/${encodeURIComponent(userId)}`)).status;

    // A maker whose newest item changed after their profile: lastmod is that item's updated_at.
    const shown = await createUser(t.db);
    await setProfileUpdated(shown.id, new Date(base - 86_400_000));
    const older = await createIdea(t.db, { userId: shown.id, createdAt: new Date(base) });
    await setItemUpdated(older.id, new Date(base + 2000));
    // A person with no items, and one with an item whose maker page is not found (an id getMaker refuses).
    const idle = await createUser(t.db);
    const hiddenId = `hidden.${randomUUID()}`;
    await t.db.insert(users).values({ id: hiddenId, name: 'Hidden Maker', email: `${hiddenId}@example.test` });
    await createIdea(t.db, { userId: hiddenId });
    expect(await pageStatus(hiddenId)).toBe(404);
    expect(await pageStatus(idle.id)).toBe(200);

    // Public pages (4) + 2 items + 1 maker: one urlset.
    const single = sitemapOf(await get('/sitemap.xml', 'application/xml'));
    expect(single.kind).toBe('urlset');
    expect(single.entries).toHaveLength(7);
    expect(makerLocs(single)).toEqual([{ loc: makerUrl(shown.id), lastmod: new Date(base + 2000).toISOString() }]);

    // A newer item of theirs: its updated_at, not the older item's. 4 + 3 + 1 = 8, still one file.
    const newest = await createIdea(t.db, { userId: shown.id, createdAt: new Date(base + 1000) });
    await setItemUpdated(newest.id, new Date(base + 5000));
    expect(makerLocs(sitemapOf(await get('/sitemap.xml', 'application/xml')))).toEqual([{ loc: makerUrl(shown.id), lastmod: new Date(base + 5000).toISOString() }]);

    // A second maker: 4 + 4 items would fit, but not with 2 makers: the index.
    const renamed = await createUser(t.db);
    await setItemUpdated((await createIdea(t.db, { userId: renamed.id, createdAt: new Date(base) })).id, new Date(base));
    // Their profile changed after their item: lastmod is the profile's.
    await setProfileUpdated(renamed.id, new Date(base + 60_000));
    // A banned person's maker page still opens (getMaker's rule), so it is listed; a deleted one's does not.
    const banned = await createUser(t.db);
    await createIdea(t.db, { userId: banned.id });
    await t.db.update(users).set({ banned: true }).where(eq(users.id, banned.id));
    expect(await pageStatus(banned.id)).toBe(200);
    const gone = await createUser(t.db);
    await createIdea(t.db, { userId: gone.id });
    await t.db.delete(users).where(eq(users.id, gone.id));
    expect(await pageStatus(gone.id)).toBe(404);
    // And 8 more: 11 listed makers, files of 5, 5 and 1.
    const listable = [shown.id, renamed.id, banned.id];
    for (let i = 0; i < 8; i++) {
      const m = await createUser(t.db);
      await createIdea(t.db, { userId: m.id });
      listable.push(m.id);
    }

    async function makersListed(expectedFiles: number) {
      const index = sitemapOf(await get('/sitemap.xml', 'application/xml'));
      expect(index.kind).toBe('sitemapindex');
      const files = filesOf(index);
      expect(files.makers).toHaveLength(expectedFiles);
      expect(files.makers[0]).toBe('/sitemaps/makers/start.xml');
      // After every item file.
      expect(files.paths.slice(-expectedFiles)).toEqual(files.makers);
      return fileEntries(files.makers);
    }

    const entries = await makersListed(3);
    // Every listable maker exactly once, and nobody else.
    expect(entries.map((e) => e.loc).sort()).toEqual(listable.map(makerUrl).sort());
    expect(entries.find((e) => e.loc === makerUrl(shown.id))!.lastmod).toBe(new Date(base + 5000).toISOString());
    expect(entries.find((e) => e.loc === makerUrl(renamed.id))!.lastmod).toBe(new Date(base + 60_000).toISOString());

    // Exactly two full files: no third, empty one.
    await t.db.delete(ideas).where(eq(ideas.userId, banned.id));
    const fewer = await makersListed(2);
    expect(fewer.map((e) => e.loc).sort()).toEqual(listable.filter((id) => id !== banned.id).map(makerUrl).sort());

    // A name no index writes is the items' 404 body.
    const itemsMissing = await t.fetch('/sitemaps/items/not-a-cursor.xml');
    expect(itemsMissing.status).toBe(404);
    const missingBody = await itemsMissing.json();
    for (const name of ['not-a-cursor', Buffer.from(`maker|${hiddenId}`).toString('base64url'), Buffer.from(`${new Date(base).toISOString()}|${randomUUID()}`).toString('base64url')]) {
      const res = await t.fetch(`/sitemaps/makers/${name}.xml`);
      expect(res.status, name).toBe(404);
      expect(await res.json()).toEqual(missingBody);
    }
  });
});
