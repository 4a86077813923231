/**
 * About, Privacy, Terms and the not-found page from the server (issue 18): a visitor's HTML
 * carries the page itself, rendered by the app's own components (src/web/first-screen.tsx, built
 * here as the build does), read as a browser would with scripts off (jsdom), for visitors and
 * signed-in people alike. A failing renderer gets the plain app as before.
 */
import { rmSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { afterAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../../tests/support/auth.ts';
import { fakeWebBuild, useFirstScreenBuild } from '../../../../tests/support/first-screen-build.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';

const root = (html: string) => new JSDOM(html).window.document.getElementById('root')!;

const webRoot = useFirstScreenBuild();

describe('the static pages for a visitor', () => {
  const t = useTestServer('pglite', { webRoot });

  it.each([
    ['/about', 'About IdeaHub'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
  ])('%s comes painted by the server, header, page and footer', async (path, words) => {
    const res = await t.fetch(path);
    expect(res.status).toBe(200);
    const page = root(await res.text());
    expect(page.hasAttribute('data-server-rendered')).toBe(true);
    expect(page.querySelector('main h1')?.textContent).toBeTruthy();
    expect(page.querySelector('main')?.textContent).toContain(words);
    expect(page.querySelector('header a[href="/auth"]')?.textContent).toBe('Sign In');
    expect(page.querySelector('footer')).not.toBeNull();
    expect(page.querySelectorAll('script').length).toBe(0);
  });

  it('answers an unknown address with the not-found page and 404', async () => {
    for (const path of ['/no/such/page', '/ideas-of-mine', '/about/more']) {
      const res = await t.fetch(path);
      expect(res.status).toBe(404);
      const page = root(await res.text());
      expect(page.hasAttribute('data-server-rendered')).toBe(true);
      expect(page.querySelector('main h1')?.textContent).toBe('404');
      expect(page.textContent).toContain('Oops! Page not found');
    }
  });

  it("paints a signed-in person's page with their header", async () => {
    const person = await signedInUser(t);
    const res = await t.fetch('/about', { headers: { cookie: person.cookie } });
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const page = root(await res.text());
    expect(page.hasAttribute('data-server-rendered')).toBe(true);
    expect(page.querySelector('header a[href="/dashboard"]')).not.toBeNull();
    expect(page.querySelector('header a[href="/auth"]')).toBeNull();
  });
});

describe('a static page that cannot be rendered', () => {
  const broken = fakeWebBuild("export async function renderStaticPage() { throw new Error('boom'); }");
  const t = useTestServer('pglite', { webRoot: broken });
  afterAll(() => rmSync(broken, { recursive: true, force: true }));

  it('serves the plain app, with the right status', async () => {
    const about = await t.fetch('/about');
    expect(about.status).toBe(200);
    expect(await about.text()).toContain('<div id="root"></div>');
    expect((await t.fetch('/no/such/page')).status).toBe(404);
  });
});
