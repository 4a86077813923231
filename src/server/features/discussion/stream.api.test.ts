/**
 * The live stream on one server instance, on each database: live delivery, resuming after
 * Last-Event-ID (exactly the missed messages, in order, once), concurrent posting, removals,
 * shutdown, no leak after 10,000 connects and disconnects, and a stream's lifetime (the reconnect
 * is checked again).
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea } from '../../../../tests/support/factories.ts';
import { startTestServer, useTestServer } from '../../../../tests/support/test-server.ts';
import { signedInUser } from '../../../../tests/support/auth.ts';
import { ideas } from '../../db/schema.ts';
import { LIFETIME_RECONNECT_MS } from '../../lib/realtime/live-streams.ts';
import { listenForNotifications } from '../../lib/realtime/listen.ts';
import { createLogger } from '../../logger.ts';
import { DISCUSSION_CHANNEL, noticePayload } from './live.ts';
import { openSse, type SseClient } from './testing/sse-client.ts';
import { personWithItems, postOk } from './testing/people.ts';

const ready = (s: SseClient) => s.waitUntil((c) => c.comments.includes('ready'), 10_000, 'ready');
const ids = (s: SseClient) => s.messages().map((m) => m.id);
const until = async (check: () => boolean, timeoutMs = 5000, state?: () => unknown) => {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out${state ? `; ${JSON.stringify(state())}` : ''}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe.each(databaseKinds())('discussion stream on %s', (kind) => {
  // Tests here post many messages as one person: well above the per-person limit (write-limits.api.test.ts).
  const t = useTestServer(kind, { env: { WRITE_LIMITS: 'messages:1000/60' } });

  async function setup() {
    const owner = await personWithItems(t, 0, { name: 'Owner Person' });
    const idea = await createIdea(t.db, { userId: owner.id });
    const stream = (query = '', headers: Record<string, string> = {}) =>
      openSse(`${t.url}/api/ideas/${idea.id}/messages/stream${query}`, { cookie: owner.cookie, ...headers });
    return { owner, idea, stream };
  }

  it('speaks text/event-stream with a retry hint and delivers new messages live, with their id', async () => {
    const { owner, idea, stream } = await setup();
    const s = await stream();
    expect(s.status).toBe(200);
    expect(s.contentType).toMatch(/^text\/event-stream/);
    await ready(s);
    const m = await postOk(t, idea.id, owner.headers, '  Live hello  ');
    await s.waitUntil((c) => c.messages().length === 1, 10_000, 'the live message');
    expect(s.events[0]).toMatchObject({ event: 'message', id: String(m.id) });
    expect(s.messages()[0]).toMatchObject({ id: m.id, content: 'Live hello', author: { name: 'Owner Person', avatarUrl: null } });
    s.close();
  });

  it('starts at the newest message without Last-Event-ID, and replays after ?lastEventId= on first connect', async () => {
    const { owner, idea, stream } = await setup();
    const a = await postOk(t, idea.id, owner.headers, 'first');
    const b = await postOk(t, idea.id, owner.headers, 'second');
    const fresh = await stream();
    const resumed = await stream(`?lastEventId=${a.id}`);
    await Promise.all([ready(fresh), ready(resumed)]);
    expect(ids(fresh)).toEqual([]);
    expect(ids(resumed)).toEqual([b.id]);
    fresh.close();
    resumed.close();
  });

  it('prefers the Last-Event-ID header over the query, and ignores a malformed one', async () => {
    const { owner, idea, stream } = await setup();
    const a = await postOk(t, idea.id, owner.headers, 'one');
    const b = await postOk(t, idea.id, owner.headers, 'two');
    const s = await stream('?lastEventId=0', { 'last-event-id': String(a.id) });
    await ready(s);
    expect(ids(s)).toEqual([b.id]);
    s.close();
    const bad = await stream('', { 'last-event-id': 'abc' });
    await ready(bad);
    expect(ids(bad)).toEqual([]);
    bad.close();
  });

  it('a subscriber that drops while three messages are posted gets exactly those three, in order, once', async () => {
    const { owner, idea, stream } = await setup();
    const first = await stream();
    await ready(first);
    const before = await postOk(t, idea.id, owner.headers, 'before the drop');
    await first.waitUntil((c) => c.messages().length === 1);
    const lastSeen = first.lastEventId;
    expect(lastSeen).toBe(String(before.id));
    first.close();
    await until(() => t.server.realtime.subscriberCount === 0);
    const missed = [];
    for (const text of ['missed one', 'missed two', 'missed three']) missed.push(await postOk(t, idea.id, owner.headers, text));
    const again = await stream('', { 'last-event-id': lastSeen! });
    await ready(again);
    const after = await postOk(t, idea.id, owner.headers, 'after the reconnect');
    await again.waitUntil((c) => c.messages().length === 4);
    // A last message marks the end: anything sent twice would have arrived before it.
    const marker = await postOk(t, idea.id, owner.headers, 'marker');
    await again.waitUntil((c) => c.messages().some((m) => m.id === marker.id));
    expect(ids(again)).toEqual([...missed.map((m) => m.id), after.id, marker.id]);
    expect(again.messages().map((m) => m.content)).toEqual(['missed one', 'missed two', 'missed three', 'after the reconnect', 'marker']);
    again.close();
  });

  it('concurrent posts reach every subscriber once, in id order, and any resume point misses nothing', async () => {
    const { idea, stream } = await setup();
    const posters = await Promise.all([0, 1, 2].map(() => signedInUser(t, { role: 'admin' })));
    const live = await stream();
    await ready(live);
    const posted = await Promise.all(
      Array.from({ length: 30 }, (_, i) => postOk(t, idea.id, posters[i % 3]!.headers, `concurrent ${i}`)),
    );
    const all = posted.map((m) => m.id).sort((x, y) => x - y);
    await live.waitUntil((c) => c.messages().length >= 30, 15_000, '30 messages');
    // A last message marks the end: anything sent twice would have arrived before it.
    const marker = await postOk(t, idea.id, posters[0]!.headers, 'marker');
    await live.waitUntil((c) => c.messages().some((m) => m.id === marker.id), 15_000, 'the marker');
    expect(ids(live)).toEqual([...all, marker.id]);
    for (const cut of [0, 7, 15, 29]) {
      const resumed = await stream(`?lastEventId=${all[cut]}`);
      await ready(resumed);
      expect(ids(resumed)).toEqual([...all.slice(cut + 1), marker.id]);
      resumed.close();
    }
    live.close();
  });

  it('tells every subscriber when a moderator removes a message, without moving its resume point', async () => {
    const { owner, idea, stream } = await setup();
    const moderator = await signedInUser(t, { role: 'moderator' });
    const m = await postOk(t, idea.id, owner.headers, 'to be removed');
    const s = await stream('?lastEventId=0');
    await ready(s);
    const res = await t.fetch(`/api/messages/${m.id}`, { method: 'DELETE', headers: moderator.headers });
    expect(res.status).toBe(204);
    await s.waitUntil((c) => c.events.some((e) => e.event === 'message-deleted'), 10_000, 'message-deleted');
    const removal = s.events.find((e) => e.event === 'message-deleted')!;
    expect(JSON.parse(removal.data)).toEqual({ id: m.id });
    expect(removal.id).toBeUndefined();
    expect(s.lastEventId).toBe(String(m.id));
    s.close();
  });

  it('a live message is exactly what the list gives, whether its notice carried it or it was too long to carry', async () => {
    const { owner, idea, stream } = await setup();
    const notices: string[] = [];
    const listener = await listenForNotifications(
      t.database,
      DISCUSSION_CHANNEL,
      { onNotify: (payload) => notices.push(payload), onReconnect: () => {} },
      createLogger('silent'),
    );
    const s = await stream();
    await ready(s);
    // 2,000 emoji are 8,000 bytes: more than a NOTIFY may carry, so that one is announced by id.
    const short = await postOk(t, idea.id, owner.headers, 'Short "quoted" line\nand a second');
    const long = await postOk(t, idea.id, owner.headers, '😀'.repeat(2000));
    await s.waitUntil((c) => c.messages().length === 2, 10_000, 'both messages');
    await until(() => notices.length >= 2);
    await listener.stop();
    const [carried, byId] = notices.map((n) => JSON.parse(n) as { m: number; r?: unknown });
    expect(carried).toMatchObject({ m: short.id, r: { c: 'Short "quoted" line\nand a second' } });
    expect(byId).toEqual({ i: idea.id, m: long.id, k: 'new' });
    const list = (await (await t.fetch(`/api/ideas/${idea.id}/messages`, { headers: { cookie: owner.cookie } })).json()) as { items: unknown[] };
    expect(s.messages()).toEqual(list.items);
    expect(list.items).toHaveLength(2);
    s.close();
  });

  it('delivers the message a notice carries without reading it back', async () => {
    const { owner, idea, stream } = await setup();
    const s = await stream();
    await ready(s);
    // A message the table does not hold: only the notice can bring it.
    const createdAt = '2026-01-02T03:04:05.678Z';
    const payload = noticePayload({ i: idea.id, m: 2 ** 40, k: 'new', r: { c: 'Carried only', t: Date.parse(createdAt), u: owner.id, n: 'Owner Person' } });
    await t.db.execute(sql`select pg_notify(${DISCUSSION_CHANNEL}, ${payload})`);
    await s.waitUntil((c) => c.messages().length === 1, 10_000, 'the carried message');
    expect(s.messages()).toEqual([
      { id: 2 ** 40, content: 'Carried only', createdAt, author: { id: owner.id, name: 'Owner Person', avatarUrl: null }, parentId: null, editedAt: null, deleted: false, mentions: [] },
    ]);
    expect(s.lastEventId).toBe(String(2 ** 40));
    s.close();
  });

  it('answers 404 for a missing or malformed item', async () => {
    const { owner } = await setup();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', '123']) {
      const s = await openSse(`${t.url}/api/ideas/${id}/messages/stream`, { cookie: owner.cookie });
      expect(s.status, id).toBe(404);
    }
  });

  it('cleans up: 10,000 connects and disconnects leave no subscriber behind', async () => {
    const { idea, owner } = await setup();
    const realtime = t.server.realtime;
    const path = `/api/ideas/${idea.id}/messages/stream`;
    const started = Date.now();
    // Opens one stream in process, reads up to `waitReady` (the replay being done) or only the
    // first chunk, then hangs up: half by cancelling the body, half by aborting the request.
    const connectAndLeave = async (n: number, open: (signal: AbortSignal) => Promise<Response> | Response, abortable = true) => {
      const controller = new AbortController();
      const res = await open(controller.signal);
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      let text = new TextDecoder().decode((await reader.read()).value);
      if (n % 10 === 0) while (!text.includes(': ready')) text += new TextDecoder().decode((await reader.read()).value);
      if (n % 2 || !abortable) await reader.cancel();
      else controller.abort();
    };
    const total = 10_000;
    const throughRoute = 500;
    const parallel = 100;
    for (let done = 0; done < total; done += parallel) {
      await Promise.all(
        Array.from({ length: parallel }, (_, i) => {
          const n = done + i;
          // The last 500 go through the whole HTTP route in process (session, premium check);
          // the rest open the stream directly on this instance's realtime hub.
          return n >= total - throughRoute
            ? // Through app.request these hang up by cancelling the body only: the Request undici builds
              // around the signal follows it through a WeakRef, so once that Request is collected an
              // abort no longer reaches the server (2 streams in one CI run). Node's server aborts
              // its own requests on a socket's close (the real sockets below).
              connectAndLeave(
                n,
                (signal) => t.server.app.request(path, { headers: { cookie: owner.cookie, accept: 'text/event-stream' }, signal }),
                false,
              )
            : connectAndLeave(n, (signal) => realtime.openStream(idea.id, null, signal));
        }),
      );
    }
    // Joins and leaves go through the topic's queue, behind its reads of the newest message id; on
    // a loaded machine (a CI run on PostgreSQL beside other work) draining it took over 5 s. The
    // check is that nothing is left behind, not how fast.
    const counts = () => ({ subscribers: realtime.subscriberCount, openStreams: realtime.openStreams });
    await until(() => realtime.subscriberCount === 0 && realtime.openStreams === 0, 30_000, counts);
    expect(realtime.subscriberCount).toBe(0);
    expect(realtime.openStreams).toBe(0);
    // And over real sockets: clients that vanish are noticed too.
    const sockets = await Promise.all(Array.from({ length: 50 }, () => openSse(`${t.url}${path}`, { cookie: owner.cookie })));
    await until(() => realtime.subscriberCount === 50);
    for (const s of sockets) s.close();
    await until(() => realtime.subscriberCount === 0 && realtime.openStreams === 0);
    console.info(`10,000 stream connects/disconnects in ${Date.now() - started} ms on ${kind}`);
  });
});

describe.each(databaseKinds())('shutting down with open streams on %s', (kind) => {
  it('ends open streams so the server closes at once instead of waiting for them', async () => {
    const server = await startTestServer(kind);
    try {
      const owner = await signedInUser(server, { role: 'admin' });
      const idea = await createIdea(server.db, { userId: owner.id });
      const streams = await Promise.all(
        [0, 1, 2].map(() => openSse(`${server.url}/api/ideas/${idea.id}/messages/stream`, { cookie: owner.cookie })),
      );
      await Promise.all(streams.map(ready));
      const started = Date.now();
      await server.server.close(20_000);
      expect(Date.now() - started).toBeLessThan(5000);
      await Promise.all(streams.map((s) => s.waitUntil((c) => c.ended, 5000, 'the end of the stream')));
    } finally {
      await server.stop();
    }
  });
});

describe.each(databaseKinds())('streams end after their lifetime and the reconnect is checked again, on %s', (kind) => {
  const t = useTestServer(kind, { realtime: { maxStreamMs: 600 } });

  async function premiumReader() {
    const owner = await personWithItems(t, 0, { name: 'Owner Person' });
    const idea = await createIdea(t.db, { userId: owner.id });
    const reader = await personWithItems(t, 21, { name: 'Premium Reader' });
    const stream = (query = '') => openSse(`${t.url}/api/ideas/${idea.id}/messages/stream${query}`, { cookie: reader.cookie });
    return { owner, idea, reader, stream };
  }

  it('ends a stream by itself within its lifetime; resuming after its last event misses nothing', async () => {
    const { owner, idea, stream } = await premiumReader();
    const first = await stream();
    await ready(first);
    const a = await postOk(t, idea.id, owner.headers, 'before the end');
    await first.waitUntil((c) => c.messages().length === 1, 10_000, 'the live message');
    await first.waitUntil((c) => c.ended, 5000, 'the end of the stream');
    // The usual reconnect delay at the start, a short one just before the end.
    expect(first.retries).toEqual([3000, LIFETIME_RECONNECT_MS]);
    const b = await postOk(t, idea.id, owner.headers, 'while reconnecting');
    const again = await stream(`?lastEventId=${a.id}`);
    expect(again.status).toBe(200);
    await again.waitUntil((c) => c.messages().length === 1, 10_000, 'the missed message');
    expect(ids(again)).toEqual([b.id]);
    again.close();
  });

  it('refuses the reconnect of someone signed out meanwhile (401), and of someone no longer entitled (403), with no message', async () => {
    const { owner, idea, reader, stream } = await premiumReader();
    const first = await stream();
    await ready(first);
    const signOut = await t.fetch('/api/auth/sign-out', { method: 'POST', headers: reader.headers, body: '{}' });
    expect(signOut.status).toBe(200);
    await first.waitUntil((c) => c.ended, 5000, 'the end of the stream');
    const refused = await stream();
    expect(refused.status).toBe(401);
    refused.close();

    const other = await personWithItems(t, 21, { name: 'Formerly Premium' });
    const open = await openSse(`${t.url}/api/ideas/${idea.id}/messages/stream`, { cookie: other.cookie });
    await ready(open);
    await t.db.delete(ideas).where(eq(ideas.userId, other.id));
    await open.waitUntil((c) => c.ended, 5000, 'the end of the stream');
    await postOk(t, idea.id, owner.headers, 'not for former members');
    const locked = await openSse(`${t.url}/api/ideas/${idea.id}/messages/stream`, { cookie: other.cookie });
    expect(locked.status).toBe(403);
    expect(locked.messages()).toEqual([]);
    locked.close();
  });
});
