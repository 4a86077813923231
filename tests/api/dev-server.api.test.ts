/**
 * `npm run dev` renders every page on the server as a build does (issue 24): the server with the
 * web app from its sources through Vite (src/server/lib/web-dev.ts, scripts/dev.mjs) draws a
 * visitor's home whole from the API's answers, names the entry Vite serves from src/web, serves
 * that module and the hot updates' client from the same port, and leaves the signed-in areas to
 * the browser.
 */
import { describe, expect, it } from 'vitest';
import { createDevWeb } from '../../src/server/lib/web-dev.ts';
import { signedInUser } from '../support/auth.ts';
import { createIdea, createUser } from '../support/factories.ts';
import { cached, pageState, parsePage } from '../support/page-html.ts';
import { useTestServer } from '../support/test-server.ts';

describe('the development server', () => {
  const t = useTestServer('pglite', { devWeb: createDevWeb() });

  it('draws home on the server from the sources, with the modules it loads served from the same port', async () => {
    const owner = await createUser(t.db, { name: 'Tunde Balogun' });
    await createIdea(t.db, { userId: owner.id, title: 'Solar cold rooms for market women', category: 'idea' });
    const res = await t.fetch('/');
    expect(res.status).toBe(200);
    const doc = parsePage(await res.text());
    const root = doc.getElementById('root')!;
    expect(root.hasAttribute('data-server-rendered')).toBe(true);
    expect(doc.title).toBe('IdeaHub — Discover brilliant ideas and amazing products');
    expect([...root.querySelectorAll('main ul li h3')].map((h) => h.textContent)).toEqual(['Solar cold rooms for market women']);
    expect(cached(doc, 'session')?.data).toBeNull();
    const { assets } = pageState(doc);
    expect(assets.entry).toBe('/main.tsx');
    const entry = await t.fetch(assets.entry);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('content-type')).toContain('javascript');
    expect(await entry.text()).toContain('hydrateRoot');
    for (const href of assets.styles) expect((await t.fetch(href, { headers: { accept: 'text/css' } })).headers.get('content-type')).toContain('text/css');
    expect((await t.fetch('/@vite/client')).status).toBe(200);
    // The API answers beside it, through the same app.
    expect((await t.fetch('/api/ideas')).status).toBe(200);
  }, 120_000);

  it('leaves the signed-in areas to the browser, and answers an unknown address with the not-found page', async () => {
    const person = await signedInUser(t);
    const dashboard = parsePage(await (await t.fetch('/dashboard', { headers: { cookie: person.cookie } })).text());
    expect(dashboard.getElementById('root')!.childElementCount).toBe(0);
    expect(pageState(dashboard).rendered).toBe(false);
    const missing = await t.fetch('/no/such/page');
    expect(missing.status).toBe(404);
    expect(parsePage(await missing.text()).querySelector('#root main h1')?.textContent).toBe('404');
  }, 60_000);
});
