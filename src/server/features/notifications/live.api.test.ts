/**
 * The live unread count across tabs and server instances (issue 17 point 1): two instances over one
 * PostgreSQL database (one PGlite instance seen as both on PGlite), a person's streams on B, the
 * actions through A.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea } from '../../../../tests/support/factories.ts';
import { INSTANCES_PUBLIC_URL as PUBLIC_URL, useInstances } from '../../../../tests/support/instances.ts';
import type { TestServer } from '../../../../tests/support/test-server.ts';
import { openSse, type SseClient } from '../discussion/testing/sse-client.ts';

const counts = (s: SseClient) => s.events.filter((e) => e.event === 'unread').map((e) => (JSON.parse(e.data) as { unread: number }).unread);
const countIs = (s: SseClient, n: number, what: string) => s.waitUntil((c) => counts(c).at(-1) === n, 15_000, what);

describe.each(databaseKinds())('live unread counts across instances on %s', (kind) => {
  const instances = useInstances(kind, { WRITE_LIMITS: 'off' }, { notifications: { accessCheckMs: 200 } });
  let owner: SignedInUser;
  let liker: SignedInUser;

  beforeAll(async () => {
    owner = await signedInUser(instances.a, { name: 'Olu Owner' });
    liker = await signedInUser(instances.a, { name: 'Kofi Mensah' });
    for (const p of [owner, liker]) p.headers.origin = PUBLIC_URL;
  });

  const streamOf = (t: TestServer, who: SignedInUser) => openSse(new URL('/api/notifications/stream', t.url).toString(), { cookie: who.cookie });

  it('a like through instance A raises the count in every tab on instance B; marking read on A clears them', async () => {
    const { a, b } = instances;
    const idea = await createIdea(a.db, { userId: owner.id });
    const tab1 = await streamOf(b, owner);
    const tab2 = await streamOf(b, owner);
    const tabOnA = await streamOf(a, owner);
    try {
      for (const tab of [tab1, tab2, tabOnA]) await countIs(tab, 0, 'the first count');
      expect((await a.fetch(`/api/ideas/${idea.id}/like`, { method: 'PUT', headers: liker.headers })).status).toBe(200);
      for (const tab of [tab1, tab2, tabOnA]) await countIs(tab, 1, 'the count after the like');
      expect((await a.fetch('/api/notifications/read', { method: 'POST', headers: owner.headers })).status).toBe(200);
      for (const tab of [tab1, tab2, tabOnA]) await countIs(tab, 0, 'the count after reading');
      // The liker's own stream, had they one, is never told about their own like.
      const likerTab = await streamOf(b, liker);
      await countIs(likerTab, 0, "the liker's count");
      likerTab.close();
    } finally {
      for (const tab of [tab1, tab2, tabOnA]) tab.close();
    }
  });

  it('ends a stream soon after its session ends (signed out elsewhere)', async () => {
    const { a, b } = instances;
    const person = await signedInUser(a, { name: 'Leaving Person' });
    const stream = await streamOf(b, person);
    await countIs(stream, 0, 'the first count');
    const out = await a.fetch('/api/auth/sign-out', { method: 'POST', headers: { cookie: person.cookie, origin: PUBLIC_URL, 'content-type': 'application/json' }, body: '{}' });
    expect(out.status).toBe(200);
    await stream.waitUntil((c) => c.ended, 15_000, 'the stream to end');
    const again = await b.fetch('/api/notifications/stream', { headers: { cookie: person.cookie } });
    expect(again.status).toBe(401);
  });

  // PGlite listens in-process and has no connection to lose; this one is PostgreSQL's.
  if (kind === 'postgres') it('after its listening connection is cut, B listens again and sends each open stream its count', async () => {
    const { a, b } = instances;
    const idea = await createIdea(a.db, { userId: owner.id });
    await a.fetch('/api/notifications/read', { method: 'POST', headers: owner.headers });
    const tab = await streamOf(b, owner);
    try {
      await countIs(tab, 0, 'the first count');
      const cut = (await a.db.execute(
        sql`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
            where application_name = 'ideahub-listen-notifications' and datname = current_database()`,
      )) as unknown as { rows: { n: number }[] };
      expect(cut.rows[0]!.n).toBe(2);
      // Liked while B may be reconnecting: the count read again after reconnecting has it.
      expect((await a.fetch(`/api/ideas/${idea.id}/like`, { method: 'PUT', headers: liker.headers })).status).toBe(200);
      await countIs(tab, 1, 'the count after the cut');
      const deadline = Date.now() + 10_000;
      while (!b.running.notifications.listening && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(b.running.notifications.listening).toBe(true);
      await a.fetch('/api/notifications/read', { method: 'POST', headers: owner.headers });
      await countIs(tab, 0, 'live again');
    } finally {
      tab.close();
    }
  });
});
