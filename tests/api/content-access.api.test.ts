/**
 * One access rule (src/server/lib/content-access.ts), read the same by every reader of content:
 * each reader runs against each kind of viewer. Who reads an item in full: its owner, premium
 * people (more than premiumThreshold own items) and admins; visitors, other people and
 * moderators get the first 100 characters and no message of the discussion. A buyer (a
 * successful payment for the item) reads it in full; a refunded buyer reads no more than before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ideaDetailSchema, ideaListResponseSchema } from '../../src/shared/schemas/ideas.ts';
import { messageListSchema } from '../../src/shared/schemas/discussion.ts';
import { notificationListSchema } from '../../src/shared/schemas/notifications.ts';
import { payments } from '../../src/server/db/schema.ts';
import { signedInUser, type SignedInUser } from '../support/auth.ts';
import { databaseKinds } from '../support/databases.ts';
import { createIdea } from '../support/factories.ts';
import { useTestServer } from '../support/test-server.ts';
import { personWithItems, postOk } from '../../src/server/features/discussion/testing/people.ts';
import { openSse } from '../../src/server/features/discussion/testing/sse-client.ts';

// The word after character 100 must never reach a viewer who may not read the item in full.
const FIRST_100 = 'A bicycle-powered grain mill for villages without power, built from parts any bicycle mechanic has. ';
const DESCRIPTION = `${FIRST_100}HIDDENWORD4417 and the rest of the plan, costed per village.`;
const SECRET_MESSAGE = 'Discussion only for readers 5521';

type Kind = 'visitor' | 'user' | 'premium' | 'owner' | 'buyer' | 'refunded' | 'moderator' | 'admin';
const TABLE: { kind: Kind; full: boolean; refusal?: 401 | 403 }[] = [
  { kind: 'visitor', full: false, refusal: 401 },
  { kind: 'user', full: false, refusal: 403 },
  { kind: 'premium', full: true },
  { kind: 'owner', full: true },
  { kind: 'buyer', full: true },
  { kind: 'refunded', full: false, refusal: 403 },
  { kind: 'moderator', full: false, refusal: 403 },
  { kind: 'admin', full: true },
];

describe.each(databaseKinds())('one access rule for every reader on %s', (db) => {
  const t = useTestServer(db);
  let ideaId = '';
  const people = new Map<Kind, SignedInUser>();

  beforeAll(async () => {
    expect([...FIRST_100]).toHaveLength(100);
    const owner = await personWithItems(t, 0, { name: 'Owner Ngozi' });
    ideaId = (await createIdea(t.db, { userId: owner.id, description: DESCRIPTION })).id;
    people.set('owner', owner);
    people.set('user', await personWithItems(t, 3, { name: 'User Tunde' }));
    people.set('premium', await personWithItems(t, 21, { name: 'Premium Amaka' }));
    people.set('moderator', await personWithItems(t, 0, { name: 'Moderator Bisi', role: 'moderator' }));
    people.set('admin', await signedInUser(t, { name: 'Admin Kunle', role: 'admin' }));
    people.set('buyer', await personWithItems(t, 0, { name: 'Buyer Chidi' }));
    people.set('refunded', await personWithItems(t, 0, { name: 'Refunded Funke' }));
    // A successful payment for the item, and one refunded (the facts the purchase clause reads).
    await t.db.insert(payments).values([
      { reference: 'ih_access_buyer', userId: people.get('buyer')!.id, ideaId, amount: 150000, currency: 'NGN', status: 'success', provider: 'test' },
      { reference: 'ih_access_refunded', userId: people.get('refunded')!.id, ideaId, amount: 150000, currency: 'NGN', status: 'refunded', provider: 'test' },
    ]);
    // The owner mentions everyone: only those who may read the discussion are told (mentions, notifications).
    const others = (['user', 'premium', 'buyer', 'refunded', 'moderator', 'admin'] as const).map((k) => people.get(k)!);
    const content = `${SECRET_MESSAGE} ${others.map((p) => `@${p.name}`).join(' ')}`;
    const res = await t.fetch(`/api/ideas/${ideaId}/messages`, {
      method: 'POST',
      headers: owner.headers,
      body: JSON.stringify({ content, mentions: others.map((p) => p.id) }),
    });
    expect(res.status).toBe(201);
    await postOk(t, ideaId, owner.headers, 'A second message, so the discussion has a thread.');
  });

  const headersOf = (kind: Kind): Record<string, string> =>
    kind === 'visitor' ? { origin: new URL(t.url).origin } : people.get(kind)!.headers;

  describe.each(TABLE)('$kind', ({ kind, full, refusal }) => {
    it('details: the whole description only when they may read it in full', async () => {
      const detail = ideaDetailSchema.parse(await (await t.fetch(`/api/ideas/${ideaId}`, { headers: headersOf(kind) })).json());
      expect(detail.fullAccess).toBe(full);
      expect(detail.description).toBe(full ? DESCRIPTION : FIRST_100);
    });

    it('search: a word past the preview finds the item only for those who may read it', async () => {
      const list = ideaListResponseSchema.parse(await (await t.fetch('/api/ideas?q=HIDDENWORD4417', { headers: headersOf(kind) })).json());
      expect(list.items.map((i) => i.id)).toEqual(full ? [ideaId] : []);
      expect(JSON.stringify(list)).not.toContain('HIDDENWORD4417');
    });

    it('discussion: messages only for those who may read it', async () => {
      const list = messageListSchema.parse(await (await t.fetch(`/api/ideas/${ideaId}/messages`, { headers: headersOf(kind) })).json());
      expect(list.locked).toBe(!full);
      expect(JSON.stringify(list).includes(SECRET_MESSAGE)).toBe(full);
    });

    it('live stream: opened only for those who may read the discussion', async () => {
      const person = kind === 'visitor' ? null : people.get(kind)!;
      const s = await openSse(`${t.url}/api/ideas/${ideaId}/messages/stream`, person ? { cookie: person.cookie } : {});
      expect(s.status).toBe(full ? 200 : refusal);
      s.close();
    });

    if (kind !== 'visitor' && kind !== 'owner') it('mentions and notifications: told of a mention only when they may read the discussion', async () => {
      const list = notificationListSchema.parse(await (await t.fetch('/api/notifications', { headers: headersOf(kind) })).json());
      const mention = list.items.find((n) => n.kind === 'mention' && n.item?.id === ideaId);
      if (full) expect(mention?.excerpt).toContain(SECRET_MESSAGE);
      else expect(mention).toBeUndefined();
      expect(JSON.stringify(list).includes(SECRET_MESSAGE)).toBe(full);
    });

    if (kind !== 'visitor') it('export: one’s data holds another person’s full description or discussion never', async () => {
      const res = await t.fetch('/api/me/export', { headers: { cookie: people.get(kind)!.cookie } });
      expect(res.status).toBe(200);
      const text = await res.text();
      // The owner's export holds their own item and their own messages; nobody else's holds either.
      expect(text.includes('HIDDENWORD4417')).toBe(kind === 'owner');
      expect(text.includes(SECRET_MESSAGE)).toBe(kind === 'owner');
    });

    if (kind === 'moderator' || kind === 'admin') it('admin content: a staff search matches descriptions only as far as the rule lets', async () => {
      const res = await t.fetch('/api/admin/content?q=HIDDENWORD4417', { headers: headersOf(kind) });
      expect(res.status).toBe(200);
      const page = (await res.json()) as { items: { id: string }[] };
      expect(page.items.map((i) => i.id)).toEqual(full ? [ideaId] : []);
    });

    it('feed: the public feed never carries more than the preview', async () => {
      const text = await (await t.fetch('/feed.xml', { headers: headersOf(kind) })).text();
      expect(text).toContain(FIRST_100.slice(0, 40));
      expect(text).not.toContain('HIDDENWORD4417');
    });
  });
});
