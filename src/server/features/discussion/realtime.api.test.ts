/**
 * Fan-out across server instances (docs/product-readings.md decisions 6 and 10): two instances over one
 * PostgreSQL database (CI sets TEST_DATABASE_URL); on PGlite, which is one process only, the same
 * journeys run on a single instance.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea } from '../../../../tests/support/factories.ts';
import { INSTANCES_PUBLIC_URL as PUBLIC_URL, useInstances } from '../../../../tests/support/instances.ts';
import type { TestServer } from '../../../../tests/support/test-server.ts';
import { openSse, type SseClient } from './testing/sse-client.ts';
import { postOk } from './testing/people.ts';

const ready = (s: SseClient) => s.waitUntil((c) => c.comments.includes('ready'), 10_000, 'ready');
const ids = (s: SseClient) => s.messages().map((m) => m.id);

describe.each(databaseKinds())('live discussion across instances on %s', (kind) => {
  // 24 messages from one person at once: well above the per-person limit (write-limits.api.test.ts).
  const instances = useInstances(kind, { WRITE_LIMITS: 'messages:1000/60' });

  async function setup() {
    const { a, b } = instances;
    const person = await signedInUser(a, { name: 'Owner Of Item' });
    const owner = { ...person, headers: { ...person.headers, origin: PUBLIC_URL } };
    const idea = await createIdea(a.db, { userId: owner.id });
    const streamOn = (server: TestServer, headers: Record<string, string> = {}) =>
      openSse(`${server.url}/api/ideas/${idea.id}/messages/stream`, { cookie: owner.cookie, ...headers });
    return { a, b, owner, idea, streamOn };
  }

  it('a message posted through instance A reaches a subscriber on instance B', async () => {
    const { a, b, owner, idea, streamOn } = await setup();
    const onB = await streamOn(b);
    // Live only (no Last-Event-ID): the message can only arrive through LISTEN/NOTIFY.
    await ready(onB);
    const posted = await postOk(a, idea.id, owner.headers, 'Hello from instance A');
    await onB.waitUntil((c) => c.messages().length === 1, 10_000, 'the message on B');
    expect(onB.messages()[0]).toMatchObject({ id: posted.id, content: 'Hello from instance A' });
    expect(onB.lastEventId).toBe(String(posted.id));
    onB.close();
  });

  it('a subscriber that drops while three messages are posted receives those three, in order, once, after reconnecting', async () => {
    const { a, b, owner, idea, streamOn } = await setup();
    const first = await streamOn(b);
    await ready(first);
    const seen = await postOk(a, idea.id, owner.headers, 'seen before the drop');
    await first.waitUntil((c) => c.messages().length === 1);
    const lastEventId = first.lastEventId!;
    first.close();
    const missed = [
      await postOk(a, idea.id, owner.headers, 'missed 1'),
      await postOk(b, idea.id, owner.headers, 'missed 2'),
      await postOk(a, idea.id, owner.headers, 'missed 3'),
    ];
    const again = await streamOn(b, { 'last-event-id': lastEventId });
    await ready(again);
    const later = await postOk(a, idea.id, owner.headers, 'live again');
    await again.waitUntil((c) => c.messages().length >= 4, 10_000, 'the three missed and one live');
    // A last message marks the end: anything sent twice would have arrived before it.
    const marker = await postOk(a, idea.id, owner.headers, 'marker');
    await again.waitUntil((c) => c.messages().some((m) => m.id === marker.id), 10_000, 'the marker');
    expect(ids(again)).toEqual([...missed.map((m) => m.id), later.id, marker.id]);
    expect(ids(again)).not.toContain(seen.id);
    again.close();
  });

  it('concurrent posts through both instances reach subscribers on both, once each, in id order', async () => {
    const { a, b, owner, idea, streamOn } = await setup();
    const onA = await streamOn(a);
    const onB = await streamOn(b);
    await Promise.all([ready(onA), ready(onB)]);
    const posted = await Promise.all(
      Array.from({ length: 24 }, (_, i) => postOk(i % 2 ? a : b, idea.id, owner.headers, `from ${i % 2 ? 'A' : 'B'} #${i}`)),
    );
    const expected = posted.map((m) => m.id).sort((x, y) => x - y);
    for (const s of [onA, onB]) await s.waitUntil((c) => c.messages().length >= 24, 15_000, '24 messages');
    // A last message marks the end: anything sent twice would have arrived before it.
    const marker = await postOk(a, idea.id, owner.headers, 'marker');
    for (const s of [onA, onB]) await s.waitUntil((c) => c.messages().some((m) => m.id === marker.id), 15_000, 'the marker');
    expect(ids(onA)).toEqual([...expected, marker.id]);
    expect(ids(onB)).toEqual([...expected, marker.id]);
    onA.close();
    onB.close();
  });

  it('a removal through instance A disappears live on instance B', async () => {
    const { a, b, owner, idea, streamOn } = await setup();
    const moderator = await signedInUser(a, { role: 'moderator' });
    moderator.headers.origin = PUBLIC_URL;
    const m = await postOk(a, idea.id, owner.headers, 'soon removed');
    const onB = await streamOn(b, { 'last-event-id': '0' });
    await ready(onB);
    expect(ids(onB)).toEqual([m.id]);
    expect((await a.fetch(`/api/messages/${m.id}`, { method: 'DELETE', headers: moderator.headers })).status).toBe(204);
    await onB.waitUntil((c) => c.events.some((e) => e.event === 'message-deleted'), 10_000, 'message-deleted on B');
    onB.close();
  });

  it('a reply, an edit and a deletion through instance A reach a subscriber on instance B, live', async () => {
    const { a, b, owner, idea, streamOn } = await setup();
    const onB = await streamOn(b);
    await ready(onB);
    const top = await postOk(a, idea.id, owner.headers, 'Top-level on A');
    const replied = await a.fetch(`/api/ideas/${idea.id}/messages`, {
      method: 'POST',
      headers: owner.headers,
      body: JSON.stringify({ content: 'A reply on A', parentId: top.id }),
    });
    expect(replied.status).toBe(201);
    const reply = (await replied.json()) as { id: number };
    await onB.waitUntil((c) => c.messages().length === 2, 10_000, 'both messages on B');
    expect(onB.messages<{ id: number; parentId: number | null }>()[1]).toMatchObject({ id: reply.id, parentId: top.id });
    const edited = await a.fetch(`/api/messages/${top.id}`, { method: 'PATCH', headers: owner.headers, body: JSON.stringify({ content: 'Edited on A' }) });
    expect(edited.status).toBe(200);
    const updatedOnB = () => onB.events.filter((e) => e.event === 'message-updated').map((e) => JSON.parse(e.data) as { id: number; content: string; editedAt: string | null; deleted: boolean });
    await onB.waitUntil(() => updatedOnB().length === 1, 10_000, 'message-updated on B');
    expect(updatedOnB()[0]).toMatchObject({ id: top.id, content: 'Edited on A', deleted: false });
    expect(updatedOnB()[0]!.editedAt).not.toBeNull();
    // The top-level message has a reply: its deletion leaves the placeholder, then the reply goes and takes it along.
    expect((await a.fetch(`/api/messages/${top.id}`, { method: 'DELETE', headers: owner.headers })).status).toBe(204);
    await onB.waitUntil(() => updatedOnB().length === 2, 10_000, 'the placeholder on B');
    expect(updatedOnB()[1]).toMatchObject({ id: top.id, content: '', deleted: true });
    expect((await a.fetch(`/api/messages/${reply.id}`, { method: 'DELETE', headers: owner.headers })).status).toBe(204);
    await onB.waitUntil((c) => c.events.filter((e) => e.event === 'message-deleted').length === 2, 10_000, 'both deleted on B');
    expect(onB.events.filter((e) => e.event === 'message-deleted').map((e) => JSON.parse(e.data))).toEqual([{ id: reply.id }, { id: top.id }]);
    onB.close();
  });

  // PGlite listens in-process and has no connection to lose; this one is PostgreSQL's.
  if (kind === 'postgres') it('keeps delivering after the listening connection is cut: reconnects, listens again, resyncs', async () => {
    const { a, b, owner, idea, streamOn } = await setup();
    const onB = await streamOn(b);
    await ready(onB);
    const result = (await a.db.execute(
      sql`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
          where application_name = 'ideahub-listen' and datname = current_database()`,
    )) as unknown as { rows: { n: number }[] };
    const n = result.rows[0]!.n;
    expect(n).toBe(2);
    // Posted while B may still be reconnecting: the resync after reconnecting reads it from the table.
    const posted = await postOk(a, idea.id, owner.headers, 'after the cut');
    await onB.waitUntil((c) => c.messages().some((m) => m.id === posted.id), 15_000, 'the message after the cut');
    await onB.waitUntil((c) => c.events.some((e) => e.event === 'resync'), 15_000, 'resync');
    const deadline = Date.now() + 10_000;
    while (!(a.running.realtime.listening && b.running.realtime.listening) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(b.running.realtime.listening).toBe(true);
    const next = await postOk(a, idea.id, owner.headers, 'and the next one, live');
    await onB.waitUntil((c) => c.messages().some((m) => m.id === next.id), 10_000, 'the next message');
    expect(ids(onB)).toEqual([posted.id, next.id]);
    onB.close();
  });
});
