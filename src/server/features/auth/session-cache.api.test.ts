/**
 * The session cache (issue 29): an instance keeps who a session belongs to, and every instance
 * forgets a person as soon as their sessions or account change, wherever the change was made. The
 * cache here lives a minute, so an answer that changes within a second comes from the notice alone.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser, TEST_PASSWORD } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea } from '../../../../tests/support/factories.ts';
import { type Instance, INSTANCES_PUBLIC_URL, useInstances } from '../../../../tests/support/instances.ts';
import { ideaListResponseSchema } from '../../../shared/schemas/ideas.ts';
import { setRole } from '../../cli.ts';
import { sessions } from '../../db/schema.ts';

/** Asks until `done` says yes, for up to `ms`; how long it took, or null when it never did. */
async function within(ms: number, ask: () => Promise<boolean>): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < ms) {
    if (await ask()) return performance.now() - started;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return null;
}

/** A browser's headers on the site both instances serve. */
const site = (cookie: string) => ({ origin: INSTANCES_PUBLIC_URL, 'content-type': 'application/json', cookie });

const status = async (server: Instance, path: string, cookie: string) => (await server.fetch(path, { headers: { cookie } })).status;

describe.each(databaseKinds())('the session cache on %s', (kind) => {
  // A and B over one database (PGlite: one instance seen as both).
  const instances = useInstances(kind, { SESSION_CACHE_MS: '60000' });

  it('a session signed out through A is refused by B within a second', async () => {
    const { a, b } = instances;
    const person = await signedInUser(a);
    expect(await status(b, '/api/profile', person.cookie)).toBe(200);
    expect(await status(b, '/api/profile', person.cookie)).toBe(200);
    const out = await a.fetch('/api/auth/sign-out', { method: 'POST', headers: site(person.cookie), body: '{}' });
    expect(out.status).toBe(200);
    expect(await within(1000, async () => (await status(b, '/api/profile', person.cookie)) === 401)).not.toBeNull();
  });

  it('a role changed, sessions revoked and a password changed elsewhere are seen by B within a second', async () => {
    const { a, b } = instances;
    const admin = await signedInUser(a, { role: 'admin' });
    const moderator = await signedInUser(a, { role: 'moderator' });
    expect(await status(b, '/api/admin/reports', moderator.cookie)).toBe(200);
    const demoted = await a.fetch(`/api/admin/users/${moderator.id}/role`, { method: 'PATCH', headers: site(admin.cookie), body: JSON.stringify({ role: 'user' }) });
    expect(demoted.status).toBe(200);
    expect(await within(1000, async () => (await status(b, '/api/admin/reports', moderator.cookie)) === 403)).not.toBeNull();
    // From the command line too: no server code is involved in the change.
    expect(await status(b, '/api/admin/overview', admin.cookie)).toBe(200);
    expect(await setRole(a.database, admin.email, 'user')).toEqual({ previous: 'admin' });
    expect(await within(1000, async () => (await status(b, '/api/admin/overview', admin.cookie)) === 403)).not.toBeNull();

    const revoked = await signedInUser(a);
    expect(await status(b, '/api/profile', revoked.cookie)).toBe(200);
    await a.db.delete(sessions).where(eq(sessions.userId, revoked.id));
    expect(await within(1000, async () => (await status(b, '/api/profile', revoked.cookie)) === 401)).not.toBeNull();

    const person = await signedInUser(a);
    expect(await status(b, '/api/profile', person.cookie)).toBe(200);
    const change = await a.fetch('/api/auth/change-password', {
      method: 'POST',
      headers: site(person.cookie),
      body: JSON.stringify({ currentPassword: TEST_PASSWORD, newPassword: 'another long passphrase', revokeOtherSessions: true }),
    });
    expect(change.status).toBe(200);
    expect(await within(1000, async () => (await status(b, '/api/profile', person.cookie)) === 401)).not.toBeNull();
  });

  it('a person who shares the item that makes them premium finds hidden text on B within a second', async () => {
    const { a, b } = instances;
    const owner = await signedInUser(a);
    const hidden = `hidden${randomBytes(6).toString('hex')}`;
    const item = await createIdea(a.db, { userId: owner.id, description: `${'A long enough opening. '.repeat(6)}Then ${hidden} past the preview.` });
    const reader = await signedInUser(a);
    for (let i = 0; i < 20; i++) await createIdea(a.db, { userId: reader.id });
    const found = async () => {
      const res = await b.fetch(`/api/ideas?q=${hidden}`, { headers: { cookie: reader.cookie } });
      return ideaListResponseSchema.parse(await res.json()).items.map((i) => i.id);
    };
    // Twenty items: not premium (more than 20 needed), and B keeps that.
    expect(await found()).toEqual([]);
    expect(await found()).toEqual([]);
    await createIdea(a.db, { userId: reader.id });
    expect(await within(1000, async () => (await found()).includes(item.id))).not.toBeNull();
  });
});
