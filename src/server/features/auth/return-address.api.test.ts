/**
 * Issue 15 points 2 and 6 on the server: the addresses sign-in sends people back to (after Google,
 * from a confirmation mail) are pages of this site carrying a safe return address, and a site whose
 * PUBLIC_URL is http://localhost:<port> takes a sign-in made at http://127.0.0.1:<port> (loopback
 * names are the same site) while every other origin is still refused.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import {
  cookieFrom,
  outboxMailbox,
  randomClientIp,
  sessionUser,
  signedInUser,
  signUp,
  siteHeaders,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../../../tests/support/auth.ts';
import { CookieJar } from '../../../../tests/support/cookie-jar.ts';
import { completeOidcLogin, freePort, startOidcProvider, type TestOidcProvider } from '../../../../tests/support/oidc-provider.ts';
import { startTestServer, type TestServer } from '../../../../tests/support/test-server.ts';

type Started = Awaited<ReturnType<typeof startTestServer>>;
const EVIL = 'https://evil.example';
const asServer = (s: Started): TestServer => ({ url: s.url, db: s.db, database: s.database, config: s.config, server: s.server, fetch: s.fetch });

describe.each(databaseKinds())('return addresses and loopback origins on %s', (kind) => {
  let idp: TestOidcProvider;
  let started: Started;
  let t: TestServer;
  /** The site's public address (localhost) and the address the tests use (127.0.0.1), same port. */
  let publicUrl: string;
  let loopbackUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://localhost:${port}`;
    loopbackUrl = `http://127.0.0.1:${port}`;
    idp = await startOidcProvider({ redirectUris: [`${publicUrl}/api/auth/callback/google`] });
    started = await startTestServer(kind, {
      env: { PORT: String(port), PUBLIC_URL: publicUrl, GOOGLE_CLIENT_ID: idp.clientId, GOOGLE_CLIENT_SECRET: idp.clientSecret, OIDC_ISSUER: idp.issuer },
    });
    t = asServer(started);
    expect(t.url).toBe(loopbackUrl);
    expect(t.server.config.PUBLIC_URL).toBe(publicUrl);
  });
  afterAll(async () => {
    await started?.stop();
    await idp?.close();
  });

  /** A browser's sign-in from the page at `origin`. */
  const signInFrom = (origin: string, body: { email: string; password: string }) =>
    t.fetch('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', 'x-forwarded-for': randomClientIp() },
      body: JSON.stringify(body),
    });

  describe('loopback names are the same site (point 6)', () => {
    it('signs in at 127.0.0.1 while PUBLIC_URL is localhost, and the session works there', async () => {
      const person = await signedInUser(t, { name: 'Loopback Lola' });
      const res = await signInFrom(loopbackUrl, { email: person.email, password: person.password });
      expect(res.status, await res.clone().text()).toBe(200);
      const cookie = cookieFrom(res);
      expect(cookie).toContain('ideahub.session_token=');
      expect(await sessionUser(t, cookie)).toMatchObject({ id: person.id });
      // A write from that page (the profile form) goes through too.
      const saved = await t.fetch('/api/profile', {
        method: 'PATCH',
        headers: { origin: loopbackUrl, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ contactInfo: 'lola@example.test' }),
      });
      expect(saved.status, await saved.clone().text()).toBe(200);
      // And so does a sign-out from [::1] with the same port.
      const out = await t.fetch('/api/auth/sign-out', { method: 'POST', headers: { origin: `http://[::1]:${new URL(publicUrl).port}`, cookie, 'content-type': 'application/json' }, body: '{}' });
      expect(out.status, await out.clone().text()).toBe(200);
      expect(await sessionUser(t, cookie)).toBeNull();
    });

    it('still refuses other origins: another port, scheme, host', async () => {
      const person = await signedInUser(t);
      const port = Number(new URL(publicUrl).port);
      for (const origin of [`http://127.0.0.1:${port + 1}`, `https://127.0.0.1:${port}`, `http://127.0.0.2:${port}`, EVIL, `http://localhost.evil.example:${port}`]) {
        const res = await signInFrom(origin, { email: person.email, password: person.password });
        expect(res.status, origin).toBe(403);
        expect(((await res.json()) as { error: { code: string; message: string } }).error, origin).toEqual({
          code: 'forbidden_origin',
          message: 'This request came from another website and was refused.',
        });
        expect(cookieFrom(res), origin).toBe('');
      }
    });
  });

  describe('return addresses (point 2)', () => {
    it('brings a confirmed new person back to the item they came from', async () => {
      const email = uniqueEmail('returner');
      const res = await signUp(t, { name: 'Ruth Returner', email, password: TEST_PASSWORD, callbackURL: '/auth/verified?next=%2Fideas%2Fabc' }, { ip: randomClientIp() });
      expect(res.status, await res.clone().text()).toBe(200);
      const link = await outboxMailbox(t).linkFor(email, /confirm/i, '/api/auth/verify-email');
      const confirmed = await fetch(link.replace(publicUrl, loopbackUrl), { redirect: 'manual' });
      expect(confirmed.status).toBe(302);
      expect(new URL(confirmed.headers.get('location')!, publicUrl).pathname).toBe('/auth/verified');
      expect(new URL(confirmed.headers.get('location')!, publicUrl).searchParams.get('next')).toBe('/ideas/abc');
    });

    it('refuses a sign-up whose confirmation would lead anywhere but a page of this site', async () => {
      for (const callbackURL of [
        '/auth/verified?next=%2F%2Fevil.example',
        '/auth/verified?next=https%3A%2F%2Fevil.example',
        '/auth/verified?next=%2F%5Cevil.example',
        '/auth/verified?next=%2Fauth',
        '/auth/verified?next=%2Fapi%2Fauth%2Fsign-out',
        `${EVIL}/auth/verified`,
      ]) {
        const email = uniqueEmail('refused');
        const res = await signUp(t, { name: 'Rita Refused', email, password: TEST_PASSWORD, callbackURL }, { ip: randomClientIp() });
        expect(res.status, callbackURL).toBe(403);
        const { error } = (await res.json()) as { error: { code: string; message: string } };
        expect(error.code, callbackURL).toBe('invalid_callback_url');
        expect(error.message).toBe('The return address must be a page on this site.');
        expect(await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)), callbackURL).toEqual([]);
      }
    });

    it('refuses a confirmation link whose return address was changed, without redirecting', async () => {
      const email = uniqueEmail('tampered');
      await signUp(t, { name: 'Tom Tampered', email, password: TEST_PASSWORD }, { ip: randomClientIp() });
      const link = new URL((await outboxMailbox(t).linkFor(email, /confirm/i, '/api/auth/verify-email')).replace(publicUrl, loopbackUrl));
      link.searchParams.set('callbackURL', '/auth/verified?next=%2F%2Fevil.example');
      const res = await fetch(link, { redirect: 'manual' });
      expect(res.status).toBe(403);
      expect(res.headers.get('location')).toBeNull();
      const [row] = await t.db.select({ verified: users.emailVerified }).from(users).where(eq(users.email, email));
      expect(row?.verified).toBe(false);
    });

    it('refuses a password reset that would land on a foreign return address', async () => {
      const person = await signedInUser(t);
      const res = await t.fetch('/api/auth/request-password-reset', {
        method: 'POST',
        headers: siteHeaders(t, undefined, { 'x-forwarded-for': randomClientIp() }),
        body: JSON.stringify({ email: person.email, redirectTo: '/auth/reset-password?next=%2F%2Fevil.example' }),
      });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_redirect_url');
    });

    it('brings a person back from Google to the item they came from, new or returning', async () => {
      const email = uniqueEmail('googler');
      idp.addAccount('googler', { email, name: 'Gozie Googler' });
      // At the site's own address: the provider returns to PUBLIC_URL's callback, where the
      // flow's state cookie must be (the sign-in page moves a person there first from an alias).
      const viaGoogle = async (jar: CookieJar, body: Record<string, string>) => {
        const start = await jar.fetch(`${publicUrl}/api/auth/sign-in/social`, {
          method: 'POST',
          headers: siteHeaders({ url: publicUrl }),
          body: JSON.stringify({ provider: 'google', ...body }),
        });
        expect(start.status, await start.clone().text()).toBe(200);
        const { url } = (await start.json()) as { url: string };
        return completeOidcLogin(jar, url, 'googler', publicUrl);
      };
      const body = { callbackURL: '/ideas/abc?from=like', newUserCallbackURL: '/ideas/abc?from=like', errorCallbackURL: '/auth?next=%2Fideas%2Fabc' };
      const first = await viaGoogle(new CookieJar(), body);
      expect(`${first.pathname}${first.search}`).toBe('/ideas/abc?from=like');
      const again = await viaGoogle(new CookieJar(), body);
      expect(`${again.pathname}${again.search}`).toBe('/ideas/abc?from=like');
    });

    it('refuses a Google sign-in whose return addresses are not pages of this site', async () => {
      for (const [field, value, code] of [
        ['callbackURL', '/dashboard?next=%2F%2Fevil.example', 'invalid_callback_url'],
        ['callbackURL', `${EVIL}/ideas/1`, 'invalid_callback_url'],
        ['newUserCallbackURL', '/auth/verified?next=https%3A%2F%2Fevil.example', 'invalid_new_user_callback_url'],
        ['errorCallbackURL', '/auth?next=%2F%5Cevil.example', 'invalid_error_callback_url'],
      ] as const) {
        const res = await t.fetch('/api/auth/sign-in/social', {
          method: 'POST',
          headers: siteHeaders(t),
          body: JSON.stringify({ provider: 'google', callbackURL: '/ideas/abc', [field]: value }),
        });
        expect(res.status, `${field}=${value}`).toBe(403);
        expect(((await res.json()) as { error: { code: string } }).error.code, `${field}=${value}`).toBe(code);
      }
    });
  });
});

describe('a public PUBLIC_URL takes no loopback alias', () => {
  let started: Started;
  beforeAll(async () => {
    started = await startTestServer('pglite', { env: { PUBLIC_URL: 'https://ideahub.example' } });
  });
  afterAll(async () => {
    await started?.stop();
  });

  it('refuses a sign-in from 127.0.0.1 and localhost', async () => {
    const t = asServer(started);
    const person = await signedInUser(t);
    for (const origin of [t.url, `http://localhost:${new URL(t.url).port}`]) {
      const res = await t.fetch('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json', 'x-forwarded-for': randomClientIp() },
        body: JSON.stringify({ email: person.email, password: person.password }),
      });
      expect(res.status, origin).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden_origin');
    }
  });
});
