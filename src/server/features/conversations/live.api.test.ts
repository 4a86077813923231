/**
 * Private messages arrive live on both sides, across server instances (issue 17 point 6; decision
 * 0005): two instances over one PostgreSQL database (one PGlite instance seen as both on PGlite).
 */
import { describe, expect, it } from 'vitest';
import type { Conversation, PrivateMessage } from '../../../shared/schemas/conversations.ts';
import { type SignedInUser, signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea } from '../../../../tests/support/factories.ts';
import { INSTANCES_PUBLIC_URL, type Instance, useInstances } from '../../../../tests/support/instances.ts';
import { openSse, type SseClient } from '../discussion/testing/sse-client.ts';

const ready = (s: SseClient) => s.waitUntil((c) => c.comments.includes('ready'), 10_000, 'ready');
const ids = (s: SseClient) => s.messages().map((m) => m.id);

describe.each(databaseKinds())('live private messages across instances on %s', (kind) => {
  const instances = useInstances(kind, { WRITE_LIMITS: 'off' }, { conversations: { accessCheckMs: 200 } });

  async function person(t: Instance, name: string): Promise<SignedInUser> {
    const p = await signedInUser(t, { name });
    p.headers.origin = INSTANCES_PUBLIC_URL;
    return p;
  }

  async function setup() {
    const { a, b } = instances;
    const creator = await person(a, 'Chioma Eze');
    const buyer = await person(a, 'Kofi Mensah');
    const idea = await createIdea(a.db, { userId: creator.id });
    const res = await a.fetch('/api/conversations', { method: 'POST', headers: buyer.headers, body: JSON.stringify({ ideaId: idea.id }) });
    expect(res.status).toBe(201);
    const conversation = (await res.json()) as Conversation;
    const streamOn = (t: Instance, who: SignedInUser, headers: Record<string, string> = {}) =>
      openSse(`${t.url}/api/conversations/${conversation.id}/stream`, { cookie: who.cookie, ...headers });
    const send = async (t: Instance, who: SignedInUser, content: string) => {
      const r = await t.fetch(`/api/conversations/${conversation.id}/messages`, { method: 'POST', headers: who.headers, body: JSON.stringify({ content }) });
      expect(r.status, await r.clone().text()).toBe(201);
      return (await r.json()) as PrivateMessage;
    };
    return { a, b, creator, buyer, conversation, streamOn, send };
  }

  it('a message sent through instance A reaches both people’s streams on instance B, live', async () => {
    const { a, b, creator, buyer, streamOn, send } = await setup();
    const creatorOnB = await streamOn(b, creator);
    const buyerOnB = await streamOn(b, buyer);
    expect(creatorOnB.status).toBe(200);
    await Promise.all([ready(creatorOnB), ready(buyerOnB)]);
    const sent = await send(a, buyer, 'Is it still available?');
    const reply = await send(b, creator, 'Yes it is');
    for (const s of [creatorOnB, buyerOnB]) await s.waitUntil((c) => c.messages().length === 2, 10_000, 'both messages');
    expect(creatorOnB.messages<PrivateMessage>()[0]).toMatchObject({ id: sent.id, content: 'Is it still available?', author: { id: buyer.id, name: 'Kofi Mensah', avatarUrl: null } });
    expect(ids(buyerOnB)).toEqual([sent.id, reply.id]);
    expect(buyerOnB.lastEventId).toBe(String(reply.id));
    creatorOnB.close();
    buyerOnB.close();
  });

  it('a stream that drops resumes after its last event, missing nothing and repeating nothing', async () => {
    const { a, b, creator, buyer, streamOn, send } = await setup();
    const first = await streamOn(b, creator);
    await ready(first);
    const seen = await send(a, buyer, 'seen');
    await first.waitUntil((c) => c.messages().length === 1);
    const last = first.lastEventId!;
    first.close();
    const missed = [await send(a, buyer, 'missed 1'), await send(b, buyer, 'missed 2')];
    const again = await streamOn(b, creator, { 'last-event-id': last });
    await ready(again);
    const live = await send(a, buyer, 'live');
    await again.waitUntil((c) => c.messages().length >= 3, 10_000, 'missed and live');
    // A last message marks the end: anything sent twice would have arrived before it.
    const marker = await send(a, buyer, 'marker');
    await again.waitUntil((c) => c.messages().some((m) => m.id === marker.id), 10_000, 'the marker');
    expect(ids(again)).toEqual([...missed.map((m) => m.id), live.id, marker.id]);
    expect(ids(again)).not.toContain(seen.id);
    again.close();
  });

  it('nobody else can open the stream (404), and an open stream ends when its person signs out', async () => {
    const { a, b, creator, streamOn, conversation } = await setup();
    for (const role of ['user', 'moderator', 'admin'] as const) {
      const outsider = await signedInUser(a, { role });
      const s = await streamOn(b, outsider);
      expect(s.status, role).toBe(404);
      s.close();
    }
    const visitor = await openSse(`${b.url}/api/conversations/${conversation.id}/stream`);
    expect(visitor.status).toBe(401);
    visitor.close();
    const open = await streamOn(b, creator);
    await ready(open);
    const out = await a.fetch('/api/auth/sign-out', { method: 'POST', headers: creator.headers, body: '{}' });
    expect(out.status).toBe(200);
    await open.waitUntil((c) => c.ended, 10_000, 'the stream to end');
  });
});
