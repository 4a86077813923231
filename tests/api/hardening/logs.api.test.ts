/**
 * Logs carry no passwords, tokens, email addresses or bank details (issue 7, hardening).
 *
 * The server runs with its real logger (pino, JSON lines) at `debug`, writing into a buffer, and
 * real mail over SMTP (as in production). A person then goes through a whole journey over HTTP
 * (sign-up, confirmation link, sign-in, a wrong password, a password reset by mail, a profile with
 * phone, bank and next of kin, an image, an item, a message, a coupon, a bearer token, sign-out),
 * and an admin looks them up among users and payments. Every secret and personal value used is
 * then looked for in the captured log text, raw and URL-encoded.
 */
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../src/server/logger.ts';
import { pngImage } from '../../../src/server/features/ideas/api-test-helpers.ts';
import { cookieFrom, randomClientIp, sessionUser, signedInUser, uniqueEmail } from '../../support/auth.ts';
import { databaseKinds } from '../../support/databases.ts';
import { type MailCatcher, startMailCatcher } from '../../support/mail-catcher.ts';
import { startTestServer } from '../../support/test-server.ts';

type Running = Awaited<ReturnType<typeof startTestServer>>;

/** Every value of a cookie header, and its token part (before the signature). */
function cookieSecrets(cookie: string): string[] {
  return cookie
    .split(';')
    .map((pair) => pair.trim().split('=').slice(1).join('='))
    .filter((v) => v.length > 0)
    .flatMap((v) => [v, v.split('.')[0]!, decodeURIComponent(v)]);
}

describe.each(databaseKinds())('the log of a whole journey on %s', (kind) => {
  const lines: string[] = [];
  let mail: MailCatcher;
  let t: Running;
  const ip = randomClientIp();
  const adminIp = randomClientIp();
  const secrets = new Map<string, string>();
  const keep = (what: string, value: string | null | undefined) => {
    expect(value, what).toBeTruthy();
    secrets.set(value!, what);
  };

  beforeAll(async () => {
    mail = await startMailCatcher();
    const adminEmail = uniqueEmail('logadmin');
    keep('admin email', adminEmail);
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await startTestServer(kind, { env: { SMTP_URL: mail.url, ADMIN_EMAILS: adminEmail }, logger: createLogger('debug', sink) });
  });
  afterAll(async () => {
    await t?.stop();
    await mail?.close();
  });

  const site = (cookie?: string, from = ip): Record<string, string> => ({
    origin: new URL(t.url).origin,
    'content-type': 'application/json',
    'x-forwarded-for': from,
    ...(cookie ? { cookie } : {}),
  });
  async function call(method: string, path: string, opts: { cookie?: string; body?: unknown; status?: number; from?: string; headers?: Record<string, string> } = {}) {
    const res = await t.fetch(path, {
      method,
      headers: { ...site(opts.cookie, opts.from), ...opts.headers },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    expect(res.status, `${method} ${path}: ${text.slice(0, 300)}`).toBe(opts.status ?? 200);
    return { res, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }
  function tokenOf(link: string): string {
    const u = new URL(link);
    return u.searchParams.get('token') ?? u.pathname.split('/').pop()!;
  }

  /** Sign up, confirm by mail, sign in: returns the session cookie. */
  async function newPerson(name: string, email: string, password: string, from: string): Promise<string> {
    await call('POST', '/api/auth/sign-up/email', { body: { name, email, password, callbackURL: '/auth/verified' }, from });
    const confirm = await mail.waitFor({ to: email, subject: /confirm/i });
    const link = mail.linkIn(confirm, '/api/auth/verify-email');
    keep(`${name}: verification token`, tokenOf(link));
    const confirmed = await fetch(link, { redirect: 'manual', headers: { 'x-forwarded-for': from } });
    expect(confirmed.status).toBe(302);
    for (const s of cookieSecrets(cookieFrom(confirmed))) keep(`${name}: cookie from the confirmation link`, s);
    const { res } = await call('POST', '/api/auth/sign-in/email', { body: { email, password }, from });
    const cookie = cookieFrom(res);
    // The session token itself (the answer no longer carries it) is among the cookie's secrets.
    for (const s of cookieSecrets(cookie)) keep(`${name}: session cookie`, s);
    return cookie;
  }

  it('contains no password, token, cookie, email address, phone or bank detail', async () => {
    const email = uniqueEmail('journey');
    const firstPassword = 'Kolanut-Harmattan-7391';
    const wrongPassword = 'Guessing-Wrong-Pass-5521';
    const newPassword = 'Baobab-Lagoon-Sunrise-8842';
    keep('email', email);
    keep('email local part', email.split('@')[0]);
    keep('first password', firstPassword);
    keep('wrong password', wrongPassword);
    keep('new password', newPassword);

    // Sign up, confirm, sign in; a wrong password on the way.
    let cookie = await newPerson('Tolu Adeyemi', email, firstPassword, ip);
    await call('POST', '/api/auth/sign-in/email', { body: { email, password: wrongPassword }, status: 401 });

    // Forgot the password: the link from the mail, then a new password.
    await call('POST', '/api/auth/request-password-reset', { body: { email, redirectTo: '/auth/reset-password' } });
    const resetMail = await mail.waitFor({ to: email, subject: /reset/i });
    const resetLink = mail.linkIn(resetMail, '/api/auth/reset-password/');
    keep('reset token in the mail link', tokenOf(resetLink));
    const landing = await fetch(resetLink, { redirect: 'manual', headers: { 'x-forwarded-for': ip } });
    expect(landing.status).toBe(302);
    const resetToken = new URL(landing.headers.get('location')!, t.url).searchParams.get('token');
    keep('reset token', resetToken);
    await call('POST', '/api/auth/reset-password', { body: { newPassword, token: resetToken } });
    expect(await sessionUser(t, cookie)).toBeNull();
    const signedIn = await call('POST', '/api/auth/sign-in/email', { body: { email, password: newPassword } });
    cookie = cookieFrom(signedIn.res);
    for (const s of cookieSecrets(cookie)) keep('session cookie after the reset', s);
    // An API client's bearer token: the session cookie's value (answers never carry the token).
    const bearer = decodeURIComponent(cookie.split('; ').find((p) => p.includes('session_token='))!.split('=')[1]!);
    keep('bearer token', bearer);

    // The profile, with contact, phone, bank details and next of kin.
    const profile = {
      fullName: 'Tolu Adeyemi',
      contactInfo: 'tolu.private.contact@mailbox.example',
      phone: '+234 803 555 0147',
      bio: 'I build water pumps for farms.',
      address: '12 Marina Road, Lagos Island',
      bankName: 'First Harbour Bank',
      bankAccountNumber: '0123987456',
      bankAccountName: 'Tolulope Adeyemi Savings',
      nextOfKinName: 'Funmilayo Adeyemi',
      nextOfKinPhone: '+234 809 555 0199',
    };
    keep('contact info', profile.contactInfo);
    keep('phone', profile.phone);
    keep('phone digits', profile.phone.replace(/\D/g, ''));
    keep('address', profile.address);
    keep('bank account number', profile.bankAccountNumber);
    keep('bank account name', profile.bankAccountName);
    keep('next of kin name', profile.nextOfKinName);
    keep('next of kin phone', profile.nextOfKinPhone);
    await call('PATCH', '/api/profile', { cookie, body: profile });
    await call('GET', '/api/profile', { cookie });
    // The same through the bearer token an API client would use.
    await call('GET', '/api/profile', { headers: { authorization: `Bearer ${bearer}` } });

    // An image, an item, a message in its discussion, a bookmark, and the coupon sharing gave.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await pngImage(80, 60))], { type: 'image/png' }), `${email}.png`);
    const uploaded = await t.fetch('/api/uploads/idea-images', { method: 'POST', headers: { origin: new URL(t.url).origin, cookie }, body: form });
    expect(uploaded.status).toBe(201);
    const { url: imageUrl } = (await uploaded.json()) as { url: string };
    const shared = await call('POST', '/api/ideas', {
      cookie,
      status: 201,
      body: {
        category: 'idea',
        title: 'Solar water pump for small farms',
        description: 'A pump that runs on sunlight so farmers can water their crops without buying fuel.',
        price: 25000,
        currency: 'NGN',
        rating: 4,
        projectDetails: 'Prototype working in Ogun State.',
        imageUrl,
      },
    });
    const idea = shared.json.idea as { id: string };
    const coupon = shared.json.coupon as { id: string; code: string };
    keep('coupon code', coupon.code);
    await call('POST', `/api/ideas/${idea.id}/messages`, { cookie, status: 201, body: { content: 'Happy to answer questions about the pump.' } });
    await call('GET', `/api/ideas/${idea.id}/messages`, { cookie });
    await call('PUT', `/api/ideas/${idea.id}/save`, { cookie, status: 204 });
    await call('GET', '/api/me/saved', { cookie });
    await call('GET', '/api/me/coupons', { cookie });
    await call('POST', `/api/me/coupons/${coupon.id}/redeem`, { cookie });
    await call('GET', `/api/ideas?q=${encodeURIComponent(email)}`, { cookie });

    // An admin signs up (ADMIN_EMAILS), then looks the person up among users and payments.
    const adminEmail = [...secrets].find(([, what]) => what === 'admin email')![0];
    const adminPassword = 'Admin-Mangrove-Quiet-4410';
    keep('admin password', adminPassword);
    const admin = await newPerson('Admin Ola', adminEmail, adminPassword, adminIp);
    await call('GET', '/api/admin/me', { cookie: admin, from: adminIp });
    await call('GET', `/api/admin/users?q=${encodeURIComponent(email)}`, { cookie: admin, from: adminIp });
    await call('GET', '/api/admin/users', { cookie: admin, from: adminIp });
    await call('GET', `/api/admin/payments?q=${encodeURIComponent(profile.bankAccountNumber)}`, { cookie: admin, from: adminIp });
    await call('GET', '/api/admin/payments', { cookie: admin, from: adminIp });
    await call('GET', '/api/admin/financial', { cookie: admin, from: adminIp });
    await call('GET', `/api/admin/coupons?q=${encodeURIComponent(coupon.code)}`, { cookie: admin, from: adminIp });

    // Sign out; the old cookie is refused afterwards.
    await call('POST', '/api/auth/sign-out', { cookie, body: {} });
    await call('GET', '/api/profile', { cookie, status: 401 });
    await call('POST', '/api/auth/sign-out', { cookie: admin, body: {}, from: adminIp });

    // The log is there and is about this journey…
    const log = lines.join('');
    const records = log.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(records.length).toBeGreaterThan(30);
    expect(records.some((r) => r.path === '/api/profile' && r.method === 'PATCH' && r.status === 200)).toBe(true);
    expect(records.some((r) => r.msg === 'mail sent')).toBe(true);
    expect(records.some((r) => r.msg === 'admin role given (ADMIN_EMAILS)')).toBe(true);
    // The reset link's request is logged, with its token (in the path) redacted.
    expect(records.some((r) => r.path === '/api/auth/reset-password/[redacted]' && r.status === 302)).toBe(true);
    // …and holds none of the secrets, raw or as they would appear in a URL or JSON.
    const leaks: string[] = [];
    for (const [value, what] of secrets) {
      for (const form of new Set([value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)])) {
        if (log.toLowerCase().includes(form.toLowerCase())) leaks.push(`${what}: ${form}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(secrets.size).toBeGreaterThan(25);
    console.info(`log of the journey (${kind}): ${records.length} lines, ${secrets.size} secret values looked for, none found`);
  });
  it('logs an unexpected database failure without the values of the failed query', async () => {
    const from = lines.length;
    const person = await signedInUser(t, { name: 'Bisi Failing' });
    const values = { phone: '+234 805 555 0111', bankAccountNumber: '7777123456', bankAccountName: 'Bisi Hidden Holder', nextOfKinName: 'Kunle Hidden Kin' };
    // New rows only (NOT VALID): the profile save and this person's next sign-in now fail in the database.
    await t.db.execute(sql.raw(`alter table profiles add constraint log_test_no_bank check (bank_account_number is distinct from '${values.bankAccountNumber}') not valid`));
    await t.db.execute(sql.raw(`alter table sessions add constraint log_test_no_session check (user_id <> '${person.id}') not valid`));
    // Libraries print to the console (stderr is part of the log too): catch what they print.
    const printed: string[] = [];
    const spies = (['error', 'warn', 'log', 'info'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        printed.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack ?? ''}` : String(a))).join(' '));
      }),
    );
    let signInAnswer: { status: number; body: unknown };
    try {
      const res = await t.fetch('/api/profile', { method: 'PATCH', headers: site(person.cookie), body: JSON.stringify(values) });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } });
      const signIn = await t.fetch('/api/auth/sign-in/email', { method: 'POST', headers: site(), body: JSON.stringify({ email: person.email, password: person.password }) });
      signInAnswer = { status: signIn.status, body: await signIn.json().catch(() => null) };
    } finally {
      await t.db.execute(sql.raw('alter table profiles drop constraint log_test_no_bank'));
      await t.db.execute(sql.raw('alter table sessions drop constraint log_test_no_session'));
      for (const spy of spies) spy.mockRestore();
    }
    // The failed sign-in is a plain 500 with the one error body (and sets no cookie).
    expect(signInAnswer).toEqual({ status: 500, body: { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } } });
    const logged = lines.slice(from).join('');
    const log = `${logged}${printed.join('\n')}`;
    const records = logged.trim().split('\n').map((l) => JSON.parse(l) as { msg?: string; err?: { message?: string } });
    // Neither the log nor the console holds the values the person sent, their address, password or the new session token…
    for (const value of [...Object.values(values), person.email, person.password, 'params:']) {
      expect(log.includes(value), `${value} in the log`).toBe(false);
    }
    // …yet the failures are logged, with the statement and the database's reason.
    const unhandled = records.find((r) => r.msg === 'unhandled error');
    expect(unhandled?.err?.message).toMatch(/^Failed query: update "profiles"/);
    expect(JSON.stringify(unhandled?.err)).toContain('violates check constraint \\"log_test_no_bank\\"');
    expect(records.some((r) => r.msg === 'account request failed')).toBe(true);
  });
});

describe('the log of a mail the mail server refuses', () => {
  it('masks the address the mail server quotes back', async () => {
    // A mail server that refuses every recipient, quoting the address, as real ones do.
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        callback(Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 }));
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const port = (smtp.server.address() as AddressInfo).port;
    const t = await startTestServer('pglite', { env: { SMTP_URL: `smtp://127.0.0.1:${port}` }, logger: createLogger('debug', sink) });
    try {
      const email = uniqueEmail('bounced');
      const res = await t.fetch('/api/auth/sign-up/email', {
        method: 'POST',
        headers: { origin: new URL(t.url).origin, 'content-type': 'application/json', 'x-forwarded-for': randomClientIp() },
        body: JSON.stringify({ name: 'Bounced Bola', email, password: 'Bounced-Password-1234', callbackURL: '/auth/verified' }),
      });
      expect(res.status).toBeLessThan(500);
      // The confirmation mail is sent beside the answer: wait for its failure to be logged.
      const failureOf = () =>
        lines
          .join('')
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as { msg?: string; err?: string; to?: string })
          .find((r) => r.msg === 'mail could not be sent');
      await expect.poll(failureOf, { timeout: 15_000 }).toBeDefined();
      const failure = failureOf();
      const log = lines.join('');
      expect(failure?.err).toMatch(/Recipient address rejected/);
      expect(failure?.to).toMatch(/^bo\*\*\*@ex\*\*\*\.test$/);
      expect(log).not.toContain(email);
      expect(log).not.toContain(email.split('@')[0]);
      expect(log).not.toContain('Bounced-Password-1234');
    } finally {
      await t.stop();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
