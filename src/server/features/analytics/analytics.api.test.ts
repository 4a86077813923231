/** Makers' analytics (issue 28 point 3): views counted once per reader per item per day, without personal data, and the Analytics tab's figures. */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { makerAnalyticsSchema, type MakerAnalytics } from '../../../shared/schemas/maker-analytics.ts';
import { analyticsSchema } from '../../../shared/schemas/admin.ts';
import { ideaDiscussionMessages, ideaDiscussions, itemViewReaders, itemViews, likes, payments, savedItems, viewSalts } from '../../db/schema.ts';
import { setClockForTests } from '../../lib/clock.ts';
import { type SignedInUser, signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea, createUser } from '../../../../tests/support/factories.ts';
import { statementsOf } from '../../../../tests/support/statements.ts';
import { type TestServer, useTestServer } from '../../../../tests/support/test-server.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const DAY_MS = 86_400_000;

const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const at = (offset: number) => new Date(Date.now() + offset * DAY_MS);

async function read(t: TestServer, id: string, userAgent: string | null, person?: SignedInUser) {
  const headers: Record<string, string> = {};
  if (userAgent) headers['user-agent'] = userAgent;
  if (person) headers.cookie = person.cookie;
  const res = await t.fetch(`/api/ideas/${id}`, { headers });
  expect(res.status).toBe(200);
  await res.arrayBuffer();
}

async function analyticsOf(t: TestServer, maker: SignedInUser, days = 7): Promise<MakerAnalytics> {
  const res = await t.fetch(`/api/me/analytics?days=${days}`, { headers: { cookie: maker.cookie } });
  expect(res.status, await res.clone().text()).toBe(200);
  return makerAnalyticsSchema.parse(await res.json());
}

describe.each(databaseKinds())('makers’ analytics on %s', (kind) => {
  const t = useTestServer(kind);

  it('counts one view per reader per item per day: visitors by address and browser, people by account, never bots or the maker', async () => {
    const maker = await signedInUser(t, { name: 'Kemi Adebayo' });
    const reader = await signedInUser(t, { name: 'Tunde Bello' });
    const item = await createIdea(t.db, { userId: maker.id, title: 'Solar dryer for cassava' });

    await read(t, item.id, CHROME);
    await read(t, item.id, CHROME);
    await read(t, item.id, FIREFOX);
    await read(t, item.id, CHROME, reader);
    await read(t, item.id, FIREFOX, reader);
    await read(t, item.id, CHROME, maker);
    await read(t, item.id, GOOGLEBOT);
    await read(t, item.id, null);

    const today = await analyticsOf(t, maker);
    expect(today.points.at(-1)).toEqual({ date: day(0), views: 3, likes: 0, comments: 0, saves: 0, purchases: 0 });
    expect(today.items).toEqual([{ id: item.id, title: 'Solar dryer for cassava', views: 3, likes: 0, comments: 0, saves: 0, purchases: 0 }]);
    expect(today.totals.views).toBe(3);

    // The next day the same readers count again, and yesterday's hashes and salt are gone.
    const restore = setClockForTests(() => Date.now() + DAY_MS);
    onTestFinished(restore);
    await read(t, item.id, CHROME);
    await read(t, item.id, CHROME, reader);
    const tomorrow = await analyticsOf(t, maker);
    expect(tomorrow.points.at(-1)).toMatchObject({ date: day(1), views: 2 });
    expect(tomorrow.points.at(-2)).toMatchObject({ date: day(0), views: 3 });
    const readerDays = await t.db.selectDistinct({ day: itemViewReaders.day }).from(itemViewReaders);
    expect(readerDays).toEqual([{ day: day(1) }]);
    expect(await t.db.select({ day: viewSalts.day }).from(viewSalts)).toEqual([{ day: day(1) }]);
  });

  it('stores no personal data: a count per item and day, and the day’s salted hashes only', async () => {
    const maker = await signedInUser(t, { name: 'Ifeoma Eze' });
    const reader = await signedInUser(t, { name: 'Sade Ojo' });
    const item = await createIdea(t.db, { userId: maker.id });
    await read(t, item.id, CHROME, reader);
    await read(t, item.id, FIREFOX);
    await analyticsOf(t, maker);

    const columns = await t.db.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_name in ('item_views', 'item_view_readers', 'view_salts') order by table_name, column_name`);
    expect((columns as unknown as { rows: unknown[] }).rows).toEqual([
      { table_name: 'item_view_readers', column_name: 'day' },
      { table_name: 'item_view_readers', column_name: 'idea_id' },
      { table_name: 'item_view_readers', column_name: 'reader_hash' },
      { table_name: 'item_views', column_name: 'day' },
      { table_name: 'item_views', column_name: 'idea_id' },
      { table_name: 'item_views', column_name: 'views' },
      { table_name: 'view_salts', column_name: 'day' },
      { table_name: 'view_salts', column_name: 'salt' },
    ]);
    const hashes = await t.db.select().from(itemViewReaders).where(sql`${itemViewReaders.ideaId} = ${item.id}`);
    expect(hashes).toHaveLength(2);
    for (const row of hashes) {
      const bytes = Buffer.from(row.readerHash);
      expect(bytes).toHaveLength(16);
      for (const personal of [reader.id, '127.0.0.1', CHROME, FIREFOX]) expect(bytes.includes(Buffer.from(personal))).toBe(false);
    }
    expect(await t.db.select().from(itemViews).where(sql`${itemViews.ideaId} = ${item.id}`)).toEqual([{ ideaId: item.id, day: day(0), views: 2 }]);
  });

  it('shows the maker’s own items only, with likes, comments, saves and purchases per day and per item', async () => {
    const maker = await signedInUser(t, { name: 'Musa Garba' });
    const other = await createUser(t.db, { name: 'Other Maker' });
    const fan = await createUser(t.db, { name: 'Fan One' });
    const fan2 = await createUser(t.db, { name: 'Fan Two' });
    const mine = await createIdea(t.db, { userId: maker.id, title: 'Water filter from clay' });
    const quiet = await createIdea(t.db, { userId: maker.id, title: 'A quiet idea' });
    const theirs = await createIdea(t.db, { userId: other.id, title: 'Somebody else’s item' });

    for (const id of [mine.id, theirs.id]) {
      await t.db.insert(likes).values([
        { ideaId: id, userId: fan.id, createdAt: at(-2) },
        { ideaId: id, userId: fan2.id, createdAt: at(0) },
      ]);
      await t.db.insert(savedItems).values({ ideaId: id, userId: fan.id, createdAt: at(-1) });
      await t.db.insert(payments).values([
        { ideaId: id, userId: fan.id, amount: 150000, status: 'success', reference: `ref-${randomUUID()}`, createdAt: at(-1) },
        { ideaId: id, userId: fan2.id, amount: 150000, status: 'failed', reference: `ref-${randomUUID()}`, createdAt: at(-1) },
      ]);
      const [discussion] = await t.db.insert(ideaDiscussions).values({ ideaId: id }).returning();
      await t.db.insert(ideaDiscussionMessages).values([
        { discussionId: discussion!.id, userId: fan.id, content: 'Where can I buy one?', createdAt: at(-2) },
        { discussionId: discussion!.id, userId: fan2.id, content: 'Me too', createdAt: at(-2) },
      ]);
      await t.db.insert(itemViews).values({ ideaId: id, day: day(-2), views: 5 });
    }
    await read(t, theirs.id, CHROME);

    const a = await analyticsOf(t, maker);
    expect(a).toMatchObject({ days: 7, from: day(-6), to: day(0) });
    expect(a.points).toHaveLength(7);
    expect(a.points.slice(-3)).toEqual([
      { date: day(-2), views: 5, likes: 1, comments: 2, saves: 0, purchases: 0 },
      { date: day(-1), views: 0, likes: 0, comments: 0, saves: 1, purchases: 1 },
      { date: day(0), views: 0, likes: 1, comments: 0, saves: 0, purchases: 0 },
    ]);
    expect(a.totals).toEqual({ views: 5, likes: 2, comments: 2, saves: 1, purchases: 1 });
    expect(a.items).toEqual([
      { id: mine.id, title: 'Water filter from clay', views: 5, likes: 2, comments: 2, saves: 1, purchases: 1 },
      { id: quiet.id, title: 'A quiet idea', views: 0, likes: 0, comments: 0, saves: 0, purchases: 0 },
    ]);
  });

  it('covers the last 7, 30 or 90 days, today included, and refuses any other window', async () => {
    const maker = await signedInUser(t, { name: 'Chidi Nwosu' });
    const item = await createIdea(t.db, { userId: maker.id });
    const views = [0, -6, -7, -29, -30, -89, -90].map((offset, i) => ({ ideaId: item.id, day: day(offset), views: 10 ** i }));
    await t.db.insert(itemViews).values(views);

    expect((await analyticsOf(t, maker, 7)).totals.views).toBe(1 + 10);
    expect((await analyticsOf(t, maker, 30)).totals.views).toBe(1 + 10 + 100 + 1000);
    const ninety = await analyticsOf(t, maker, 90);
    expect(ninety.totals.views).toBe(1 + 10 + 100 + 1000 + 10_000 + 100_000);
    expect(ninety.points).toHaveLength(90);
    expect(ninety.from).toBe(day(-89));

    for (const bad of ['14', 'all', '-7']) {
      const res = await t.fetch(`/api/me/analytics?days=${bad}`, { headers: { cookie: maker.cookie } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('bad_request');
    }
    expect((await t.fetch('/api/me/analytics')).status).toBe(401);
    expect((await t.fetch('/api/me/analytics/csv')).status).toBe(401);
  });

  it('downloads the same figures as CSV: one line per day and item, titles safe for spreadsheets', async () => {
    const maker = await signedInUser(t, { name: 'Amaka Obi' });
    const fan = await createUser(t.db, { name: 'Fan' });
    const plain = await createIdea(t.db, { userId: maker.id, title: 'Bicycle, "cargo" edition' });
    const risky = await createIdea(t.db, { userId: maker.id, title: '=HYPERLINK("http://x.test")' });
    await createIdea(t.db, { userId: (await createUser(t.db)).id, title: 'Not mine' });
    await t.db.insert(itemViews).values([
      { ideaId: plain.id, day: day(-3), views: 4 },
      { ideaId: risky.id, day: day(-1), views: 2 },
      { ideaId: plain.id, day: day(-40), views: 9 },
    ]);
    await t.db.insert(likes).values({ ideaId: plain.id, userId: fan.id, createdAt: at(-1) });

    const res = await t.fetch('/api/me/analytics/csv?days=30', { headers: { cookie: maker.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="ideahub-analytics-${day(0)}-30-days.csv"`);
    expect(await res.text()).toBe(
      [
        'date,item_id,title,views,likes,comments,saves,purchases',
        `${day(-3)},${plain.id},"Bicycle, ""cargo"" edition",4,0,0,0,0`,
        `${day(-1)},${risky.id},"'=HYPERLINK(""http://x.test"")",2,0,0,0,0`,
        `${day(-1)},${plain.id},"Bicycle, ""cargo"" edition",0,1,0,0,0`,
        '',
      ].join('\r\n'),
    );
  });

  it('gives admins the platform’s views per day beside the other figures', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const before = analyticsSchema.parse(await (await t.fetch('/api/admin/analytics?days=30', { headers: { cookie: admin.cookie } })).json());
    const todayBefore = before.series.points.at(-1)!;
    const maker = await createUser(t.db);
    const a = await createIdea(t.db, { userId: maker.id });
    const b = await createIdea(t.db, { userId: maker.id });
    await read(t, a.id, CHROME);
    await read(t, b.id, CHROME);
    await read(t, b.id, FIREFOX);
    await t.db.insert(itemViews).values({ ideaId: a.id, day: day(-3), views: 7 });

    const after = analyticsSchema.parse(await (await t.fetch('/api/admin/analytics?days=30', { headers: { cookie: admin.cookie } })).json());
    expect(after.series.points.at(-1)).toMatchObject({ date: day(0), views: todayBefore.views + 3 });
    expect(after.series.points.find((p) => p.date === day(-3))?.views).toBeGreaterThanOrEqual(7);
  });
});

describe.each(databaseKinds())('views of kept answers on %s', (kind) => {
  // The visitors' cache on: the second read of the same details is answered before the framework runs.
  const t = useTestServer(kind, { env: { PUBLIC_CACHE_TTL_MS: '60000' } });

  it('counts visitors whose details come from the visitors’ cache, once each', async () => {
    const maker = await signedInUser(t, { name: 'Bola Ade' });
    const item = await createIdea(t.db, { userId: maker.id });
    await read(t, item.id, CHROME);
    await read(t, item.id, CHROME);
    await read(t, item.id, FIREFOX);
    await read(t, item.id, GOOGLEBOT);
    await read(t, item.id, 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15');
    expect((await analyticsOf(t, maker)).totals.views).toBe(3);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the cost of a view on postgres', () => {
  const t = useTestServer('postgres', { mailOutbox: { pollMs: 3_600_000 } });

  it('a new reader costs one statement; a reader already counted today none', async () => {
    const maker = await signedInUser(t, { name: 'Ngozi Eze' });
    const item = await createIdea(t.db, { userId: maker.id });
    // The day's salt is read once per instance first.
    await read(t, item.id, FIREFOX);
    await analyticsOf(t, maker);
    const viewStatements = async (userAgent: string) => {
      const statements = await statementsOf(t.database, async () => {
        await read(t, item.id, userAgent);
        return t.fetch('/api/me/analytics?days=7', { headers: { cookie: maker.cookie } });
      });
      return statements.filter((s) => /item_view|view_salts/.test(s));
    };
    const first = await viewStatements(CHROME);
    expect(first, first.join('\n')).toHaveLength(1);
    expect(first[0]).toMatch(/^with fresh as \( insert into "item_view_readers"/);
    expect(await viewStatements(CHROME)).toEqual([]);
    expect((await analyticsOf(t, maker)).totals.views).toBe(2);
  });
});
