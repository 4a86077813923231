/**
 * Issue 14 point 18, the admin setting sessionTimeout (hours) as an idle timeout, over HTTP on a
 * real database: a session unused for longer ends (the next request is signed out, the row is
 * gone), a session in use goes on past it, and a new value applies without a restart, to the
 * sessions already open too. Time passes by moving a session's timestamps back in the database
 * ('as if signed in and last used N hours ago'), never by sleeping.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.ts';
import { type SignedInUser, sessionUser, signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { changeSettings } from '../../../../tests/support/settings.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { COOKIE_PREFIX } from './auth.ts';
import { LONGEST_SESSION_WINDOW, sessionWindow, withLongLivedSessionCookie } from './session-timeout.ts';

const HOUR = 3600 * 1000;

/** The session token inside a session cookie header ('ideahub.session_token=<token>.<signature>'). */
function tokenOf(cookie: string): string {
  const pair = cookie.split('; ').find((p) => p.startsWith(`${COOKIE_PREFIX}.session_token=`))!;
  return decodeURIComponent(pair.split('=')[1]!).split('.')[0]!;
}

describe('the session window of a timeout', () => {
  it('ends a session after the timeout and renews one in use every 24th of it', () => {
    expect(sessionWindow(24)).toEqual({ expiresIn: 24 * 3600, updateAge: 3600 });
    expect(sessionWindow(1)).toEqual({ expiresIn: 3600, updateAge: 150 });
    expect(LONGEST_SESSION_WINDOW.expiresIn).toBe(720 * 3600);
  });

  it('keeps the session cookie for the longest window; other cookies and deletions pass as they are', () => {
    const res = new Response(null, { status: 302, headers: { location: '/dashboard' } });
    res.headers.append('set-cookie', 'ideahub.session_token=abc.sig; Max-Age=3600; Path=/; HttpOnly; SameSite=Lax');
    res.headers.append('set-cookie', 'ideahub.dont_remember=x; Path=/');
    res.headers.append('set-cookie', '__Secure-ideahub.session_token=; Max-Age=0; Path=/');
    const out = withLongLivedSessionCookie(res);
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/dashboard');
    expect(out.headers.getSetCookie()).toEqual([
      `ideahub.session_token=abc.sig; Max-Age=${720 * 3600}; Path=/; HttpOnly; SameSite=Lax`,
      'ideahub.dont_remember=x; Path=/',
      '__Secure-ideahub.session_token=; Max-Age=0; Path=/',
    ]);
  });
});

describe.each(databaseKinds())('idle session timeout on %s', (kind) => {
  const t = useTestServer(kind);
  let admin: SignedInUser;

  beforeAll(async () => {
    admin = await signedInUser(t, { role: 'admin', name: 'Ada Admin' });
  });

  /** As if the session of `cookie` had been started and last used `hours` earlier than it was. */
  const age = (cookie: string, hours: number) =>
    t.db
      .update(sessions)
      .set({
        createdAt: sql`${sessions.createdAt} - make_interval(secs => ${hours * 3600})`,
        updatedAt: sql`${sessions.updatedAt} - make_interval(secs => ${hours * 3600})`,
        expiresAt: sql`${sessions.expiresAt} - make_interval(secs => ${hours * 3600})`,
      })
      .where(eq(sessions.token, tokenOf(cookie)));
  const sessionRow = async (cookie: string) =>
    (await t.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.token, tokenOf(cookie))))[0] ?? null;
  /** An API request as the person (the profile): 200 signed in, 401 signed out. */
  const use = async (cookie: string) => (await t.fetch('/api/profile', { headers: { cookie } })).status;

  it('ends a session unused for longer than the timeout: the next request is signed out and the row is gone', async () => {
    await changeSettings(t, admin, { sessionTimeout: 24 });
    const idle = await signedInUser(t, { name: 'Idle Ike' });
    const recent = await signedInUser(t, { name: 'Recent Rita' });
    await age(idle.cookie, 25);
    await age(recent.cookie, 23);

    expect(await use(idle.cookie)).toBe(401);
    expect(await sessionUser(t, idle.cookie)).toBeNull();
    expect(await sessionRow(idle.cookie)).toBeNull();
    // Unused for 23 hours: still within the 24.
    expect(await use(recent.cookie)).toBe(200);
  });

  it('keeps a session in use going past the timeout, through API requests and the session check alike', async () => {
    await changeSettings(t, admin, { sessionTimeout: 24 });
    const busy = await signedInUser(t, { name: 'Busy Bea' });
    const browser = await signedInUser(t, { name: 'Browser Bo' });
    for (let day = 0; day < 3; day++) {
      await age(busy.cookie, 20);
      expect(await use(busy.cookie)).toBe(200);
      await age(browser.cookie, 20);
      expect(await sessionUser(t, browser.cookie)).toMatchObject({ id: browser.id });
    }
    // 60 hours after signing in, each renewed by its last use: ends a day from now.
    for (const cookie of [busy.cookie, browser.cookie]) {
      const row = await sessionRow(cookie);
      expect(new Date(row!.expiresAt).getTime()).toBeGreaterThan(Date.now() + 23 * HOUR);
      expect(new Date(row!.expiresAt).getTime()).toBeLessThanOrEqual(Date.now() + 24 * HOUR + 60_000);
    }
    // And then left alone for a day and an hour: over.
    await age(busy.cookie, 25);
    expect(await use(busy.cookie)).toBe(401);
  });

  it("does not count the app's background session checks as use: an open tab left alone still ends", async () => {
    await changeSettings(t, admin, { sessionTimeout: 24 });
    const away = await signedInUser(t, { name: 'Away Ama' });
    // The app's own check (web: authClient.getSession) every 10 minutes while the tab is open.
    const check = (cookie: string) => t.fetch('/api/auth/get-session?disableRefresh=true', { headers: { cookie } });
    await age(away.cookie, 20);
    const before = (await sessionRow(away.cookie))!.expiresAt;
    const answer = await check(away.cookie);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { user: { id: string } }).user.id).toBe(away.id);
    expect((await sessionRow(away.cookie))!.expiresAt).toEqual(before);
    await age(away.cookie, 5);
    expect(((await (await check(away.cookie)).json()) as unknown) ?? null).toBeNull();
    expect(await use(away.cookie)).toBe(401);
  });

  it('applies a new timeout without a restart: to new sessions and to those already open', async () => {
    await changeSettings(t, admin, { sessionTimeout: 24 });
    const before = await signedInUser(t, { name: 'Early Emeka' });
    expect(await use(before.cookie)).toBe(200);

    await changeSettings(t, admin, { sessionTimeout: 2 });
    // Opened under 24 hours, now unused for 3: over, by the new timeout.
    await age(before.cookie, 3);
    expect(await use(before.cookie)).toBe(401);
    expect(await sessionRow(before.cookie)).toBeNull();

    // A new session lasts 2 hours from its last use; the browser keeps the cookie longer, the row decides.
    const after = await signedInUser(t, { name: 'Later Lola' });
    const row = await sessionRow(after.cookie);
    expect(new Date(row!.expiresAt).getTime()).toBeLessThanOrEqual(Date.now() + 2 * HOUR);
    expect(new Date(row!.expiresAt).getTime()).toBeGreaterThan(Date.now() + 2 * HOUR - 60_000);
    await age(after.cookie, 1.5);
    expect(await use(after.cookie)).toBe(200);
    await age(after.cookie, 1.5);
    expect(await use(after.cookie)).toBe(200);
    await age(after.cookie, 2.5);
    expect(await use(after.cookie)).toBe(401);

    // Raised again: a session opened now outlives what the old timeout allowed.
    await changeSettings(t, admin, { sessionTimeout: 48 });
    const longer = await signedInUser(t, { name: 'Long Lami' });
    await age(longer.cookie, 30);
    expect(await use(longer.cookie)).toBe(200);
    await changeSettings(t, admin, { sessionTimeout: 24 });
  });

  it('sign-in over HTTP sets a cookie the browser keeps for the longest window', async () => {
    await changeSettings(t, admin, { sessionTimeout: 1 });
    const person = await signedInUser(t, { name: 'Cookie Cam' });
    const res = await t.fetch('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: new URL(t.url).origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: person.email, password: person.password }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE_PREFIX}.session_token=`));
    expect(cookie).toMatch(new RegExp(`Max-Age=${720 * 3600}(;|$)`));
    await changeSettings(t, admin, { sessionTimeout: 24 });
  });
});
