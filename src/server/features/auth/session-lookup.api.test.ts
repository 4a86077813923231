/** The fast session lookup agrees with better-auth, and hands every unusual case to it. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.ts';
import { signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';

/** The session cookie's value (`token.signature`, URL-decoded) in a Cookie header. */
const cookieValue = (cookie: string) => decodeURIComponent(/(?:^|;\s*)ideahub\.session_token=([^;]*)/.exec(cookie)?.[1] ?? '');

describe.each(databaseKinds())('who is asking, on %s', (kind) => {
  const t = useTestServer(kind);
  const profile = (cookie: string) => t.fetch('/api/profile', { headers: { cookie } });
  const tokenOf = (cookie: string) => cookieValue(cookie).slice(0, cookieValue(cookie).lastIndexOf('.'));

  it('knows a signed-in person from the session cookie better-auth signed, and nobody from a forged or unknown one', async () => {
    const person = await signedInUser(t, { name: 'Fast Path' });
    expect(tokenOf(person.cookie)).toMatch(/\w{20,}/);
    expect((await profile(person.cookie)).status).toBe(200);
    // The same cookie among others, as a browser sends it.
    expect((await profile(`theme=dark; ${person.cookie}; other=1`)).status).toBe(200);

    const token = tokenOf(person.cookie);
    const forged = `ideahub.session_token=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
    expect((await profile(forged)).status).toBe(401);
    expect((await profile(`ideahub.session_token=${encodeURIComponent(token)}`)).status).toBe(401);
    expect((await profile('ideahub.session_token=unknown.token')).status).toBe(401);
    expect((await profile('ideahub.session_token=%E0%A4%A')).status).toBe(401);
  });

  it('ends at once when the session row is gone (signed out elsewhere)', async () => {
    const person = await signedInUser(t);
    expect((await profile(person.cookie)).status).toBe(200);
    await t.db.delete(sessions).where(eq(sessions.token, tokenOf(person.cookie)!));
    expect((await profile(person.cookie)).status).toBe(401);
  });

  it('lets better-auth decide for expired, due-for-renewal and banned sessions', async () => {
    const expired = await signedInUser(t);
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.token, tokenOf(expired.cookie)!));
    expect((await profile(expired.cookie)).status).toBe(401);
    // better-auth removes an expired session.
    expect(await t.db.select().from(sessions).where(eq(sessions.token, tokenOf(expired.cookie)!))).toEqual([]);

    // Renewed two hours ago under the default idle timeout (24 h, renewed after 1 h of use).
    const old = await signedInUser(t);
    const twoHoursUsed = new Date(Date.now() + (24 - 2) * 3600 * 1000);
    await t.db.update(sessions).set({ expiresAt: twoHoursUsed }).where(eq(sessions.token, tokenOf(old.cookie)!));
    expect((await profile(old.cookie)).status).toBe(200);
    const [renewed] = await t.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.token, tokenOf(old.cookie)!));
    expect(new Date(renewed!.expiresAt).getTime()).toBeGreaterThan(twoHoursUsed.getTime() + 3600 * 1000);

    const banned = await signedInUser(t);
    await t.db.update(users).set({ banned: true }).where(eq(users.id, banned.id));
    const res = await profile(banned.cookie);
    // Whatever better-auth answers for a banned person's old session is the rule; the fast path never says yes.
    const slow = await t.server.accounts.auth.api.getSession({ headers: new Headers({ cookie: banned.cookie }) });
    expect(res.status).toBe(slow ? 200 : 401);
  });

  it('takes the role from the database on every request', async () => {
    const person = await signedInUser(t);
    expect((await t.fetch('/api/admin/overview', { headers: { cookie: person.cookie } })).status).toBe(403);
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, person.id));
    expect((await t.fetch('/api/admin/overview', { headers: { cookie: person.cookie } })).status).toBe(200);
  });
});
