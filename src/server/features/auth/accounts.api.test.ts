/**
 * Accounts over HTTP on a real database: sign-up with a confirmation mail (received by a local
 * SMTP server), sign-in, sessions, sign-out, password reset, rate limits, origins, admin emails.
 * The server trusts 127.0.0.1 as a proxy, so each test can act from its own client address
 * (X-Forwarded-For) and rate-limit buckets stay apart; one test checks the untrusted case.
 */
import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles, rateLimits, sessions, settings, users } from '../../db/schema.ts';
import { openPostgres } from '../../db/client.ts';
import { createLogger } from '../../logger.ts';
import { type RunningServer, startServer } from '../../server.ts';
import { createPostgresDatabase, databaseKinds } from '../../../../tests/support/databases.ts';
import {
  catcherMailbox,
  cookieFrom,
  randomClientIp,
  sessionUser,
  signedInUser,
  signIn,
  signUp,
  signUpAndConfirm,
  siteHeaders,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../../../tests/support/auth.ts';
import { useMailCatcher } from '../../../../tests/support/mail-catcher.ts';
import { startTestServer, testConfig, type TestServer, useTestServer } from '../../../../tests/support/test-server.ts';
import { COOKIE_PREFIX } from './auth.ts';
import { SIGN_IN_FAILURE_RULES } from './rate-limits.ts';

const SESSION_COOKIE = `${COOKIE_PREFIX}.session_token`;

type ErrorBody = { error: { code: string; message: string } };

describe.each(databaseKinds())('accounts on %s', (kind) => {
  const mail = useMailCatcher();
  Object.assign(mail.env, { TRUSTED_PROXIES: '127.0.0.1', ADMIN_EMAILS: 'boss@example.test' });
  const t = useTestServer(kind, { env: mail.env });
  const mailbox = catcherMailbox(mail);

  async function setPlatformSettings(value: Record<string, unknown> | null) {
    if (value === null) await t.db.delete(settings).where(eq(settings.key, 'platform'));
    else
      await t.db
        .insert(settings)
        .values({ key: 'platform', value })
        .onConflictDoUpdate({ target: settings.key, set: { value } });
  }

  it('sign-up creates the user, its profile and the role user, and mails a confirmation link', async () => {
    const email = uniqueEmail('ada');
    const res = await signUp(t, { name: 'Ada Okafor', email, password: TEST_PASSWORD }, { ip: randomClientIp() });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);

    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ name: 'Ada Okafor', role: 'user', emailVerified: false });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, user!.id));
    expect(profile).toMatchObject({ fullName: 'Ada Okafor', email });

    const message = await mail.waitFor({ to: email });
    expect(message.subject).toBe('Confirm your email address for IdeaHub');
    expect(message.text).toContain('Hello Ada Okafor,');
    expect(message.html).toContain('IdeaHub');
    const link = mail.linkIn(message, '/api/auth/verify-email');
    expect(link.startsWith(`${t.url}/api/auth/verify-email?token=`)).toBe(true);
    expect(message.text).toContain(t.url);
  });

  it('writes user and profile in one transaction: a failing profile leaves no user behind', async () => {
    const email = uniqueEmail('explode');
    await t.db.execute(
      sql.raw(`create or replace function test_refuse_profile() returns trigger language plpgsql as $$
        begin
          if new.email = '${email}' then raise exception 'profile refused by test'; end if;
          return new;
        end $$`),
    );
    await t.db.execute(
      sql.raw('create trigger test_refuse_profile before insert on profiles for each row execute function test_refuse_profile()'),
    );
    try {
      const res = await signUp(t, { name: 'Rolled Back', email, password: TEST_PASSWORD }, { ip: randomClientIp() });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    } finally {
      await t.db.execute(sql.raw('drop trigger if exists test_refuse_profile on profiles'));
      await t.db.execute(sql.raw('drop function if exists test_refuse_profile()'));
    }
  });

  it('signing in before confirming says the address is not confirmed, and a new mail can be asked for', async () => {
    const email = uniqueEmail('early');
    const ip = randomClientIp();
    await signUp(t, { name: 'Early Bird', email, password: TEST_PASSWORD }, { ip });
    const first = await mail.waitFor({ to: email });

    const { res } = await signIn(t, { email, password: TEST_PASSWORD }, { ip });
    expect(res.status).toBe(403);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe('email_not_verified');
    expect(body.error.message).toMatch(/not confirmed/);

    const since = Date.now();
    const resend = await t.fetch('/api/auth/send-verification-email', {
      method: 'POST',
      headers: siteHeaders(t, undefined, { 'x-forwarded-for': ip }),
      body: JSON.stringify({ email, callbackURL: '/auth/verified' }),
    });
    expect(resend.status).toBe(200);
    const second = await mail.waitFor({ to: email, after: since });
    expect(second).not.toBe(first);
    expect(mail.linkIn(second, '/api/auth/verify-email')).toContain('callbackURL=%2Fauth%2Fverified');
  });

  it('the confirmation link confirms the address, signs the person in and lands on /auth/verified', async () => {
    const email = uniqueEmail('confirm');
    await signUp(t, { name: 'Chidi Eze', email, password: TEST_PASSWORD }, { ip: randomClientIp() });
    const link = mail.linkIn(await mail.waitFor({ to: email }), '/api/auth/verify-email');
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth/verified');
    const user = await sessionUser(t, cookieFrom(res));
    expect(user).toMatchObject({ email, name: 'Chidi Eze', emailVerified: true, role: 'user' });

    const bad = await fetch(`${t.url}/api/auth/verify-email?token=not-a-token&callbackURL=%2Fauth%2Fverified`, { redirect: 'manual' });
    expect(bad.status).toBe(302);
    expect(bad.headers.get('location')).toMatch(/^\/auth\/verified\?error=/);
  });

  it('after confirming, sign-in gives an httpOnly, SameSite=Lax session cookie that outlives the browser', async () => {
    const person = await signUpAndConfirm(t, mailbox, { name: 'Bola Ade' }, { ip: randomClientIp() });
    const { res, cookie } = await signIn(t, { email: person.email, password: person.password }, { ip: randomClientIp() });
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).not.toMatch(/; Secure/i); // PUBLIC_URL is http here
    const maxAge = Number(/Max-Age=(\d+)/i.exec(setCookie!)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(7 * 24 * 3600);
    expect(await sessionUser(t, cookie)).toMatchObject({ email: person.email });
    const profile = await t.fetch('/api/profile', { headers: { cookie } });
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ fullName: 'Bola Ade', email: person.email });
  });

  it('gives unknown email and wrong password the same answer', async () => {
    const person = await signedInUser(t);
    const ip = randomClientIp();
    const wrong = await signIn(t, { email: person.email, password: 'not the password' }, { ip });
    const unknown = await signIn(t, { email: uniqueEmail('ghost'), password: 'not the password' }, { ip });
    expect(wrong.res.status).toBe(401);
    expect(unknown.res.status).toBe(401);
    const a = await wrong.res.json();
    const b = await unknown.res.json();
    expect(a).toEqual(b);
    expect(a).toEqual({ error: { code: 'invalid_email_or_password', message: 'Invalid email or password.' } });
  });

  it('signing up with a taken address answers like a new sign-up and changes nothing', async () => {
    const person = await signedInUser(t, { name: 'Original Owner' });
    const res = await signUp(t, { name: 'Impostor', email: person.email, password: 'another password 123' }, { ip: randomClientIp() });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { email: string; emailVerified: boolean } };
    expect(body.user).toMatchObject({ email: person.email, emailVerified: false });
    const rows = await t.db.select().from(users).where(eq(users.email, person.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe('Original Owner');
    expect((await signIn(t, { email: person.email, password: person.password }, { ip: randomClientIp() })).res.status).toBe(200);
  });

  it('accepts long passphrases (64+ characters) with no composition rules', async () => {
    const password = 'the quick brown fox jumps over the lazy dog while the farmers sleep soundly at noon';
    expect(password.length).toBeGreaterThan(64);
    const person = await signUpAndConfirm(t, mailbox, { password }, { ip: randomClientIp() });
    expect((await signIn(t, { email: person.email, password }, { ip: randomClientIp() })).res.status).toBe(200);
    // No composition rules: lower-case words alone, no digit, capital or symbol (common passwords
    // are refused by their guessability instead: password-strength.api.test.ts).
    const simple = await signUpAndConfirm(t, mailbox, { password: 'lantern orchard velvet' }, { ip: randomClientIp() });
    expect(simple.cookie).not.toBe('');
  });

  it('follows the email verification setting: off lets people in before confirming, on requires it again', async () => {
    const ip = randomClientIp();
    await setPlatformSettings({ requireEmailVerification: false });
    const email = uniqueEmail('noverify');
    try {
      const res = await signUp(t, { name: 'Quick Start', email, password: TEST_PASSWORD }, { ip });
      expect(res.status).toBe(200);
      const fromSignUp = cookieFrom(res);
      expect(await sessionUser(t, fromSignUp)).toMatchObject({ email, emailVerified: false, role: 'user' });
      const { res: signedIn, cookie } = await signIn(t, { email, password: TEST_PASSWORD }, { ip });
      expect(signedIn.status).toBe(200);
      expect(await sessionUser(t, cookie)).toMatchObject({ email, emailVerified: false });
    } finally {
      await setPlatformSettings(null);
    }
    // Back on: the same unconfirmed person is asked to confirm first.
    const { res: refused } = await signIn(t, { email, password: TEST_PASSWORD }, { ip });
    expect(refused.status).toBe(403);
  });

  it('applies the password minimum length of the settings and requires a full name', async () => {
    const ip = randomClientIp();
    const short = await signUp(t, { name: 'Shorty', email: uniqueEmail(), password: 'seven77' }, { ip });
    expect(short.status).toBe(400);
    expect(((await short.json()) as ErrorBody).error).toEqual({ code: 'password_too_short', message: 'Password must be at least 8 characters.' });

    await setPlatformSettings({ passwordMinLength: 12 });
    try {
      const res = await signUp(t, { name: 'Medium', email: uniqueEmail(), password: 'elevenchars' }, { ip });
      expect(((await res.json()) as ErrorBody).error.message).toBe('Password must be at least 12 characters.');
      const config = (await (await t.fetch('/api/auth-config')).json()) as { passwordMinLength: number };
      expect(config.passwordMinLength).toBe(12);
    } finally {
      await setPlatformSettings(null);
    }

    const nameless = await signUp(t, { name: '   ', email: uniqueEmail(), password: TEST_PASSWORD }, { ip });
    expect(nameless.status).toBe(400);
    expect(((await nameless.json()) as ErrorBody).error.message).toBe('Full name is required.');
  });

  it('refuses sign-up with a clear message while registrations are disabled', async () => {
    await setPlatformSettings({ newRegistrations: false });
    try {
      const email = uniqueEmail('closed');
      const res = await signUp(t, { name: 'Too Late', email, password: TEST_PASSWORD }, { ip: randomClientIp() });
      expect(res.status).toBe(403);
      expect(((await res.json()) as ErrorBody).error).toEqual({
        code: 'registrations_closed',
        message: 'New registrations are closed at the moment. Please try again later.',
      });
      expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      expect(((await (await t.fetch('/api/auth-config')).json()) as { newRegistrations: boolean }).newRegistrations).toBe(false);
    } finally {
      await setPlatformSettings(null);
    }
  });

  it('sign-out ends the session on the server: the old cookie and token no longer work anywhere', async () => {
    const person = await signedInUser(t);
    const { cookie } = await signIn(t, { email: person.email, password: person.password }, { ip: randomClientIp() });
    // An API client's bearer token is the session cookie's value (answers never carry it).
    const token = decodeURIComponent(cookie.split('=')[1]!);
    expect((await t.fetch('/api/profile', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);

    const out = await t.fetch('/api/auth/sign-out', { method: 'POST', headers: siteHeaders(t, cookie), body: '{}' });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=;`) && /Max-Age=0/i.test(c))).toBe(true);

    expect(await sessionUser(t, cookie)).toBeNull();
    expect((await t.fetch('/api/profile', { headers: { cookie } })).status).toBe(401);
    expect((await t.fetch('/api/profile', { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    // The other session of the same person is untouched.
    expect(await sessionUser(t, person.cookie)).toMatchObject({ id: person.id });
  });

  it('resets a forgotten password by mail, ending every session', async () => {
    const person = await signUpAndConfirm(t, mailbox, { name: 'Forgetful Femi' }, { ip: randomClientIp() });
    const ip = randomClientIp();
    const since = Date.now();
    const ask = await t.fetch('/api/auth/request-password-reset', {
      method: 'POST',
      headers: siteHeaders(t, undefined, { 'x-forwarded-for': ip }),
      body: JSON.stringify({ email: person.email, redirectTo: '/auth/reset-password' }),
    });
    expect(ask.status).toBe(200);
    const message = await mail.waitFor({ to: person.email, subject: /reset/i, after: since });
    expect(message.subject).toBe('Reset your IdeaHub password');
    const link = mail.linkIn(message, '/api/auth/reset-password/');

    const landing = await fetch(link, { redirect: 'manual' });
    expect(landing.status).toBe(302);
    const location = new URL(landing.headers.get('location')!, t.url);
    expect(location.pathname).toBe('/auth/reset-password');
    const token = location.searchParams.get('token')!;
    expect(token).toBeTruthy();

    const newPassword = 'a brand new passphrase for femi';
    const reset = await t.fetch('/api/auth/reset-password', {
      method: 'POST',
      headers: siteHeaders(t, undefined, { 'x-forwarded-for': ip }),
      body: JSON.stringify({ newPassword, token }),
    });
    expect(reset.status).toBe(200);
    expect(await sessionUser(t, person.cookie)).toBeNull();
    expect((await signIn(t, { email: person.email, password: person.password }, { ip })).res.status).toBe(401);
    expect((await signIn(t, { email: person.email, password: newPassword }, { ip })).res.status).toBe(200);

    const again = await t.fetch('/api/auth/reset-password', {
      method: 'POST',
      headers: siteHeaders(t, undefined, { 'x-forwarded-for': ip }),
      body: JSON.stringify({ newPassword: 'yet another passphrase', token }),
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as ErrorBody).error.message).toMatch(/invalid or has expired/);
  });

  it('answers a reset request for an unknown address the same way, and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const res = await t.fetch('/api/auth/request-password-reset', {
      method: 'POST',
      headers: siteHeaders(t, undefined, { 'x-forwarded-for': randomClientIp() }),
      body: JSON.stringify({ email, redirectTo: '/auth/reset-password' }),
    });
    expect(res.status).toBe(200);
    await expect(mail.waitFor({ to: email }, 1000)).rejects.toThrow(/no mail/);
  });

  it('limits wrong passwords per client address (429 with a message to wait), stored in the database', async () => {
    const ip = randomClientIp();
    const { max } = SIGN_IN_FAILURE_RULES.perClient;
    const statuses: number[] = [];
    for (let i = 0; i < max; i++) {
      statuses.push((await signIn(t, { email: uniqueEmail('guess'), password: 'guess' }, { ip })).res.status);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    const blocked = await signIn(t, { email: uniqueEmail('guess'), password: 'guess' }, { ip });
    expect(blocked.res.status).toBe(429);
    expect(Number(blocked.res.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await blocked.res.json()) as ErrorBody;
    expect(body.error.code).toBe('too_many_requests');
    expect(body.error.message).toMatch(/^Too many attempts\. Please wait \d+ (seconds?|minutes?) and try again\.$/);
    const counted = await t.db.select({ key: rateLimits.key }).from(rateLimits).where(like(rateLimits.key, `%${ip}%`));
    expect(counted.length).toBeGreaterThan(0);
    // Another client address is not affected.
    expect((await signIn(t, { email: uniqueEmail('other'), password: 'guess' }, { ip: randomClientIp() })).res.status).toBe(401);
  });

  it('limits wrong passwords per email address and client address; signing in clears the count', async () => {
    const person = await signedInUser(t);
    const { max } = SIGN_IN_FAILURE_RULES.perPair;
    const ip = randomClientIp();
    const wrong = () => signIn(t, { email: person.email, password: 'wrong password' }, { ip });
    for (let i = 0; i < max - 1; i++) expect((await wrong()).res.status).toBe(401);
    // A success on the way resets the count.
    expect((await signIn(t, { email: person.email, password: person.password }, { ip })).res.status).toBe(200);
    for (let i = 0; i < max; i++) expect((await wrong()).res.status).toBe(401);
    const blocked = await signIn(t, { email: person.email, password: person.password }, { ip });
    expect(blocked.res.status).toBe(429);
    expect(((await blocked.res.json()) as ErrorBody).error.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    // Unknown addresses are limited the same way: the answer tells nothing about who has an account.
    const ghost = uniqueEmail('ghost');
    const other = randomClientIp();
    for (let i = 0; i < max; i++) await signIn(t, { email: ghost, password: 'x' }, { ip: other });
    expect((await signIn(t, { email: ghost, password: 'x' }, { ip: other })).res.status).toBe(429);
  });

  it('limits mails per email address, whatever client address asks', async () => {
    const person = await signUpAndConfirm(t, mailbox, {}, { ip: randomClientIp() });
    const ask = () =>
      t.fetch('/api/auth/request-password-reset', {
        method: 'POST',
        headers: siteHeaders(t, undefined, { 'x-forwarded-for': randomClientIp() }),
        body: JSON.stringify({ email: person.email, redirectTo: '/auth/reset-password' }),
      });
    for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(200);
    const blocked = await ask();
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as ErrorBody).error.message).toMatch(/^Too many requests for this email address\. Please wait \d+ minutes? and try again\.$/);
    const resendBlocked = await Promise.all(
      [0, 1, 2, 3].map(() =>
        t.fetch('/api/auth/send-verification-email', {
          method: 'POST',
          headers: siteHeaders(t, undefined, { 'x-forwarded-for': randomClientIp() }),
          body: JSON.stringify({ email: person.email }),
        }),
      ),
    );
    expect(resendBlocked.map((r) => r.status).sort()).toEqual([200, 200, 200, 429]);
  });

  it('refuses a state-changing request from a foreign Origin on every API route', async () => {
    const person = await signedInUser(t);
    const foreign = { origin: 'https://evil.example', 'content-type': 'application/json' };
    const attempts = [
      t.fetch('/api/auth/sign-in/email', { method: 'POST', headers: foreign, body: JSON.stringify({ email: person.email, password: person.password }) }),
      t.fetch('/api/auth/sign-out', { method: 'POST', headers: { ...foreign, cookie: person.cookie }, body: '{}' }),
      t.fetch('/api/profile', { method: 'PATCH', headers: { ...foreign, cookie: person.cookie }, body: JSON.stringify({ bio: 'pwned' }) }),
      t.fetch('/api/profile', { method: 'PATCH', headers: { 'sec-fetch-site': 'cross-site', cookie: person.cookie, 'content-type': 'application/json' }, body: JSON.stringify({ bio: 'pwned' }) }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(((await res.json()) as ErrorBody).error).toEqual({
        code: 'forbidden_origin',
        message: 'This request came from another website and was refused.',
      });
    }
    expect(await sessionUser(t, person.cookie)).not.toBeNull();
    expect(((await (await t.fetch('/api/profile', { headers: { cookie: person.cookie } })).json()) as { bio: string | null }).bio).toBeNull();
    // Reads are fine from anywhere.
    expect((await t.fetch('/api/profile', { headers: { origin: 'https://evil.example', cookie: person.cookie } })).status).toBe(200);
  });

  it('gives the admin role to a confirmed address listed in ADMIN_EMAILS, at sign-in', async () => {
    const ip = randomClientIp();
    await signUp(t, { name: 'The Boss', email: 'boss@example.test', password: TEST_PASSWORD }, { ip });
    const [before] = await t.db.select({ role: users.role }).from(users).where(eq(users.email, 'boss@example.test'));
    expect(before?.role).toBe('user');
    const link = mail.linkIn(await mail.waitFor({ to: 'boss@example.test' }), '/api/auth/verify-email');
    const confirmed = await fetch(link, { redirect: 'manual' });
    expect(await sessionUser(t, cookieFrom(confirmed))).toMatchObject({ role: 'admin' });

    // Demoted by someone, the listed address is admin again at its next sign-in.
    await t.db.update(users).set({ role: 'user' }).where(eq(users.email, 'boss@example.test'));
    const { cookie } = await signIn(t, { email: 'boss@example.test', password: TEST_PASSWORD }, { ip });
    expect(await sessionUser(t, cookie)).toMatchObject({ role: 'admin' });
    // Others are not.
    expect((await signedInUser(t)).role).toBe('user');
  });

  it('records the client address forwarded by the trusted proxy on the session', async () => {
    const person = await signUpAndConfirm(t, mailbox, {}, { ip: randomClientIp() });
    const ip = randomClientIp();
    const { cookie } = await signIn(t, { email: person.email, password: person.password }, { ip });
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    const [row] = await t.db.select({ ipAddress: sessions.ipAddress }).from(sessions).where(eq(sessions.token, token));
    expect(row?.ipAddress).toBe(ip);
  });

  it("closes better-auth's own admin endpoints, so roles change only under our rules", async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const person = await signedInUser(t);
    const res = await t.fetch('/api/auth/admin/set-role', {
      method: 'POST',
      headers: admin.headers,
      body: JSON.stringify({ userId: admin.id, role: 'user' }),
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, admin.id));
    expect(row?.role).toBe('admin');
    expect((await t.fetch('/api/auth/admin/list-users', { headers: admin.headers })).status).toBe(404);
    expect(person.role).toBe('user');
  });
});

describe.each(databaseKinds())('client addresses without trusted proxies on %s', (kind) => {
  const t = useTestServer(kind);

  it('ignores X-Forwarded-For from an untrusted peer: the socket address is rate limited', async () => {
    const { max } = SIGN_IN_FAILURE_RULES.perClient;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) {
      statuses.push((await signIn(t, { email: uniqueEmail('spoof'), password: 'guess' }, { ip: randomClientIp() })).res.status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, max).every((s) => s === 401)).toBe(true);
  });

  it('keeps mails in the development outbox when SMTP_URL is not set, listed at /api/dev/outbox', async () => {
    const email = uniqueEmail('outbox');
    const res = await t.server.accounts.auth.api.signUpEmail({ body: { name: 'Outbox Ola', email, password: TEST_PASSWORD } });
    expect(res.user.email).toBe(email);
    // The mail outbox's sender sends it (this round now instead of within the second).
    await t.server.mailOutbox.runOnce();
    const list = (await (await t.fetch('/api/dev/outbox')).json()) as { mails: { to: string; subject: string; link: string }[] };
    const mailed = list.mails.find((m) => m.to === email);
    expect(mailed?.subject).toBe('Confirm your email address for IdeaHub');
    expect(mailed?.link).toContain('/api/auth/verify-email?token=');
    expect(((await (await t.fetch('/api/auth-config')).json()) as { devOutbox: boolean }).devOutbox).toBe(true);
  });
});

describe('cookies and the outbox in production-like settings', () => {
  it('marks cookies Secure when PUBLIC_URL is https, and has no outbox in production', async () => {
    const server = await startTestServer('pglite', {
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://ideahub.example', SMTP_URL: '' },
    });
    try {
      const auth = server.server.accounts.auth;
      const email = uniqueEmail('secure');
      await auth.api.signUpEmail({ body: { name: 'Secure Sade', email, password: TEST_PASSWORD } });
      await server.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
      const res = await auth.api.signInEmail({ body: { email, password: TEST_PASSWORD }, asResponse: true });
      const setCookie = res.headers.getSetCookie().find((c) => c.includes(`${SESSION_COOKIE}=`));
      expect(setCookie).toMatch(/^__Secure-ideahub\.session_token=/);
      expect(setCookie).toMatch(/; Secure/i);
      expect(setCookie).toMatch(/; HttpOnly/i);
      expect((await server.fetch('/api/dev/outbox')).status).toBe(404);
      expect(((await (await server.fetch('/api/auth-config')).json()) as { devOutbox: boolean }).devOutbox).toBe(false);
    } finally {
      await server.stop();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances over one PostgreSQL database', () => {
  it('share sessions and rate-limit counters', async () => {
    const created = await createPostgresDatabase();
    const databases = [await openPostgres(created.url, 3), await openPostgres(created.url, 3)];
    const config = testConfig({ DATABASE_URL: created.url, AUTH_SECRET: 'shared-secret-shared-secret-shared-secret-01' });
    const servers: RunningServer[] = [];
    try {
      for (const database of databases) servers.push(await startServer({ config, logger: createLogger('silent'), webRoot: null, database }));
      const [a, b] = servers.map((s) => ({ url: s.url, fetch: (p: string, init?: RequestInit) => fetch(new URL(p, s.url), init) })) as [
        Pick<TestServer, 'url' | 'fetch'>,
        Pick<TestServer, 'url' | 'fetch'>,
      ];
      const email = uniqueEmail('twin');
      await servers[0]!.accounts.auth.api.signUpEmail({ body: { name: 'Twin Instance', email, password: TEST_PASSWORD } });
      await databases[0]!.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));

      const signInOn = (s: Pick<TestServer, 'url' | 'fetch'>, password: string) =>
        s.fetch('/api/auth/sign-in/email', { method: 'POST', headers: siteHeaders(s), body: JSON.stringify({ email, password }) });
      const res = await signInOn(a, TEST_PASSWORD);
      const cookie = cookieFrom(res);
      // Signed in on A, known on B; signed out on B, gone on A.
      expect(((await (await b.fetch('/api/auth/get-session', { headers: { cookie } })).json()) as { user: { email: string } }).user.email).toBe(email);
      expect((await b.fetch('/api/auth/sign-out', { method: 'POST', headers: siteHeaders(b, cookie), body: '{}' })).status).toBe(200);
      expect(await (await a.fetch('/api/auth/get-session', { headers: { cookie } })).json()).toBeNull();

      // Counters are shared: wrong passwords for one address from this client address, spread over
      // both instances, then both refuse this pair, even the right password.
      const { max } = SIGN_IN_FAILURE_RULES.perPair;
      for (let i = 0; i < max; i++) expect((await signInOn(i % 2 === 0 ? a : b, 'wrong password')).status).toBe(401);
      expect((await signInOn(a, 'wrong password')).status).toBe(429);
      expect((await signInOn(b, TEST_PASSWORD)).status).toBe(429);
    } finally {
      for (const s of servers) await s.close(1000);
      for (const d of databases) await d.close().catch(() => {});
      await created.drop();
    }
  });
});
