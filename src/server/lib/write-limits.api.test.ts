/**
 * Per-person write limits (issue 14 point 10) through the real app, on each database: over a
 * limit the answer is 429 with Retry-After and the one error body and nothing is written;
 * concurrent requests never pass more than the limit; other people are unaffected.
 * The server runs with lower limits (WRITE_LIMITS); uploads keep their default of 20 a minute.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser, type SignedInUser } from '../../../tests/support/auth.ts';
import { databaseKinds } from '../../../tests/support/databases.ts';
import { createIdea } from '../../../tests/support/factories.ts';
import { startOfFreshWindow } from '../../../tests/support/clock.ts';
import { useTestServer } from '../../../tests/support/test-server.ts';
import { ideaDiscussionMessages, ideas, likes, ratings, storedFiles, writeLimits } from '../db/schema.ts';
import { pngImage, upload } from '../features/ideas/api-test-helpers.ts';
import { personWithItems, post } from '../features/discussion/testing/people.ts';
import { sweepWriteLimits } from './write-limits.ts';

type ErrorBody = { error: { code: string; message: string; fields?: unknown } };

async function expectRefused(res: Response, message: RegExp): Promise<number> {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
  const body = (await res.json()) as ErrorBody;
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe('too_many_requests');
  expect(body.error.message).toMatch(message);
  return retryAfter;
}

/** Windows are fixed: a test that must stay inside one starts at a window's start (the app's clock moved there). */
const clearOfWindowEnd = (seconds: number) => startOfFreshWindow(seconds);

describe.each(databaseKinds())('per-person write limits on %s', (kind) => {
  const t = useTestServer(kind, { env: { WRITE_LIMITS: 'messages:3/60,messages:5/86400,likes:4/60,ratings:3/60' } });

  const messageCount = async (userId: string) =>
    (await t.db.select({ n: sql<number>`count(*)::int` }).from(ideaDiscussionMessages).where(eq(ideaDiscussionMessages.userId, userId)))[0]!.n;

  it('messages: the 4th in a minute is refused with 429, Retry-After and the one error body, and not stored', async () => {
    const owner = await personWithItems(t, 0);
    const idea = await createIdea(t.db, { userId: owner.id });
    clearOfWindowEnd(60);
    for (let i = 0; i < 3; i++) expect((await post(t, idea.id, owner.headers, `hello ${i}`)).status).toBe(201);
    const retryAfter = await expectRefused(
      await post(t, idea.id, owner.headers, 'one too many'),
      /^You are sending messages too quickly\. Please wait (a moment|a minute) and try again\.$/,
    );
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await messageCount(owner.id)).toBe(3);
    const [item] = await t.db.select({ n: ideas.messageCount }).from(ideas).where(eq(ideas.id, idea.id));
    expect(item?.n).toBe(3);
    // Someone else in the same discussion is unaffected.
    const admin = await signedInUser(t, { role: 'admin' });
    expect((await post(t, idea.id, admin.headers, 'I may still write')).status).toBe(201);
  });

  it('messages: the daily limit holds once the minute has passed, and says how long to wait', async () => {
    const owner = await personWithItems(t, 0);
    const idea = await createIdea(t.db, { userId: owner.id });
    clearOfWindowEnd(86_400);
    for (let i = 0; i < 3; i++) expect((await post(t, idea.id, owner.headers, `morning ${i}`)).status).toBe(201);
    // The minute window ends (its row moves a window back); the day's count stays.
    await t.db
      .update(writeLimits)
      .set({ windowStart: sql`${writeLimits.windowStart} - 60` })
      .where(and(sql`${writeLimits.key} like ${'messages:3/60:%'}`, sql`${writeLimits.key} like ${`%:${owner.id}`}`));
    for (let i = 0; i < 2; i++) expect((await post(t, idea.id, owner.headers, `later ${i}`)).status).toBe(201);
    const retryAfter = await expectRefused(await post(t, idea.id, owner.headers, 'sixth today'), /^You are sending messages too quickly\./);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(await messageCount(owner.id)).toBe(5);
  });

  it('a refused request does not use up the allowance: the minute rule refusing leaves the day’s count alone', async () => {
    const owner = await personWithItems(t, 0);
    const idea = await createIdea(t.db, { userId: owner.id });
    clearOfWindowEnd(86_400);
    for (let i = 0; i < 3; i++) expect((await post(t, idea.id, owner.headers, `m ${i}`)).status).toBe(201);
    for (let i = 0; i < 5; i++) expect((await post(t, idea.id, owner.headers, 'refused')).status).toBe(429);
    const rows = await t.db.select().from(writeLimits).where(sql`${writeLimits.key} like ${`messages:%:${owner.id}`}`);
    expect(rows.map((r) => r.count).sort()).toEqual([3, 3]);
  });

  it('likes: 30 likes and unlikes at once with a limit of 4 let exactly 4 through; the like count matches the rows', async () => {
    const ada = await signedInUser(t);
    const owner = await signedInUser(t);
    const items = await Promise.all(Array.from({ length: 30 }, () => createIdea(t.db, { userId: owner.id })));
    clearOfWindowEnd(60);
    const answers = await Promise.all(
      items.map((item, i) => t.fetch(`/api/ideas/${item.id}/like`, { method: i % 3 ? 'PUT' : 'DELETE', headers: ada.headers })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(26);
    const refused = answers.find((r) => r.status === 429)!;
    await expectRefused(refused, /^You are liking and unliking too quickly\./);
    const liked = answers.flatMap((r, i) => (r.status === 200 && i % 3 ? [items[i]!.id] : []));
    const rows = await t.db.select({ ideaId: likes.ideaId }).from(likes).where(eq(likes.userId, ada.id));
    expect(rows.map((r) => r.ideaId).sort()).toEqual(liked.sort());
    const counted = await t.db.select({ n: sql<number>`sum(${ideas.likeCount})::int` }).from(ideas).where(eq(ideas.userId, owner.id));
    expect(counted[0]?.n).toBe(liked.length);
    // Another person is unaffected.
    const bo = await signedInUser(t);
    expect((await t.fetch(`/api/ideas/${items[0]!.id}/like`, { method: 'PUT', headers: bo.headers })).status).toBe(200);
  });

  it('ratings: the 4th rating in a minute is refused and the stars stay as they were', async () => {
    const ada = await signedInUser(t);
    const owner = await signedInUser(t);
    const idea = await createIdea(t.db, { userId: owner.id });
    clearOfWindowEnd(60);
    const rate = (who: SignedInUser, value: number) =>
      t.fetch(`/api/ideas/${idea.id}/rating`, { method: 'PUT', headers: who.headers, body: JSON.stringify({ value }) });
    for (const value of [1, 2, 3]) expect((await rate(ada, value)).status).toBe(200);
    await expectRefused(await rate(ada, 5), /^You are rating too quickly\./);
    await expectRefused(await t.fetch(`/api/ideas/${idea.id}/rating`, { method: 'DELETE', headers: ada.headers }), /rating too quickly/);
    const [row] = await t.db.select({ value: ratings.value }).from(ratings).where(eq(ratings.userId, ada.id));
    expect(row?.value).toBe(3);
    const [item] = await t.db.select({ count: ideas.ratingCount, total: ideas.ratingTotal }).from(ideas).where(eq(ideas.id, idea.id));
    expect(item).toEqual({ count: 1, total: 3 });
    const bo = await signedInUser(t);
    expect((await rate(bo, 4)).status).toBe(200);
  });

  it('uploads: 30 at once with the default limit of 20 store exactly 20; the others get 429 with Retry-After', async () => {
    const ada = await signedInUser(t);
    const png = await pngImage(8, 8);
    clearOfWindowEnd(60);
    const answers = await Promise.all(Array.from({ length: 30 }, () => upload(t, ada, png, 'a.png', 'image/png')));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(20);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(10);
    await expectRefused(refused[0]!, /^You are uploading images too quickly\./);
    const [stored] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(storedFiles)
      .where(and(eq(storedFiles.ownerId, ada.id), sql`${storedFiles.name} not like '%.thumb.webp'`));
    expect(stored?.n).toBe(20);
    const bo = await signedInUser(t);
    expect((await upload(t, bo, png, 'b.png', 'image/png')).status).toBe(201);
  });

  it('visitors are not counted (they get 401), and ended windows are swept', async () => {
    const owner = await signedInUser(t);
    const idea = await createIdea(t.db, { userId: owner.id });
    expect((await t.fetch(`/api/ideas/${idea.id}/like`, { method: 'PUT', headers: { origin: new URL(t.url).origin } })).status).toBe(401);
    await t.db.insert(writeLimits).values({ key: 'likes:4/60:gone', windowStart: 0, count: 4, expiresAt: new Date(60_000) });
    await sweepWriteLimits(t.db, undefined, Date.now() + 3_600_000);
    expect(await t.db.select().from(writeLimits).where(eq(writeLimits.key, 'likes:4/60:gone'))).toEqual([]);
  });
});
