/** Link previews: the server writes the head of /ideas/{id} (crawlers do not run scripts). */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INITIAL_IDEA_META_NAME } from '../../../shared/constants.ts';
import { signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea, createUser } from '../../../../tests/support/factories.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>IdeaHub — Discover brilliant ideas and amazing products</title>
    <meta name="description" content="The generic description." />
  </head>
  <body><div id="root"></div></body>
</html>`;

function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ideahub-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  return dir;
}

const PUBLIC_URL = 'https://ideas.example.test';

/** The content of every meta tag with that name or property (decoded), in order. */
function metas(html: string, key: string): string[] {
  const out: string[] = [];
  const re = /<meta\s+(?:name|property)="([^"]+)"\s+content="([^"]*)"\s*\/?>/g;
  for (const m of html.matchAll(re)) if (m[1] === key) out.push(decode(m[2]!));
  return out;
}
const decode = (s: string) =>
  s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

describe.each(databaseKinds())('the idea page head on %s', (kind) => {
  const t = useTestServer(kind, { webRoot: fakeWebBuild(), env: { PUBLIC_URL } });

  it('writes title, description, canonical, OpenGraph and Twitter tags, once each, premium-safe', async () => {
    const owner = await createUser(t.db);
    const description = `${'Shared solar cold rooms keep produce fresh at markets. '.repeat(2).slice(0, 100)}HIDDEN-AFTER-100 and the rest of a long story`;
    const idea = await createIdea(t.db, {
      userId: owner.id,
      title: 'Solar cold rooms',
      description,
      price: 250000,
      currency: 'NGN',
      imageUrl: '/storage/idea-images/abc.jpg',
    });
    const res = await t.fetch(`/ideas/${idea.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    const visible = description.slice(0, 100).replace(/\s+/g, ' ').trim();
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Solar cold rooms | Idea Details</title>');
    expect(metas(html, 'description')).toEqual([`Solar cold rooms ${visible}`]);
    expect(html).not.toContain('The generic description.');
    expect(html).not.toContain('HIDDEN-AFTER-100');
    expect(html.match(/rel="canonical"/g)).toHaveLength(1);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/ideas/${idea.id}" />`);
    expect(metas(html, 'og:title')).toEqual(['Solar cold rooms']);
    expect(metas(html, 'og:description')).toEqual([`${visible}…`]);
    expect(metas(html, 'og:type')).toEqual(['product']);
    expect(metas(html, 'og:url')).toEqual([`${PUBLIC_URL}/ideas/${idea.id}`]);
    expect(metas(html, 'og:image')).toEqual([`${PUBLIC_URL}/storage/idea-images/abc.jpg`]);
    expect(metas(html, 'product:price:amount')).toEqual(['250000.00']);
    expect(metas(html, 'product:price:currency')).toEqual(['NGN']);
    expect(metas(html, 'twitter:card')).toEqual(['summary_large_image']);
    expect(metas(html, 'twitter:title')).toEqual(['Solar cold rooms']);
    expect(metas(html, 'twitter:image')).toEqual([`${PUBLIC_URL}/storage/idea-images/abc.jpg`]);
    expect(metas(html, 'twitter:data1')).toEqual(['₦250,000']);
    expect(html).toContain('<div id="root"></div>');
  });

  it('escapes everything it writes', async () => {
    const owner = await createUser(t.db);
    const idea = await createIdea(t.db, {
      userId: owner.id,
      title: `"><script>alert('x')</script> & co`,
      description: `Break out: "/><script>alert(1)</script> and <b>bold</b> & 'quotes'`,
      imageUrl: `https://img.example.test/a.png?x="><script>`,
    });
    const html = await (await t.fetch(`/ideas/${idea.id}`)).text();
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('<title>&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co | Idea Details</title>');
    expect(metas(html, 'og:title')).toEqual([`"><script>alert('x')</script> & co`]);
    expect(metas(html, 'og:image')[0]).toMatch(/^https:\/\/img\.example\.test\/a\.png\?x=/);
  });

  it('carries what a visitor may see of the item, for the page to render at once; never a signed-in answer', async () => {
    const owner = await createUser(t.db, { name: 'Ifeoma Obi' });
    const description = `A long description that premium people read whole. ${'More words here. '.repeat(12)}"><script>x</script>`;
    const idea = await createIdea(t.db, { userId: owner.id, title: 'Embedded details item', description, imageUrl: 'https://img.example.test/p.jpg' });
    const html = await (await t.fetch(`/ideas/${idea.id}`)).text();
    // The picture (the page's largest paint) is asked for before anything else in the head.
    expect(html.indexOf('<link rel="preload" as="image" href="https://img.example.test/p.jpg"')).toBeGreaterThan(-1);
    expect(html.indexOf('rel="preload" as="image"')).toBeLessThan(html.indexOf('<meta charset'));
    const [embedded] = metas(html, INITIAL_IDEA_META_NAME);
    const api = await (await t.fetch(`/api/ideas/${idea.id}`)).json();
    expect(JSON.parse(embedded!)).toEqual(api);
    expect(api).toMatchObject({ id: idea.id, descriptionTruncated: true });
    expect(html).not.toContain('<script>x');

    // A signed-in person's page carries their own answer (their like, saved and rating state).
    const person = await signedInUser(t);
    const signedIn = await (await t.fetch(`/ideas/${idea.id}`, { headers: { cookie: person.cookie } })).text();
    const theirs = await (await t.fetch(`/api/ideas/${idea.id}`, { headers: { cookie: person.cookie } })).json();
    expect(theirs).toHaveProperty('viewer');
    expect(metas(signedIn, INITIAL_IDEA_META_NAME).map((m) => JSON.parse(m) as unknown)).toEqual([theirs]);
    expect(metas(signedIn, 'og:title')).toEqual(['Embedded details item']);
  });

  it('uses the summary card without an image, and keeps ideas in other currencies right', async () => {
    const owner = await createUser(t.db);
    const idea = await createIdea(t.db, { userId: owner.id, title: 'Bamboo bike kit', price: 89.99, currency: 'USD', description: 'Short one.' });
    const html = await (await t.fetch(`/ideas/${idea.id}/`)).text();
    expect(metas(html, 'twitter:card')).toEqual(['summary']);
    expect(metas(html, 'og:image')).toEqual([]);
    expect(metas(html, 'og:description')).toEqual(['Short one.']);
    expect(metas(html, 'product:price:amount')).toEqual(['89.99']);
    expect(metas(html, 'product:price:currency')).toEqual(['USD']);
  });

  it('answers the app with 404 for a missing or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', '123', '%E0%A4%A']) {
      const res = await t.fetch(`/ideas/${id}`);
      expect(res.status, id).toBe(404);
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<title>Idea not found | IdeaHub</title>');
      expect(metas(html, 'robots')).toEqual(['noindex']);
    }
  });

  it('redirects /idea/{id} to /ideas/{id} permanently', async () => {
    const res = await t.fetch('/idea/abc-123', { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/ideas/abc-123');
  });
});
