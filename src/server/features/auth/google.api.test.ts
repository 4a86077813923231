/**
 * 'Continue with Google' against a local OpenID Connect provider (oidc-provider): the
 * authorization-code flow with PKCE, followed hop by hop with a cookie jar, as a browser would.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, profiles, settings, users } from '../../db/schema.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { sessionUser, signedInUser, signIn, siteHeaders, TEST_PASSWORD, uniqueEmail } from '../../../../tests/support/auth.ts';
import { CookieJar } from '../../../../tests/support/cookie-jar.ts';
import { completeOidcLogin, freePort, startOidcProvider, type TestOidcProvider } from '../../../../tests/support/oidc-provider.ts';
import { startTestServer, type TestServer, useTestServer } from '../../../../tests/support/test-server.ts';

type Started = Awaited<ReturnType<typeof startTestServer>>;

describe.each(databaseKinds())('Continue with Google on %s', (kind) => {
  let idp: TestOidcProvider;
  let server: Started;
  const t = {} as TestServer;

  beforeAll(async () => {
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    idp = await startOidcProvider({ redirectUris: [`${appUrl}/api/auth/callback/google`] });
    server = await startTestServer(kind, {
      env: {
        PORT: String(port),
        PUBLIC_URL: appUrl,
        GOOGLE_CLIENT_ID: idp.clientId,
        GOOGLE_CLIENT_SECRET: idp.clientSecret,
        OIDC_ISSUER: idp.issuer,
        ADMIN_EMAILS: 'google-boss@example.test',
      },
    });
    Object.assign(t, { url: server.url, db: server.db, database: server.database, config: server.config, server: server.server, fetch: server.fetch });
  });
  afterAll(async () => {
    await server?.stop();
    await idp?.close();
  });

  /** Presses 'Continue with Google' and signs in at the provider as `login`; returns where the app sends the person. */
  async function continueWithGoogle(jar: CookieJar, login: string): Promise<URL> {
    const start = await jar.fetch(`${t.url}/api/auth/sign-in/social`, {
      method: 'POST',
      headers: siteHeaders(t),
      body: JSON.stringify({ provider: 'google', callbackURL: '/dashboard', newUserCallbackURL: '/dashboard', errorCallbackURL: '/auth' }),
    });
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    const authorize = new URL(url);
    expect(authorize.origin).toBe(idp.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    return completeOidcLogin(jar, url, login, new URL(t.url).origin);
  }

  const sessionCookie = (jar: CookieJar) => jar.header(`${t.url}/api/auth/get-session`);

  it('says Google is configured', async () => {
    expect(((await (await t.fetch('/api/auth-config')).json()) as { googleEnabled: boolean }).googleEnabled).toBe(true);
  });

  it('signs a new person up from the provider’s name and email and returns to /dashboard', async () => {
    const email = uniqueEmail('ngozi');
    idp.addAccount('ngozi', { email, name: 'Ngozi Adichie' });
    const jar = new CookieJar();
    const landed = await continueWithGoogle(jar, 'ngozi');
    expect(landed.pathname).toBe('/dashboard');
    const user = await sessionUser(t, sessionCookie(jar));
    expect(user).toMatchObject({ email, name: 'Ngozi Adichie', emailVerified: true, role: 'user' });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, user!.id));
    expect(profile).toMatchObject({ fullName: 'Ngozi Adichie', email });
    const linked = await t.db.select().from(accounts).where(and(eq(accounts.userId, user!.id), eq(accounts.providerId, 'google')));
    expect(linked).toHaveLength(1);

    // Next time: the same account, no duplicate.
    const again = new CookieJar();
    expect((await continueWithGoogle(again, 'ngozi')).pathname).toBe('/dashboard');
    expect((await sessionUser(t, sessionCookie(again)))?.id).toBe(user!.id);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('joins a confirmed password account when the provider confirms the same address', async () => {
    const person = await signedInUser(t, { name: 'Tunde Bello' });
    idp.addAccount('tunde', { email: person.email, name: 'Tunde B.', emailVerified: true });
    const jar = new CookieJar();
    expect((await continueWithGoogle(jar, 'tunde')).pathname).toBe('/dashboard');
    expect((await sessionUser(t, sessionCookie(jar)))?.id).toBe(person.id);
    expect((await signIn(t, { email: person.email, password: person.password })).res.status).toBe(200);
  });

  it('does not merge into a password account whose address is not confirmed', async () => {
    const email = uniqueEmail('unconfirmed');
    await server.server.accounts.auth.api.signUpEmail({ body: { name: 'Squatter', email, password: TEST_PASSWORD } });
    idp.addAccount('owner', { email, name: 'Real Owner', emailVerified: true });
    const jar = new CookieJar();
    const landed = await continueWithGoogle(jar, 'owner');
    expect(landed.pathname).toBe('/auth');
    expect(landed.searchParams.get('error')).toBe('account_not_linked');
    expect(await sessionUser(t, sessionCookie(jar))).toBeNull();
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(await t.db.select().from(accounts).where(and(eq(accounts.userId, user!.id), eq(accounts.providerId, 'google')))).toEqual([]);
  });

  it('does not merge when the provider has not confirmed the address', async () => {
    const person = await signedInUser(t);
    idp.addAccount('unverified', { email: person.email, name: 'Who Knows', emailVerified: false });
    const jar = new CookieJar();
    const landed = await continueWithGoogle(jar, 'unverified');
    expect(landed.pathname).toBe('/auth');
    expect(landed.searchParams.get('error')).toBe('account_not_linked');
    expect(await sessionUser(t, sessionCookie(jar))).toBeNull();
  });

  it('gives the admin role to a confirmed address listed in ADMIN_EMAILS', async () => {
    idp.addAccount('googleboss', { email: 'google-boss@example.test', name: 'Google Boss' });
    const jar = new CookieJar();
    await continueWithGoogle(jar, 'googleboss');
    expect(await sessionUser(t, sessionCookie(jar))).toMatchObject({ role: 'admin' });
  });

  it('refuses new people while registrations are disabled', async () => {
    await t.db.insert(settings).values({ key: 'platform', value: { newRegistrations: false } });
    try {
      const email = uniqueEmail('latecomer');
      idp.addAccount('latecomer', { email, name: 'Late Comer' });
      const jar = new CookieJar();
      const landed = await continueWithGoogle(jar, 'latecomer');
      expect(landed.pathname).toBe('/auth');
      expect(landed.searchParams.get('error')).toBeTruthy();
      expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    } finally {
      await t.db.delete(settings).where(eq(settings.key, 'platform'));
    }
  });
});

describe('Continue with Google when it is not configured', () => {
  const t = useTestServer('pglite');

  it('tells the web app, and answers a sign-in attempt with a clear message', async () => {
    expect(((await (await t.fetch('/api/auth-config')).json()) as { googleEnabled: boolean }).googleEnabled).toBe(false);
    const res = await t.fetch('/api/auth/sign-in/social', {
      method: 'POST',
      headers: siteHeaders(t),
      body: JSON.stringify({ provider: 'google', callbackURL: '/dashboard' }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Continue with Google is not set up on this site.');
  });
});
