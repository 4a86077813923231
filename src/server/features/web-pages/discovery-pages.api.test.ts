/**
 * Discovery on the server-drawn pages (issue 16): home's sort links, windows and price filter in
 * the HTML (they work without JavaScript), the feed advertised in the head, maker pages with their
 * Person JSON-LD and nothing private, and every details page's Product JSON-LD, read as a browser
 * with scripts off would (jsdom) and parsed as JSON-LD.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea, createUser } from '../../../../tests/support/factories.ts';
import { parsePage } from '../../../../tests/support/page-html.ts';
import { PRIVATE_PROFILE } from '../../../../tests/support/private-profile.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { useServerEntryBuild } from '../../../../tests/support/web-build.ts';
import { profiles } from '../../db/schema.ts';

const webRoot = useServerEntryBuild();
const PUBLIC_URL = 'https://ideahub.example';

/** Every JSON-LD block of a page, parsed. */
function jsonLd(doc: Document): Record<string, unknown>[] {
  return [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>);
}

const feedLinks = (doc: Document) =>
  [...doc.head.querySelectorAll('link[rel="alternate"][type="application/atom+xml"]')].map((l) => l.getAttribute('href'));

describe.each(databaseKinds())('discovery pages from the server on %s', (kind) => {
  const t = useTestServer(kind, { webRoot, env: { PUBLIC_URL } });

  async function page(path: string, headers: Record<string, string> = {}) {
    const res = await t.fetch(path, { headers });
    return { status: res.status, doc: parsePage(await res.text()) };
  }

  it("home draws the sorts as links, Top's window by name, the price filter as a form, and advertises its feed", async () => {
    const u = await createUser(t.db, { name: 'Sort Maker' });
    const liked = await createIdea(t.db, { userId: u.id, title: 'Most liked pump kit', createdAt: new Date(Date.now() - 3 * 86_400_000) });
    await createIdea(t.db, { userId: u.id, title: 'Newer but unliked kit' });
    await t.db.execute(sql`update ideas set like_count = 9 where id = ${liked.id}`);

    const { status, doc } = await page('/?category=idea&sort=top&window=month');
    expect(status).toBe(200);
    const sortNav = doc.querySelector('nav[aria-label="Sort"]')!;
    expect([...sortNav.querySelectorAll('a')].map((a) => [a.textContent?.trim(), a.getAttribute('href'), a.getAttribute('aria-current')])).toEqual([
      ['Newest', '/?category=idea', null],
      ['Trending', '/?category=idea&sort=trending', null],
      ['Top', '/?category=idea&sort=top', 'page'],
    ]);
    const windows = doc.querySelector('nav[aria-label="Top of"]')!;
    expect([...windows.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')])).toEqual([
      ['Today', '/?category=idea&sort=top&window=day', null],
      ['This week', '/?category=idea&sort=top', null],
      ['This month', '/?category=idea&sort=top&window=month', 'page'],
      ['All time', '/?category=idea&sort=top&window=all', null],
    ]);
    expect(doc.querySelector('main')?.textContent).toContain('Most liked · This month');
    // The tabs and the search keep the sort.
    expect([...doc.querySelectorAll('a[role="tab"]')].map((a) => a.getAttribute('href'))).toContain('/?category=product&sort=top&window=month');
    const search = doc.querySelector('form[role="search"]')!;
    expect([...search.querySelectorAll('input[type="hidden"]')].map((i) => `${i.getAttribute('name')}=${i.getAttribute('value')}`)).toEqual([
      'category=idea',
      'sort=top',
      'window=month',
    ]);
    const titles = [...doc.querySelectorAll('main ul li h3')].map((h) => h.textContent);
    expect(titles.indexOf('Most liked pump kit')).toBeLessThan(titles.indexOf('Newer but unliked kit'));
    const filter = doc.querySelector('form[aria-label="Price filter"]')!;
    expect(filter.getAttribute('method')).toBe('get');
    expect([...filter.querySelectorAll('input[name], select[name]')].map((i) => i.getAttribute('name'))).toEqual([
      'category',
      'sort',
      'window',
      'minPrice',
      'maxPrice',
      'currency',
    ]);
    expect(feedLinks(doc)).toEqual([`${PUBLIC_URL}/feed.xml?category=idea`]);
    expect(feedLinks((await page('/')).doc)).toEqual([`${PUBLIC_URL}/feed.xml`]);
  });

  it("draws a price-filtered home with only the filter's items, the form filled in and 'Clear filters' to leave it", async () => {
    const u = await createUser(t.db);
    const tag = `Pricepage${Date.now()}`;
    await createIdea(t.db, { userId: u.id, title: `${tag} dollars`, price: 40, currency: 'USD' });
    await createIdea(t.db, { userId: u.id, title: `${tag} naira`, price: 40, currency: 'NGN' });
    await createIdea(t.db, { userId: u.id, title: `${tag} dear dollars`, price: 900, currency: 'USD' });
    const { doc } = await page(`/?q=${tag}&currency=USD&minPrice=10&maxPrice=100`);
    expect([...doc.querySelectorAll('main ul li h3')].map((h) => h.textContent)).toEqual([`${tag} dollars`]);
    const form = doc.querySelector('form[aria-label="Price filter"]')!;
    expect((form.querySelector('input[name="minPrice"]') as HTMLInputElement).value).toBe('10');
    expect((form.querySelector('select[name="currency"] option[selected]') as HTMLOptionElement | null)?.value ?? (form.querySelector('select[name="currency"]') as HTMLSelectElement).value).toBe('USD');
    expect(form.closest('details')?.hasAttribute('open')).toBe(true);
    const clear = [...doc.querySelectorAll('a')].find((a) => a.textContent === 'Clear filters');
    expect(clear?.getAttribute('href')).toBe(`/?q=${tag}`);
  });

  it("draws a maker's page: their public fields, totals, items and Person data; never anything private; contact for signed-in readers", async () => {
    const maker = await createUser(t.db, { name: 'Ngozi Pagemaker', contactInfo: 'ngozi@contact.test' });
    await t.db
      .update(profiles)
      .set({ ...PRIVATE_PROFILE, bio: 'I build solar kits for farms.', industry: 'Energy', skills: ['Solar', 'Design'], country: 'Ghana' })
      .where(eq(profiles.userId, maker.id));
    const older = await createIdea(t.db, { userId: maker.id, title: 'Older solar kit', createdAt: new Date(Date.now() - 60_000) });
    await createIdea(t.db, { userId: maker.id, title: 'Newest solar kit' });
    await t.db.execute(sql`update ideas set like_count = 5 where id = ${older.id}`);

    const { status, doc } = await page(`/makers/${maker.id}`);
    expect(status).toBe(200);
    const main = doc.querySelector('main')!;
    expect(main.querySelector('h1')?.textContent).toBe('Ngozi Pagemaker');
    for (const text of ['I build solar kits for farms.', 'Energy', 'Ghana', 'Solar', 'Design', 'Joined', 'Items shared', 'Likes received']) {
      expect(main.textContent).toContain(text);
    }
    expect(main.textContent).toContain('Sign in to view creator contact info.');
    expect(main.textContent).not.toContain('ngozi@contact.test');
    expect([...main.querySelectorAll('ul li h3')].map((h) => h.textContent)).toEqual(['Newest solar kit', 'Older solar kit']);
    const html = doc.documentElement.outerHTML;
    for (const secret of [...Object.values(PRIVATE_PROFILE), maker.email]) expect(html).not.toContain(secret);
    expect(doc.title).toBe('Ngozi Pagemaker | IdeaHub');
    expect(feedLinks(doc)).toEqual([`${PUBLIC_URL}/makers/${maker.id}/feed.xml`]);
    const [person] = jsonLd(doc);
    expect(person).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Ngozi Pagemaker',
      url: `${PUBLIC_URL}/makers/${maker.id}`,
      description: 'I build solar kits for farms.',
      knowsAbout: ['Solar', 'Design'],
      homeLocation: { '@type': 'Place', name: 'Ghana' },
    });

    const reader = await signedInUser(t);
    const signedIn = await page(`/makers/${maker.id}`, reader.headers);
    expect(signedIn.doc.querySelector('main')?.textContent).toContain('ngozi@contact.test');
    expect(signedIn.doc.documentElement.outerHTML).not.toContain(PRIVATE_PROFILE.phone);
  });

  it("links creators' names to their maker page, and answers an unknown maker with the not-found page and 404", async () => {
    const maker = await createUser(t.db, { name: 'Linked Maker' });
    const idea = await createIdea(t.db, { userId: maker.id, title: 'Card with a creator link' });
    const home = (await page('/')).doc;
    const card = [...home.querySelectorAll('main ul li')].find((li) => li.textContent?.includes('Card with a creator link'))!;
    expect([...card.querySelectorAll('a')].find((a) => a.textContent === 'Linked Maker')?.getAttribute('href')).toBe(`/makers/${maker.id}`);
    const details = (await page(`/ideas/${idea.id}`)).doc;
    expect([...details.querySelectorAll('main a')].find((a) => a.textContent === 'Linked Maker')?.getAttribute('href')).toBe(`/makers/${maker.id}`);

    for (const path of ['/makers/nobody-at-all', `/makers/${'z'.repeat(120)}`]) {
      const missing = await page(path);
      expect(missing.status, path).toBe(404);
      expect(missing.doc.querySelector('main')?.textContent).toContain('Oops! Page not found');
      expect(jsonLd(missing.doc)).toEqual([]);
    }
  });

  it('gives every details page a Product in JSON-LD: name, a description within the premium rule, image, offer, and a rating once rated', async () => {
    const owner = await createUser(t.db, { name: 'Product Maker' });
    const description = `${'Shared solar cold rooms keep produce fresh at open markets for traders. '.repeat(2)}PREMIUM-ONLY tail of the story`;
    const plain = await createIdea(t.db, { userId: owner.id, title: 'Cold rooms for markets', description, price: 250000, currency: 'NGN' });
    const pictured = await createIdea(t.db, { userId: owner.id, title: 'Pictured pump', price: 19.5, currency: 'EUR', imageUrl: '/storage/idea-images/pump.jpg' });
    await t.db.execute(sql`update ideas set rating_count = 3, rating_total = 13 where id = ${pictured.id}`);

    const first = jsonLd((await page(`/ideas/${plain.id}`)).doc);
    expect(first).toHaveLength(1);
    const product = first[0]!;
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Cold rooms for markets',
      description: description.slice(0, 100),
      image: `${PUBLIC_URL}/favicon.svg`,
      offers: { '@type': 'Offer', price: '250000.00', priceCurrency: 'NGN' },
    });
    expect(product).not.toHaveProperty('aggregateRating');
    expect(JSON.stringify(product)).not.toContain('PREMIUM-ONLY');
    // A premium reader's page still describes the item as a visitor may read it.
    const premium = await signedInUser(t, { role: 'admin' });
    const asAdmin = jsonLd((await page(`/ideas/${plain.id}`, premium.headers)).doc)[0]!;
    expect(asAdmin.description).toBe(description.slice(0, 100));

    const second = jsonLd((await page(`/ideas/${pictured.id}`)).doc)[0]!;
    expect(second).toMatchObject({
      image: `${PUBLIC_URL}/storage/idea-images/pump.jpg`,
      offers: { price: '19.50', priceCurrency: 'EUR' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.3, ratingCount: 3 },
    });
  });
});
