/**
 * Issue 14 point 18, the admin setting enableTwoFactor, over HTTP on a real database: with it on,
 * a person turns on authenticator codes (password, then a code), sign-in then asks for a code,
 * a backup code works once, turning it off needs the password; with it off nobody can turn it on,
 * and those who had it are still asked. Secrets are stored encrypted, never answered after the
 * set-up, never in the export; session tokens stay in the cookie; wrong codes are throttled. The
 * server trusts 127.0.0.1 as a proxy, so tests act from their own client addresses.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { settings, twoFactors, users } from '../../db/schema.ts';
import {
  cookieFrom,
  mergeCookies,
  randomClientIp,
  type SignedInUser,
  sessionUser,
  signedInUser,
  signIn,
  siteHeaders,
} from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { INSTANCES_PUBLIC_URL, type Instance, useInstances } from '../../../../tests/support/instances.ts';
import { changeSettings } from '../../../../tests/support/settings.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { totpCode, turnOnTwoFactor, type TwoFactorSetup } from '../../../../tests/support/two-factor.ts';
import { TWO_FACTOR_MESSAGES } from '../../../shared/schemas/auth.ts';
import { COOKIE_PREFIX } from './auth.ts';
import { TWO_FACTOR_LOCKOUT } from './rate-limits.ts';

type ErrorBody = { error: { code: string; message: string } };
/** Every key path named `token` in a JSON value. */
function tokenKeys(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => tokenKeys(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [...(k === 'token' ? [`${path}.${k}`] : []), ...tokenKeys(v, `${path}.${k}`)]);
  }
  return [];
}

function secretOf(totpURI: string): string {
  return new URL(totpURI).searchParams.get('secret')!;
}

const SESSION = `${COOKIE_PREFIX}.session_token=`;
const hasSession = (res: Response) => res.headers.getSetCookie().some((c) => c.startsWith(SESSION) && !c.startsWith(`${SESSION};`));

describe.each(databaseKinds())('two-factor authentication on %s', (kind) => {
  const t = useTestServer(kind, { env: { TRUSTED_PROXIES: '127.0.0.1' } });
  let admin: SignedInUser;

  beforeAll(async () => {
    admin = await signedInUser(t, { role: 'admin', name: 'Ada Admin' });
  });

  /** POST /api/auth/two-factor/<path> as a browser on the site (cookie optional), from `ip`. */
  const post = (path: string, body: unknown, cookie?: string, ip = randomClientIp()) =>
    t.fetch(`/api/auth/two-factor/${path}`, {
      method: 'POST',
      headers: siteHeaders(t, cookie, { 'x-forwarded-for': ip }),
      body: JSON.stringify(body),
    });

  /** Password sign-in over HTTP: the challenge's cookie when a code is asked for. */
  async function passwordStep(person: SignedInUser, ip = randomClientIp()) {
    const { res } = await signIn(t, { email: person.email, password: person.password }, { ip });
    expect(res.status).toBe(200);
    return { res, body: (await res.json()) as Record<string, unknown>, cookie: cookieFrom(res), ip };
  }

  it('refuses to turn it on while the setting is off (visitors: sign in first)', async () => {
    await changeSettings(t, admin, { enableTwoFactor: false });
    const config = (await (await t.fetch('/api/auth-config')).json()) as { twoFactor: boolean };
    expect(config.twoFactor).toBe(false);
    const person = await signedInUser(t, { name: 'Off Olu' });
    const refused = await post('enable', { password: person.password }, person.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: { code: 'two_factor_off', message: TWO_FACTOR_MESSAGES.off } });
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, person.id))).toEqual([]);
    const visitor = await post('enable', { password: 'anything at all' });
    expect(visitor.status).toBe(401);
    // Codes by mail or text message are not offered at all.
    expect((await post('send-otp', {}, person.cookie)).status).toBe(404);
    expect((await post('verify-otp', { code: '123456' }, person.cookie)).status).toBe(404);
  });

  it('turns on with the password and a code; sign-in then asks for the code; no token in any answer', async () => {
    await changeSettings(t, admin, { enableTwoFactor: true });
    const config = (await (await t.fetch('/api/auth-config')).json()) as { twoFactor: boolean };
    expect(config.twoFactor).toBe(true);
    const person = await signedInUser(t, { name: 'Tola Totp' });

    const wrong = await post('enable', { password: 'not my password' }, person.cookie);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ErrorBody).error).toEqual({ code: 'invalid_password', message: TWO_FACTOR_MESSAGES.wrongPassword });

    const enabled = await post('enable', { password: person.password }, person.cookie);
    expect(enabled.status).toBe(200);
    const setup = (await enabled.json()) as TwoFactorSetup;
    expect(setup.totpURI).toMatch(/^otpauth:\/\/totp\/IdeaHub:/);
    expect(setup.totpURI).toContain(encodeURIComponent(person.email));
    expect(setup.backupCodes).toHaveLength(10);
    // Stored encrypted: neither the secret nor a backup code is in the row.
    const [row] = await t.db.select().from(twoFactors).where(eq(twoFactors.userId, person.id));
    expect(row?.verified).toBe(false);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(secretOf(setup.totpURI));
    for (const code of setup.backupCodes) expect(stored).not.toContain(code);
    // Not on until a code confirms the app has it.
    expect((await t.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, person.id)))[0]?.on).toBe(false);

    const badCode = await post('verify-totp', { code: '000000' === totpCode(setup.totpURI) ? '111111' : '000000' }, person.cookie);
    expect(badCode.status).toBe(401);
    expect(((await badCode.json()) as ErrorBody).error).toEqual({ code: 'invalid_code', message: TWO_FACTOR_MESSAGES.wrongCode });
    const confirmed = await post('verify-totp', { code: totpCode(setup.totpURI) }, person.cookie);
    expect(confirmed.status).toBe(200);
    const confirmedText = await confirmed.text();
    expect(tokenKeys(JSON.parse(confirmedText))).toEqual([]);
    expect(confirmed.headers.get('set-auth-token')).toBeNull();
    expect((await t.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, person.id)))[0]?.on).toBe(true);
    expect((await t.db.select().from(twoFactors).where(eq(twoFactors.userId, person.id)))[0]?.verified).toBe(true);

    // Sign-in: the password alone opens no session, it asks for the code.
    const step = await passwordStep(person);
    expect(step.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(hasSession(step.res)).toBe(false);
    expect(await sessionUser(t, step.cookie)).toBeNull();

    const again = await post('verify-totp', { code: '12345x' }, step.cookie, step.ip);
    expect(again.status).toBe(401);
    // The next code: the one that confirmed the set-up has been used (issue 30 point 3).
    const signedIn = await post('verify-totp', { code: totpCode(setup.totpURI, 1) }, step.cookie, step.ip);
    expect(signedIn.status).toBe(200);
    expect(hasSession(signedIn)).toBe(true);
    const text = await signedIn.text();
    expect(tokenKeys(JSON.parse(text))).toEqual([]);
    const sessionCookie = mergeCookies(step.cookie, cookieFrom(signedIn));
    const token = decodeURIComponent(sessionCookie.split('; ').find((p) => p.startsWith(SESSION))!.split('=')[1]!).split('.')[0]!;
    expect(text).not.toContain(token);
    for (const [header, value] of signedIn.headers) if (header !== 'set-cookie') expect(value.includes(token), header).toBe(false);
    expect(await sessionUser(t, sessionCookie)).toMatchObject({ id: person.id });
    // The challenge is spent: its cookie opens nothing more.
    const spent = await post('verify-totp', { code: totpCode(setup.totpURI, 1) }, step.cookie, step.ip);
    expect(spent.status).toBe(401);
    expect(((await spent.json()) as ErrorBody).error.code).toBe('invalid_two_factor_cookie');
  });

  it('a backup code signs in once', async () => {
    await changeSettings(t, admin, { enableTwoFactor: true });
    const person = await signedInUser(t, { name: 'Backup Bisi' });
    const { backupCodes } = await turnOnTwoFactor(t, person);
    const [first, second] = backupCodes as [string, string];

    const one = await passwordStep(person);
    const used = await post('verify-backup-code', { code: first }, one.cookie, one.ip);
    expect(used.status).toBe(200);
    expect(tokenKeys(await used.json())).toEqual([]);
    expect(await sessionUser(t, mergeCookies(one.cookie, cookieFrom(used)))).toMatchObject({ id: person.id });

    const two = await passwordStep(person);
    const reused = await post('verify-backup-code', { code: first }, two.cookie, two.ip);
    expect(reused.status).toBe(401);
    expect(((await reused.json()) as ErrorBody).error).toEqual({ code: 'invalid_backup_code', message: TWO_FACTOR_MESSAGES.wrongBackupCode });
    const other = await post('verify-backup-code', { code: second }, two.cookie, two.ip);
    expect(other.status).toBe(200);
  });

  it('a code is accepted once per account: the set-up code does not sign in from elsewhere, the next one does', async () => {
    await changeSettings(t, admin, { enableTwoFactor: true });
    const person = await signedInUser(t, { name: 'Once Onome' });
    const started = (await (await post('enable', { password: person.password }, person.cookie)).json()) as TwoFactorSetup;
    const code = totpCode(started.totpURI);
    expect((await post('verify-totp', { code }, person.cookie)).status).toBe(200);

    // A new sign-in, from another address, inside the code's window: the same code is refused.
    const step = await passwordStep(person);
    const reused = await post('verify-totp', { code }, step.cookie, step.ip);
    expect(reused.status).toBe(401);
    expect(await reused.json()).toEqual({ error: { code: 'code_already_used', message: TWO_FACTOR_MESSAGES.codeAlreadyUsed } });
    expect(hasSession(reused)).toBe(false);
    // The challenge is not spent by it: the next code signs in.
    const next = totpCode(started.totpURI, 1);
    const signedIn = await post('verify-totp', { code: next }, step.cookie, step.ip);
    expect(signedIn.status).toBe(200);
    expect(hasSession(signedIn)).toBe(true);

    // That code has been used now too, for any later sign-in.
    const later = await passwordStep(person);
    const again = await post('verify-totp', { code: next }, later.cookie, later.ip);
    expect(again.status).toBe(401);
    expect(((await again.json()) as ErrorBody).error.code).toBe('code_already_used');
    // Nor does an earlier code of the window come back into use.
    expect((await post('verify-totp', { code }, later.cookie, later.ip)).status).toBe(401);
  });

  it('two sign-ins racing with one fresh code: exactly one gets a session', async () => {
    await changeSettings(t, admin, { enableTwoFactor: true });
    const person = await signedInUser(t, { name: 'Race Remi' });
    const { totpURI } = await turnOnTwoFactor(t, person);
    const [one, two] = await Promise.all([passwordStep(person), passwordStep(person)]);
    const code = totpCode(totpURI, 1);
    const answers = await Promise.all([post('verify-totp', { code }, one.cookie, one.ip), post('verify-totp', { code }, two.cookie, two.ip)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
    expect(answers.filter(hasSession)).toHaveLength(1);
    const loser = answers.find((r) => r.status === 401)!;
    expect(((await loser.json()) as ErrorBody).error.code).toBe('code_already_used');
  });

  it('turning it off needs the password; then the password alone signs in', async () => {
    await changeSettings(t, admin, { enableTwoFactor: true });
    const person = await signedInUser(t, { name: 'Done Dayo' });
    const { cookie } = await turnOnTwoFactor(t, person);
    const wrong = await post('disable', { password: 'not my password' }, cookie);
    expect(wrong.status).toBe(400);
    expect((await t.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, person.id)))[0]?.on).toBe(true);
    const off = await post('disable', { password: person.password }, cookie);
    expect(off.status).toBe(200);
    expect((await t.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, person.id)))[0]?.on).toBe(false);
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, person.id))).toEqual([]);
    const step = await passwordStep(person);
    expect(step.body).toMatchObject({ user: { id: person.id } });
  });

  it('with the setting turned off, those who have it are still asked and may turn it off; nobody turns it on', async () => {
    await changeSettings(t, admin, { enableTwoFactor: true });
    const keeper = await signedInUser(t, { name: 'Keeper Kemi' });
    const keeperOn = await turnOnTwoFactor(t, keeper);
    const halfway = await signedInUser(t, { name: 'Halfway Hamza' });
    const started = await post('enable', { password: halfway.password }, halfway.cookie);
    const halfwaySetup = (await started.json()) as TwoFactorSetup;
    await changeSettings(t, admin, { enableTwoFactor: false });

    const step = await passwordStep(keeper);
    expect(step.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect((await post('verify-totp', { code: totpCode(keeperOn.totpURI, 1) }, step.cookie, step.ip)).status).toBe(200);

    // A set-up begun before cannot be finished now.
    const finish = await post('verify-totp', { code: totpCode(halfwaySetup.totpURI) }, halfway.cookie);
    expect(finish.status).toBe(403);
    expect(((await finish.json()) as ErrorBody).error.code).toBe('two_factor_off');
    expect((await t.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, halfway.id)))[0]?.on).toBe(false);
    expect((await passwordStep(halfway)).body).toMatchObject({ user: { id: halfway.id } });

    const off = await post('disable', { password: keeper.password }, keeperOn.cookie);
    expect(off.status).toBe(200);
    expect((await passwordStep(keeper)).body).toMatchObject({ user: { id: keeper.id } });
  });

  it('throttles the second step: 5 codes per sign-in, a lock after 10 wrong in a row, 20 tries per address', async () => {
    await changeSettings(t, admin, { enableTwoFactor: true });
    const person = await signedInUser(t, { name: 'Guess Gbenga' });
    const { totpURI } = await turnOnTwoFactor(t, person);
    const wrongCode = () => {
      const right = new Set([-1, 0, 1].map((o) => totpCode(totpURI, o)));
      let code = '000000';
      while (right.has(code)) code = String(Number(code) + 1).padStart(6, '0');
      return code;
    };

    // One sign-in allows 5 codes; then even the right one needs a new sign-in.
    const first = await passwordStep(person);
    for (let i = 0; i < 5; i++) expect((await post('verify-totp', { code: wrongCode() }, first.cookie, first.ip)).status).toBe(401);
    const spent = await post('verify-totp', { code: totpCode(totpURI, 1) }, first.cookie, first.ip);
    expect(spent.status).toBe(400);
    expect(((await spent.json()) as ErrorBody).error.message).toBe(TWO_FACTOR_MESSAGES.tooManyCodes);

    // 10 wrong codes in a row (across sign-ins) lock the second step, even for the right code.
    const second = await passwordStep(person);
    for (let i = 0; i < 5; i++) expect((await post('verify-totp', { code: wrongCode() }, second.cookie, second.ip)).status).toBe(401);
    const third = await passwordStep(person);
    const locked = await post('verify-totp', { code: totpCode(totpURI, 1) }, third.cookie, third.ip);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBe(TWO_FACTOR_LOCKOUT.durationSeconds);
    expect(((await locked.json()) as ErrorBody).error).toEqual({ code: 'too_many_requests', message: 'Too many attempts. Please wait 15 minutes and try again.' });

    // Per client address: 20 tries in 10 minutes, whatever they are.
    const ip = randomClientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await post('verify-backup-code', { code: 'AAAAA-BBBBB' }, undefined, ip)).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('the data export says whether sign-in asks for a code, and holds no secret of it', async () => {
    await changeSettings(t, admin, { enableTwoFactor: true });
    const person = await signedInUser(t, { name: 'Export Efe' });
    const on = await turnOnTwoFactor(t, person);
    const res = await t.fetch('/api/me/export', { headers: { cookie: on.cookie } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect((JSON.parse(text) as { account: { twoFactorEnabled: boolean } }).account.twoFactorEnabled).toBe(true);
    expect(text).not.toContain(secretOf(on.totpURI));
    for (const code of on.backupCodes) expect(text).not.toContain(code);
    const [row] = await t.db.select().from(twoFactors).where(eq(twoFactors.userId, person.id));
    expect(text).not.toContain(row!.secret);
  });
});


describe.each(databaseKinds())('authenticator codes across two instances on %s', (kind) => {
  // PGlite is one process: there it is one instance seen as both.
  const instances = useInstances(kind, { TRUSTED_PROXIES: '127.0.0.1' });

  beforeAll(async () => {
    await instances.a.db.insert(settings).values({ key: 'platform', value: { enableTwoFactor: true } });
  });

  const post = (on: Instance, path: string, body: unknown, cookie?: string, ip = randomClientIp()) =>
    on.fetch(`/api/auth/two-factor/${path}`, {
      method: 'POST',
      headers: { ...siteHeaders(on, cookie, { 'x-forwarded-for': ip }), origin: INSTANCES_PUBLIC_URL },
      body: JSON.stringify(body),
    });
  const passwordStep = async (on: Instance, person: SignedInUser) => {
    const ip = randomClientIp();
    const res = await on.fetch('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { ...siteHeaders(on, undefined, { 'x-forwarded-for': ip }), origin: INSTANCES_PUBLIC_URL },
      body: JSON.stringify({ email: person.email, password: person.password }),
    });
    expect(await res.clone().json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    return { cookie: cookieFrom(res), ip };
  };

  it('a code used on one instance is refused on the other', async () => {
    const { a, b } = instances;
    const person = await signedInUser(a, { name: 'Twin Tayo' });
    const setup = (await (await post(a, 'enable', { password: person.password }, person.cookie)).json()) as TwoFactorSetup;
    const code = totpCode(setup.totpURI);
    expect((await post(a, 'verify-totp', { code }, person.cookie)).status).toBe(200);

    const onB = await passwordStep(b, person);
    const reused = await post(b, 'verify-totp', { code }, onB.cookie, onB.ip);
    expect(reused.status).toBe(401);
    expect(((await reused.json()) as ErrorBody).error.code).toBe('code_already_used');

    // Racing with the next code, one sign-in on each instance: one session.
    const onA = await passwordStep(a, person);
    const next = totpCode(setup.totpURI, 1);
    const answers = await Promise.all([post(a, 'verify-totp', { code: next }, onA.cookie, onA.ip), post(b, 'verify-totp', { code: next }, onB.cookie, onB.ip)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
    expect(answers.filter(hasSession)).toHaveLength(1);
  });
});
