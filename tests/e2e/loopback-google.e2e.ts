/**
 * Issue 15 points 2, 5 and 6 on a server of their own, whose PUBLIC_URL is http://localhost:<port>
 * and which has 'Continue with Google' (a local OpenID Connect provider): a person opens the site at
 * http://127.0.0.1:<port> and signs in there (loopback names are the same site); Continue with
 * Google shows because it is configured, and brings the person back to the item they started from.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { createLogger } from '../../src/server/logger.ts';
import { type RunningServer, startServer } from '../../src/server/server.ts';
import { signedInUser, type SignedInUser } from '../support/auth.ts';
import { createIdea, createUser } from '../support/factories.ts';
import { freePort, startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.ts';
import type { TestServer } from '../support/test-server.ts';
import { appTookOver, DESKTOP, expectAccessible, MOBILE, openAccountMenu, useBrowser } from './support/browser.ts';

const browser = useBrowser();

describe('a site on localhost, opened at 127.0.0.1, with Google sign-in', () => {
  let idp: TestOidcProvider;
  let server: RunningServer;
  let publicUrl: string;
  let loopbackUrl: string;
  let person: SignedInUser;
  let item: { id: string; title: string };

  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://localhost:${port}`;
    loopbackUrl = `http://127.0.0.1:${port}`;
    idp = await startOidcProvider({ redirectUris: [`${publicUrl}/api/auth/callback/google`] });
    idp.addAccount('zainab', { email: `zainab-${Date.now().toString(36)}@example.test`, name: 'Zainab Garba' });
    const config = loadConfig({
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      PUBLIC_CACHE_TTL_MS: '0',
      GOOGLE_CLIENT_ID: idp.clientId,
      GOOGLE_CLIENT_SECRET: idp.clientSecret,
      OIDC_ISSUER: idp.issuer,
    });
    server = await startServer({ config, logger: createLogger('silent'), webRoot: path.resolve('dist/web') });
    const t = { url: loopbackUrl, db: server.database.db, database: server.database, config: server.config, server } as unknown as TestServer;
    person = await signedInUser(t, { name: 'Lola Loopback' });
    const owner = await createUser(server.database.db, { name: 'Musa Maker' });
    const title = 'Solar egg incubator for small farms';
    const row = await createIdea(server.database.db, { userId: owner.id, title });
    item = { id: row.id, title };
  }, 120_000);
  afterAll(async () => {
    await server?.close(1000);
    await idp?.close();
  });

  it('signs in at http://127.0.0.1 although PUBLIC_URL is http://localhost (point 6), and offers Google (point 5)', async () => {
    const page = await browser.newPage(MOBILE);
    await page.goto(`${loopbackUrl}/auth`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.waitFor();
    // Configured here: Continue with Google shows, on both tabs.
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
    await expectAccessible(page);
    await form.getByLabel('Email').fill(person.email);
    await form.getByLabel(/^Password/).fill(person.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${loopbackUrl}/dashboard`);
    await page.getByText('Welcome, Lola Loopback').waitFor();
    expect(await page.getByText('This request came from another website and was refused.').count()).toBe(0);
    // Signed in at this address: a write from here goes through too.
    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel(/^Contact Info/).fill('lola@example.test');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.locator('[data-slot="toast-title"]').filter({ hasText: 'Profile Updated' }).first().waitFor();
  });

  it('comes back from Google to the item the person pressed Like on (point 2)', async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto(`${loopbackUrl}/ideas/${item.id}`);
    await appTookOver(page);
    await page.getByRole('button', { name: /^Like · / }).click();
    await page.getByRole('dialog', { name: 'Must be logged in to like ideas' }).getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('next') === `/ideas/${item.id}?then=like`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    // Google returns to PUBLIC_URL: the page moves there first, then on to the provider.
    await page.waitForURL((url) => url.origin === idp.issuer);
    await page.locator('input[name="login"]').fill('zainab');
    await page.locator('input[name="password"]').fill('any password');
    for (let i = 0; i < 3 && new URL(page.url()).origin === idp.issuer; i++) {
      await page.locator('button[type="submit"]').click();
      await page.waitForLoadState('load');
    }
    await page.waitForURL((url) => url.origin === publicUrl && url.pathname === `/ideas/${item.id}`);
    await page.getByRole('heading', { level: 1, name: item.title }).waitFor();
    // Signed in, and the Like pressed before signing in is done; the address drops the action.
    await expect.poll(() => page.getByRole('button', { name: /^(Like|Unlike) · / }).getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    await expect.poll(() => new URL(page.url()).searchParams.has('then')).toBe(false);
    await expectAccessible(page);
  });
});
