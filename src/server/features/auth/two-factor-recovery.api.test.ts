/**
 * Issue 30 point 6 over HTTP on a real database: two-factor recovery. An admin (not a moderator)
 * turns two-factor off for someone who lost their authenticator app: audited with actor and target,
 * the person is mailed, their open sessions are kept, and the password alone signs in again.
 * 'New backup codes' (better-auth's endpoint, behind the password) replaces the old codes and mails
 * the person. An account that signs in only with Google is told it has no password to set up
 * codes with, instead of being asked for one. The server trusts 127.0.0.1 as a proxy, so each test
 * acts from its own client address.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, mailOutbox, twoFactors, users } from '../../db/schema.ts';
import {
  cookieFrom,
  randomClientIp,
  type SignedInUser,
  sessionUser,
  signedInUser,
  signIn,
  siteHeaders,
} from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { useMailCatcher } from '../../../../tests/support/mail-catcher.ts';
import { changeSettings } from '../../../../tests/support/settings.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { turnOnTwoFactor, type TwoFactorSetup } from '../../../../tests/support/two-factor.ts';
import { adminUserSchema, adminUsersPageSchema, TWO_FACTOR_RESET_MESSAGES } from '../../../shared/schemas/admin.ts';
import { TWO_FACTOR_MESSAGES } from '../../../shared/schemas/auth.ts';

type ErrorBody = { error: { code: string; message: string } };
describe.each(databaseKinds())('two-factor recovery on %s', (kind) => {
  const mail = useMailCatcher();
  Object.assign(mail.env, { TRUSTED_PROXIES: '127.0.0.1' });
  const t = useTestServer(kind, { env: mail.env });
  let admin: SignedInUser;

  beforeAll(async () => {
    admin = await signedInUser(t, { role: 'admin', name: 'Ada Admin' });
    await changeSettings(t, admin, { enableTwoFactor: true });
  });

  const post = (path: string, body: unknown, cookie?: string, ip = randomClientIp()) =>
    t.fetch(path, { method: 'POST', headers: siteHeaders(t, cookie, { 'x-forwarded-for': ip }), body: JSON.stringify(body) });
  const twoFactorOf = async (userId: string) => (await t.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, userId)))[0]?.on;
  const resetFor = (userId: string, by: SignedInUser) => post(`/api/admin/users/${userId}/two-factor/reset`, {}, by.cookie);
  const auditFor = (userId: string) =>
    t.db.select().from(auditLog).where(and(eq(auditLog.targetId, userId), eq(auditLog.action, 'user.two_factor.reset')));
  const mailsTo = async (email: string) => t.db.select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.toAddress, email));

  /** The password step of sign-in: the body says whether a code is asked for next. */
  async function passwordStep(person: SignedInUser) {
    const ip = randomClientIp();
    const { res } = await signIn(t, { email: person.email, password: person.password }, { ip });
    expect(res.status).toBe(200);
    return { body: (await res.json()) as Record<string, unknown>, cookie: cookieFrom(res), ip };
  }

  it('an admin turns two-factor off for someone who lost their app: audited, mailed, sessions kept, the password signs in', async () => {
    const person = await signedInUser(t, { name: 'Lost Lola' });
    const on = await turnOnTwoFactor(t, person);
    expect((await passwordStep(person)).body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    // The Users list says who has it on.
    const list = await t.fetch(`/api/admin/users?q=${encodeURIComponent(person.email)}`, { headers: admin.headers });
    expect(adminUsersPageSchema.parse(await list.json()).items).toEqual([expect.objectContaining({ id: person.id, twoFactorEnabled: true })]);

    const res = await resetFor(person.id, admin);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(adminUserSchema.parse(await res.json())).toMatchObject({ id: person.id, twoFactorEnabled: false });
    expect(await twoFactorOf(person.id)).toBe(false);
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, person.id))).toEqual([]);

    // The password alone signs in now; the session the person had stays signed in.
    expect((await passwordStep(person)).body).toMatchObject({ user: { id: person.id } });
    expect(await sessionUser(t, on.cookie)).toMatchObject({ id: person.id });

    // Audited with who did it to whom.
    const [entry, ...more] = await auditFor(person.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actorId: admin.id, actorName: 'Ada Admin', targetType: 'user', targetId: person.id, targetTitle: 'Lost Lola' });
    const audit = await t.fetch('/api/admin/audit?q=two-factor', { headers: admin.headers });
    const items = ((await audit.json()) as { items: { action: string; target: { id: string } }[] }).items;
    expect(items.find((i) => i.target.id === person.id)?.action).toBe('user.two_factor.reset');

    // The person is told, by mail.
    const told = await mail.waitFor({ to: person.email, subject: /two-factor authentication was turned off/i });
    expect(told.text).toContain('turned off two-factor authentication on your account');
    expect(told.links).toContain(`${t.url}/profile`);

    // They can turn it on again, with a new secret.
    const again = await post('/api/auth/two-factor/enable', { password: person.password }, on.cookie);
    expect(again.status).toBe(200);
    expect(((await again.json()) as TwoFactorSetup).totpURI).not.toBe(on.totpURI);
  });

  it('only admins may: moderators, plain users and visitors are refused and nothing changes', async () => {
    const person = await signedInUser(t, { name: 'Kept Kunle' });
    await turnOnTwoFactor(t, person);
    const moderator = await signedInUser(t, { role: 'moderator', name: 'Mo Moderator' });
    const other = await signedInUser(t, { name: 'Other Ope' });
    const refused = await resetFor(person.id, moderator);
    expect(refused.status).toBe(403);
    expect((await resetFor(person.id, other)).status).toBe(403);
    expect((await post(`/api/admin/users/${person.id}/two-factor/reset`, {})).status).toBe(401);
    expect(await twoFactorOf(person.id)).toBe(true);
    expect(await auditFor(person.id)).toEqual([]);
    expect(await mailsTo(person.email)).toEqual([]);
    expect((await passwordStep(person)).body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
  });

  it('refuses one’s own account, someone who has it off, and an unknown person, changing nothing', async () => {
    const otherAdmin = await signedInUser(t, { role: 'admin', name: 'Self Sola' });
    const { cookie } = await turnOnTwoFactor(t, otherAdmin);
    const own = await resetFor(otherAdmin.id, { ...otherAdmin, cookie });
    expect(own.status).toBe(403);
    expect(((await own.json()) as ErrorBody).error.message).toBe(TWO_FACTOR_RESET_MESSAGES.ownAccount);
    expect(await twoFactorOf(otherAdmin.id)).toBe(true);

    const plain = await signedInUser(t, { name: 'Plain Pat' });
    const off = await resetFor(plain.id, admin);
    expect(off.status).toBe(409);
    expect(((await off.json()) as ErrorBody).error).toEqual({ code: 'conflict', message: TWO_FACTOR_RESET_MESSAGES.alreadyOff });
    expect((await resetFor(randomUUID(), admin)).status).toBe(404);
    expect([...(await auditFor(otherAdmin.id)), ...(await auditFor(plain.id))]).toEqual([]);
    expect([...(await mailsTo(otherAdmin.email)), ...(await mailsTo(plain.email))]).toEqual([]);
  });

  it('New backup codes: behind the password, the old codes stop working, the new ones work once, the person is mailed', async () => {
    const person = await signedInUser(t, { name: 'Codes Chioma' });
    const on = await turnOnTwoFactor(t, person);
    const wrong = await post('/api/auth/two-factor/generate-backup-codes', { password: 'not my password' }, on.cookie);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ErrorBody).error).toEqual({ code: 'invalid_password', message: TWO_FACTOR_MESSAGES.wrongPassword });
    expect(await mailsTo(person.email)).toEqual([]);

    const made = await post('/api/auth/two-factor/generate-backup-codes', { password: person.password }, on.cookie);
    expect(made.status).toBe(200);
    const { backupCodes } = (await made.json()) as { backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);
    expect(backupCodes.some((c) => on.backupCodes.includes(c))).toBe(false);

    const oldTry = await passwordStep(person);
    const old = await post('/api/auth/two-factor/verify-backup-code', { code: on.backupCodes[0] }, oldTry.cookie, oldTry.ip);
    expect(old.status).toBe(401);
    const fresh = await post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] }, oldTry.cookie, oldTry.ip);
    expect(fresh.status).toBe(200);
    const again = await passwordStep(person);
    expect((await post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] }, again.cookie, again.ip)).status).toBe(401);

    const told = await mail.waitFor({ to: person.email, subject: /new backup codes/i });
    expect(told.text).toContain('The codes you had before no longer work.');
    for (const code of backupCodes) expect(told.text).not.toContain(code);
  });

  it('an account that signs in only with Google is told it has no password to set up codes with', async () => {
    const person = await signedInUser(t, { name: 'Google Gozie' });
    // Its session stays; its only way in becomes the provider.
    await t.db.delete(accounts).where(eq(accounts.userId, person.id));
    await t.db.insert(accounts).values({ id: randomUUID(), accountId: `sub-${person.id}`, providerId: 'google', userId: person.id });
    const methods = await t.fetch('/api/auth/list-accounts', { headers: { cookie: person.cookie } });
    expect(((await methods.json()) as { providerId: string }[]).map((a) => a.providerId)).toEqual(['google']);

    const res = await post('/api/auth/two-factor/enable', { password: 'anything at all' }, person.cookie);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: 'no_password', message: TWO_FACTOR_MESSAGES.googleOnly } });
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, person.id))).toEqual([]);
    expect(await twoFactorOf(person.id)).toBe(false);
  });
});
