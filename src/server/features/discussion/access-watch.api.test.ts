/**
 * An open stream ends within 5 s of its viewer losing access (issue 14 point 12): signing out,
 * being banned, losing premium (items deleted, or the admin raising the threshold). A viewer who
 * keeps access keeps receiving messages. Default check interval (access-watch.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cookieFrom, signedInUser, type SignedInUser, siteHeaders } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea } from '../../../../tests/support/factories.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { ideas, settings, users } from '../../db/schema.ts';
import { openSse, type SseClient } from './testing/sse-client.ts';
import { personWithItems, postOk } from './testing/people.ts';

const ready = (s: SseClient) => s.waitUntil((c) => c.comments.includes('ready'), 10_000, 'ready');
const DEADLINE_MS = 5000;

/** Resolves with how long the stream took to end after now; fails past the deadline. */
async function endsWithin(s: SseClient, ms = DEADLINE_MS): Promise<number> {
  const started = Date.now();
  await s.waitUntil((c) => c.ended, ms, `the stream to end within ${ms} ms`);
  return Date.now() - started;
}

describe.each(databaseKinds())('open streams re-check their viewer on %s', (kind) => {
  const t = useTestServer(kind);

  async function setup() {
    const owner = await personWithItems(t, 0, { name: 'Owner' });
    const idea = await createIdea(t.db, { userId: owner.id });
    const open = async (who: SignedInUser, headers: Record<string, string> = { cookie: who.cookie }) => {
      const s = await openSse(`${t.url}/api/ideas/${idea.id}/messages/stream`, headers);
      expect(s.status).toBe(200);
      await ready(s);
      return s;
    };
    // Entitled all along (even under a threshold raised to 25): a premium person and the owner.
    const keeper = await personWithItems(t, 40, { name: 'Keeper' });
    const kept = [await open(keeper), await open(owner)];
    /** The entitled streams are still open and still receive messages. */
    const stillLive = async () => {
      const m = await postOk(t, idea.id, owner.headers, `still here ${Date.now()}`);
      for (const s of kept) {
        await s.waitUntil((c) => c.messages().some((x) => x.id === m.id), 5000, 'the next message');
        expect(s.ended).toBe(false);
      }
      for (const s of kept) s.close();
    };
    return { owner, idea, open, stillLive };
  }

  it('(a) signing out ends the stream of that session; another session of the same person keeps its own', async () => {
    const { idea, open, stillLive } = await setup();
    const viewer = await personWithItems(t, 21);
    const again = await t.server.accounts.auth.api.signInEmail({ body: { email: viewer.email, password: viewer.password }, asResponse: true });
    const s = await open(viewer);
    const stays = await open(viewer, { cookie: cookieFrom(again) });
    const out = await t.fetch('/api/auth/sign-out', { method: 'POST', headers: siteHeaders(t, viewer.cookie), body: '{}' });
    expect(out.status).toBe(200);
    await endsWithin(s);
    // Its reconnect is refused (the web app then reloads the list and shows the locked discussion).
    expect((await t.fetch(`/api/ideas/${idea.id}/messages/stream`, { headers: { cookie: viewer.cookie } })).status).toBe(401);
    expect(stays.ended).toBe(false);
    stays.close();
    await stillLive();
  });

  it('(a) signing out ends a stream opened with the bearer token', async () => {
    const { open, stillLive } = await setup();
    const viewer = await personWithItems(t, 21);
    const token = decodeURIComponent(viewer.cookie.split('=')[1]!);
    const s = await open(viewer, { authorization: `Bearer ${token}` });
    await t.fetch('/api/auth/sign-out', { method: 'POST', headers: siteHeaders(t, viewer.cookie), body: '{}' });
    await endsWithin(s);
    await stillLive();
  });

  it('(b) an admin banning the viewer ends their stream', async () => {
    const { open, stillLive } = await setup();
    const admin = await signedInUser(t, { role: 'admin' });
    const viewer = await personWithItems(t, 21);
    const s = await open(viewer);
    // better-auth's ban (flag set, sessions deleted), as an admin tool calls it; its HTTP route is not exposed.
    await t.server.accounts.auth.api.banUser({ body: { userId: viewer.id }, headers: new Headers({ cookie: admin.cookie }) });
    await endsWithin(s);
    await stillLive();
  });

  it('(b) a ban alone (sessions left in place) ends the stream too', async () => {
    const { open, stillLive } = await setup();
    const viewer = await personWithItems(t, 21);
    const s = await open(viewer);
    await t.db.update(users).set({ banned: true }).where(eq(users.id, viewer.id));
    await endsWithin(s);
    await stillLive();
  });

  it('(c) deleting items below the threshold ends the stream of a no-longer-premium viewer', async () => {
    const { open, stillLive } = await setup();
    const viewer = await personWithItems(t, 21);
    const s = await open(viewer);
    const [one] = await t.db.select({ id: ideas.id }).from(ideas).where(eq(ideas.userId, viewer.id)).limit(1);
    await t.db.delete(ideas).where(and(eq(ideas.userId, viewer.id), inArray(ideas.id, [one!.id])));
    await endsWithin(s);
    await stillLive();
  });

  it('(c) the admin raising the premium threshold ends the streams of people now under it', async () => {
    const { open, stillLive } = await setup();
    const admin = await signedInUser(t, { role: 'admin' });
    const viewer = await personWithItems(t, 21);
    const s = await open(viewer);
    const current = (await (await t.fetch('/api/admin/settings', { headers: admin.headers })).json()) as { settings: Record<string, unknown> };
    try {
      const saved = await t.fetch('/api/admin/settings', {
        method: 'PUT',
        headers: admin.headers,
        body: JSON.stringify({ ...current.settings, premiumThreshold: 25 }),
      });
      expect(saved.status).toBe(200);
      await endsWithin(s);
      await stillLive();
    } finally {
      await t.db.delete(settings).where(eq(settings.key, 'platform'));
    }
  });
});
