/**
 * Acting as signed-in people in API tests.
 *
 * Quick (no HTTP sign-up, no mail, no rate limits): a confirmed account made through better-auth
 * itself, signed in, with the cookie and headers to send:
 *
 *   const alice = await signedInUser(t, { name: 'Alice Obi' });
 *   const bob = await signedInUser(t, { role: 'admin' });
 *   await t.fetch('/api/profile', { headers: alice.headers });                       // reads
 *   await t.fetch('/api/profile', { method: 'PATCH', headers: alice.headers, body }); // writes
 *
 * `headers` carries the session cookie, the site's Origin (state-changing requests from any
 * other origin are refused) and a JSON content type.
 *
 * The real flow over HTTP (sign-up → mail → link → session) is signUpAndConfirm / signIn.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { accounts, users } from '../../src/server/db/schema.ts';
import { hashPassword } from '../../src/server/lib/password.ts';
import type { Role } from '../../src/shared/schemas/auth.ts';
import { createUser } from './factories.ts';
import type { TestServer } from './test-server.ts';

export const TEST_PASSWORD = 'correct horse battery staple';

let seq = 0;
export function uniqueEmail(prefix = 'person'): string {
  return `${prefix}-${Date.now().toString(36)}-${(seq++).toString(36)}${randomBytes(2).toString('hex')}@example.test`;
}

/** A random documentation-range address, so each test client gets its own rate-limit bucket. */
export function randomClientIp(): string {
  const b = randomBytes(2);
  return `198.51.${b[0]}.${b[1]! % 254 + 1}`;
}

/** The `name=value` pairs of every Set-Cookie in `res`, joined for a Cookie header ('' if none). */
export function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!.trim())
    .filter((pair) => pair.split('=')[1] !== '')
    .join('; ');
}

/** Merges cookie headers; later values win. Cookies being deleted (empty value) are dropped. */
export function mergeCookies(...headers: (string | undefined)[]): string {
  const jar = new Map<string, string>();
  for (const h of headers) {
    for (const pair of (h ?? '').split(';')) {
      const [name, ...rest] = pair.trim().split('=');
      if (!name) continue;
      const value = rest.join('=');
      if (value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** Headers a browser on the site would send: Origin, JSON, and the cookie if any. */
export function siteHeaders(t: Pick<TestServer, 'url'>, cookie?: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    origin: new URL(t.url).origin,
    'content-type': 'application/json',
    ...(cookie ? { cookie } : {}),
    ...extra,
  };
}

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  password: string;
  role: Role;
  /** Cookie header value carrying the session. */
  cookie: string;
  /** cookie + origin + content-type: pass as `headers` to t.fetch. */
  headers: Record<string, string>;
}

export interface SignedInUserOptions {
  name?: string;
  email?: string;
  password?: string;
  role?: Role;
}

/**
 * A confirmed account with a live session, made without HTTP sign-up (see the module comment):
 * the rows a confirmed sign-up leaves (user, profile, credential account with an argon2id hash),
 * then a real sign-in through better-auth. Works whatever the platform settings say (closed
 * registrations, password length), so tests of those settings can still make people.
 */
export async function signedInUser(t: TestServer, opts: SignedInUserOptions = {}): Promise<SignedInUser> {
  const auth = t.server.accounts.auth;
  const name = opts.name ?? 'Ada Lovelace';
  const email = (opts.email ?? uniqueEmail()).toLowerCase();
  const password = opts.password ?? TEST_PASSWORD;
  const role = opts.role ?? 'user';
  const row = await createUser(t.db, { name, email, role, emailVerified: true, contactInfo: null });
  await t.db.insert(accounts).values({ id: randomUUID(), accountId: row.id, providerId: 'credential', userId: row.id, password: await hashPassword(password) });
  const res = await auth.api.signInEmail({ body: { email, password }, asResponse: true });
  if (!res.ok) throw new Error(`signedInUser: sign-in failed (${res.status}): ${await res.text()}`);
  const cookie = cookieFrom(res);
  const [after] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, row.id));
  return { id: row.id, email, name, password, role: (after?.role ?? role) as Role, cookie, headers: siteHeaders(t, cookie) };
}

/** POST /api/auth/sign-up/email over HTTP, as the sign-up form does. */
export function signUp(
  t: TestServer,
  input: { name: string; email: string; password: string; callbackURL?: string },
  opts: { ip?: string; origin?: string } = {},
): Promise<Response> {
  return t.fetch('/api/auth/sign-up/email', {
    method: 'POST',
    headers: siteHeaders(t, undefined, { ...(opts.ip ? { 'x-forwarded-for': opts.ip } : {}), ...(opts.origin ? { origin: opts.origin } : {}) }),
    body: JSON.stringify({ callbackURL: '/auth/verified', ...input }),
  });
}

/** POST /api/auth/sign-in/email over HTTP; `cookie` is the new session ('' when refused). */
export async function signIn(
  t: TestServer,
  input: { email: string; password: string },
  opts: { ip?: string } = {},
): Promise<{ res: Response; cookie: string }> {
  const res = await t.fetch('/api/auth/sign-in/email', {
    method: 'POST',
    headers: siteHeaders(t, undefined, opts.ip ? { 'x-forwarded-for': opts.ip } : {}),
    body: JSON.stringify(input),
  });
  return { res, cookie: res.ok ? cookieFrom(res) : '' };
}

/** GET /api/auth/get-session with `cookie`: the user, or null when the session is not valid. */
export async function sessionUser(t: TestServer, cookie: string): Promise<{ id: string; email: string; name: string; role: string; emailVerified: boolean } | null> {
  const res = await t.fetch('/api/auth/get-session', { headers: { cookie } });
  if (!res.ok) throw new Error(`get-session answered ${res.status}`);
  const body = (await res.json()) as { user?: { id: string; email: string; name: string; role: string; emailVerified: boolean } } | null;
  return body?.user ?? null;
}

/** Something that receives the app's mails: the SMTP mail catcher, or the development outbox. */
export interface Mailbox {
  /** The link of the newest mail to `to` whose subject matches. */
  linkFor(to: string, subject: RegExp, contains: string): Promise<string>;
}

export function catcherMailbox(catcher: {
  waitFor(m: { to?: string; subject?: RegExp }): Promise<{ links: string[]; subject: string }>;
}): Mailbox {
  return {
    async linkFor(to, subject, contains) {
      const mail = await catcher.waitFor({ to, subject });
      const link = mail.links.find((l) => l.includes(contains));
      if (!link) throw new Error(`no link containing ${contains} in "${mail.subject}"`);
      return link;
    },
  };
}

/** The development outbox of the test server (no SMTP_URL). */
export function outboxMailbox(t: TestServer): Mailbox {
  return {
    async linkFor(to, subject, contains) {
      const outbox = t.server.accounts.mailer.outbox;
      if (!outbox) throw new Error('the test server sends real mail (SMTP_URL): use catcherMailbox');
      // Mails wait in the mail outbox until its sender's next round: run one now.
      await t.server.mailOutbox.runOnce();
      const mail = outbox.list().find((m) => m.to === to && subject.test(m.subject) && m.link?.includes(contains));
      if (!mail?.link) throw new Error(`no outbox mail to ${to} matching ${subject}`);
      return mail.link;
    },
  };
}

/**
 * The whole flow over HTTP: sign up, take the confirmation link from the mail, follow it.
 * Returns the session cookie the confirmation sets (confirming signs the person in).
 */
export async function signUpAndConfirm(
  t: TestServer,
  mailbox: Mailbox,
  input: { name?: string; email?: string; password?: string } = {},
  opts: { ip?: string } = {},
): Promise<{ email: string; password: string; name: string; cookie: string; id: string }> {
  const name = input.name ?? 'Grace Hopper';
  const email = (input.email ?? uniqueEmail()).toLowerCase();
  const password = input.password ?? TEST_PASSWORD;
  const res = await signUp(t, { name, email, password }, opts);
  if (!res.ok) throw new Error(`sign-up failed (${res.status}): ${await res.text()}`);
  const link = await mailbox.linkFor(email, /confirm/i, '/api/auth/verify-email');
  const confirmed = await fetch(link, { redirect: 'manual' });
  if (confirmed.status !== 302) throw new Error(`confirmation link answered ${confirmed.status}`);
  const cookie = cookieFrom(confirmed);
  const user = await sessionUser(t, cookie);
  if (!user) throw new Error('confirmation did not sign the person in');
  return { email, password, name, cookie, id: user.id };
}
