/**
 * The server enforces premium (SPEC §4; docs/product-readings.md 'our readings'): only premium people
 * (more than premiumThreshold own items, 20 by default), the owner and admins receive the full
 * description and any message of the discussion, on every endpoint and on the live stream.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ideaDetailSchema } from '../../../shared/schemas/ideas.ts';
import { messageListSchema } from '../../../shared/schemas/discussion.ts';
import { signedInUser, type SignedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea } from '../../../../tests/support/factories.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { settings } from '../../db/schema.ts';
import { forgetCachedSettings } from '../../lib/platform-settings.ts';
import { openSse } from './testing/sse-client.ts';
import { personWithItems, post, postOk } from './testing/people.ts';

// 300 characters; the words after character 100 must never reach a viewer who is not entitled.
const FIRST_100 = 'Solar cold rooms at open markets so traders keep tomatoes, peppers and fish fresh for days, not hour';
const REST = `s. SECRETPART paid per crate per day through a simple USSD menu, with a maintenance plan run by a co-op of market women.${' More detail.'.repeat(15)}`;
const DESCRIPTION = FIRST_100 + REST;
const SECRET_MESSAGE = 'Premium-only discussion content 7731';

type Who = 'visitor' | 'non-premium' | 'exactly 20' | 'premium (21)' | 'owner' | 'admin';
const MATRIX: { who: Who; entitled: boolean; refusal?: number }[] = [
  { who: 'visitor', entitled: false, refusal: 401 },
  { who: 'non-premium', entitled: false, refusal: 403 },
  { who: 'exactly 20', entitled: false, refusal: 403 },
  { who: 'premium (21)', entitled: true },
  { who: 'owner', entitled: true },
  { who: 'admin', entitled: true },
];

describe.each(databaseKinds())('premium enforced by the server on %s', (kind) => {
  const t = useTestServer(kind);
  let ideaId = '';
  let messageId = 0;
  const people = new Map<Who, SignedInUser | null>();

  beforeAll(async () => {
    const owner = await personWithItems(t, 0, { name: 'Item Owner' });
    const idea = await createIdea(t.db, { userId: owner.id, description: DESCRIPTION });
    ideaId = idea.id;
    messageId = (await postOk(t, ideaId, owner.headers, SECRET_MESSAGE)).id;
    people.set('visitor', null);
    people.set('non-premium', await personWithItems(t, 3));
    people.set('exactly 20', await personWithItems(t, 20));
    people.set('premium (21)', await personWithItems(t, 21));
    people.set('owner', owner);
    people.set('admin', await signedInUser(t, { role: 'admin', name: 'Admin Person' }));
  });

  const headersOf = (who: Who): Record<string, string> => {
    const p = people.get(who);
    return p ? p.headers : { origin: new URL(t.url).origin, 'content-type': 'application/json' };
  };

  describe.each(MATRIX)('$who', ({ who, entitled, refusal }) => {
    it(entitled ? 'gets the full description' : 'gets only the first 100 characters of the description', async () => {
      const res = await t.fetch(`/api/ideas/${ideaId}`, { headers: headersOf(who) });
      expect(res.status).toBe(200);
      const text = await res.text();
      const detail = ideaDetailSchema.parse(JSON.parse(text));
      expect(detail.fullAccess).toBe(entitled);
      if (entitled) {
        expect(detail.description).toBe(DESCRIPTION);
        expect(detail.descriptionTruncated).toBe(false);
      } else {
        expect(detail.description).toBe(FIRST_100);
        expect(detail.descriptionTruncated).toBe(true);
        expect(text).not.toContain('SECRETPART');
      }
      expect(detail.premiumThreshold).toBe(20);
      // What the unlock dialog counts from: the viewer's own items (null for a visitor).
      const counts: Record<Who, number | null> = { visitor: null, 'non-premium': 3, 'exactly 20': 20, 'premium (21)': 21, owner: 1, admin: 0 };
      expect(detail.viewerItemCount).toBe(counts[who]);
    });

    it(entitled ? 'reads the discussion' : 'gets a locked discussion with no messages', async () => {
      const res = await t.fetch(`/api/ideas/${ideaId}/messages`, { headers: headersOf(who) });
      expect(res.status).toBe(200);
      const text = await res.text();
      const list = messageListSchema.parse(JSON.parse(text));
      expect(list.locked).toBe(!entitled);
      if (entitled) expect(list.items.map((m) => m.content)).toContain(SECRET_MESSAGE);
      else {
        expect(list.items).toEqual([]);
        expect(text).not.toContain(SECRET_MESSAGE);
      }
    });

    it(entitled ? 'receives the live stream, replaying from Last-Event-ID' : 'is refused the live stream and receives no message', async () => {
      const person = people.get(who);
      const s = await openSse(`${t.url}/api/ideas/${ideaId}/messages/stream?lastEventId=${messageId - 1}`, person ? { cookie: person.cookie } : {});
      if (entitled) {
        expect(s.status).toBe(200);
        await s.waitUntil((c) => c.comments.includes('ready'), 10_000, 'the replay');
        expect(s.messages()[0]!.content).toBe(SECRET_MESSAGE);
        s.close();
      } else {
        expect(s.status).toBe(refusal);
        expect(s.contentType).toContain('application/json');
        expect(s.events).toEqual([]);
      }
    });

    it(entitled ? 'may post in the discussion' : 'may not post in a discussion it cannot read', async () => {
      const res = await post(t, ideaId, headersOf(who), `A note from ${who}`);
      if (entitled) expect(res.status).toBe(201);
      else {
        expect(res.status).toBe(refusal);
        const body = (await res.json()) as { error: { message: string } };
        expect(body.error.message).toBe(refusal === 401 ? 'Sign in to join the discussion.' : 'Unlock the discussion to read and post messages.');
      }
    });
  });

  it('follows the admin setting premiumThreshold', async () => {
    const five = await personWithItems(t, 5);
    const six = await personWithItems(t, 6);
    await t.db.insert(settings).values({ key: 'platform', value: { premiumThreshold: 5 } });
    // As saving the settings does: this instance reads them again now.
    forgetCachedSettings(t.db);
    try {
      const detailFor = async (p: SignedInUser) =>
        ideaDetailSchema.parse(await (await t.fetch(`/api/ideas/${ideaId}`, { headers: p.headers })).json());
      const listFor = async (p: SignedInUser) =>
        messageListSchema.parse(await (await t.fetch(`/api/ideas/${ideaId}/messages`, { headers: p.headers })).json());
      expect((await detailFor(five)).fullAccess).toBe(false);
      expect((await detailFor(six)).fullAccess).toBe(true);
      expect((await detailFor(six)).premiumThreshold).toBe(5);
      expect((await listFor(five)).locked).toBe(true);
      expect((await listFor(six)).locked).toBe(false);
    } finally {
      await t.db.delete(settings).where(eq(settings.key, 'platform'));
      forgetCachedSettings(t.db);
    }
  });
});
