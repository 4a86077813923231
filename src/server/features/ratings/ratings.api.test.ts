/** Ratings (our reading): 1 to 5 stars from signed-in people other than the owner, one each. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ideaDetailSchema } from '../../../shared/schemas/ideas.ts';
import { ratingSummarySchema } from '../../../shared/schemas/engagement.ts';
import { signedInUser, type SignedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea, createUser } from '../../../../tests/support/factories.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { ideas, ratings } from '../../db/schema.ts';

describe.each(databaseKinds())('ratings on %s', (kind) => {
  const t = useTestServer(kind);

  const item = async () => createIdea(t.db, { userId: (await createUser(t.db)).id });
  const rate = (id: string, p: SignedInUser, value: unknown) =>
    t.fetch(`/api/ideas/${id}/rating`, { method: 'PUT', headers: p.headers, body: JSON.stringify({ value }) });
  const unrate = (id: string, p: SignedInUser) => t.fetch(`/api/ideas/${id}/rating`, { method: 'DELETE', headers: p.headers });
  const counters = async (id: string) =>
    (await t.db.select({ count: ideas.ratingCount, total: ideas.ratingTotal }).from(ideas).where(eq(ideas.id, id)))[0]!;

  it('rates, changes and removes a rating, answering the average to one decimal, the count and mine', async () => {
    const idea = await item();
    const [ada, bo, cy] = await Promise.all([signedInUser(t), signedInUser(t), signedInUser(t)]);
    expect(ratingSummarySchema.parse(await (await rate(idea.id, ada, 5)).json())).toEqual({ average: 5, count: 1, mine: 5 });
    expect(await (await rate(idea.id, bo, 4)).json()).toEqual({ average: 4.5, count: 2, mine: 4 });
    expect(await (await rate(idea.id, cy, 4)).json()).toEqual({ average: 4.3, count: 3, mine: 4 });
    expect(await (await rate(idea.id, ada, 2)).json()).toEqual({ average: 3.3, count: 3, mine: 2 });
    const detail = ideaDetailSchema.parse(await (await t.fetch(`/api/ideas/${idea.id}`, { headers: ada.headers })).json());
    expect(detail).toMatchObject({ ratingAverage: 3.3, ratingCount: 3, viewer: { rating: 2 } });
    expect(await (await unrate(idea.id, ada)).json()).toEqual({ average: 4, count: 2, mine: null });
    expect(await (await unrate(idea.id, ada)).json()).toEqual({ average: 4, count: 2, mine: null });
    expect(await counters(idea.id)).toEqual({ count: 2, total: 8 });
    const visitorView = ideaDetailSchema.parse(await (await t.fetch(`/api/ideas/${idea.id}`)).json());
    expect(visitorView.viewer).toBeUndefined();
  });

  it('keeps one rating per person when ten changes race, with exact counters', async () => {
    const idea = await item();
    const ada = await signedInUser(t);
    const values = [1, 2, 3, 4, 5, 5, 4, 3, 2, 1];
    const answers = await Promise.all(values.map((v) => rate(idea.id, ada, v)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const stored = await t.db.select({ value: ratings.value }).from(ratings).where(eq(ratings.ideaId, idea.id));
    expect(stored).toHaveLength(1);
    expect(await counters(idea.id)).toEqual({ count: 1, total: stored[0]!.value });
    const people = await Promise.all(Array.from({ length: 6 }, () => signedInUser(t)));
    await Promise.all(people.flatMap((p, i) => [rate(idea.id, p, (i % 5) + 1), rate(idea.id, p, 3)]));
    const all = await t.db.select({ value: ratings.value }).from(ratings).where(eq(ratings.ideaId, idea.id));
    expect(all).toHaveLength(7);
    expect(await counters(idea.id)).toEqual({ count: 7, total: all.reduce((s, r) => s + r.value, 0) });
  });

  it('refuses the owner (403), visitors (401) and anything but a whole number from 1 to 5 (400)', async () => {
    const owner = await signedInUser(t);
    const idea = await createIdea(t.db, { userId: owner.id });
    const own = await rate(idea.id, owner, 5);
    expect(own.status).toBe(403);
    expect(await own.json()).toEqual({ error: { code: 'forbidden', message: "You can't rate your own item." } });
    const visitor = await t.fetch(`/api/ideas/${idea.id}/rating`, {
      method: 'PUT',
      headers: { origin: new URL(t.url).origin, 'content-type': 'application/json' },
      body: JSON.stringify({ value: 4 }),
    });
    expect(visitor.status).toBe(401);
    const ada = await signedInUser(t);
    for (const value of [0, 6, 2.5, '3', null, -1]) {
      const res = await rate(idea.id, ada, value);
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Rating must be a whole number from 1 to 5.');
    }
    expect(await counters(idea.id)).toEqual({ count: 0, total: 0 });
  });

  it('answers 404 for missing and malformed items', async () => {
    const ada = await signedInUser(t);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await rate(id, ada, 3)).status).toBe(404);
      expect((await unrate(id, ada)).status).toBe(404);
    }
  });
});
