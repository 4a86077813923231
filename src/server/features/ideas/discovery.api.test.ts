/** Home's sorts and price filters (issue 16): Newest, Trending and Top, keyset paging per sort, prices within a currency. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ideaListResponseSchema, PRICE_FILTER_MESSAGES } from '../../../shared/schemas/ideas.ts';
import { signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea, createUser } from '../../../../tests/support/factories.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { errorOf } from './api-test-helpers.ts';

const DAY = 86_400_000;
/** Rows of a raw statement (both drivers answer { rows }). */
const rowsOf = <T,>(result: unknown) => (result as { rows: T[] }).rows;

describe.each(databaseKinds())('discovery: sorts and price filters on %s', (kind) => {
  const t = useTestServer(kind);

  async function list(query: string, headers: Record<string, string> = {}) {
    const res = await t.fetch(`/api/ideas${query}`, { headers });
    expect(res.status).toBe(200);
    return ideaListResponseSchema.parse(await res.json());
  }

  /** Every page of a list at `limit` items a page: the ids in order, and that no id came twice. */
  async function everyPage(query: string, limit: number) {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(limit);
      ids.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(ids).size).toBe(ids.length);
    return ids;
  }

  const setLikes = (id: string, n: number) => t.db.execute(sql`update ideas set like_count = ${n} where id = ${id}`);
  /** Likes by `count` new people on `id`, each at `at`. */
  async function likesAt(id: string, count: number, at: Date) {
    for (let i = 0; i < count; i++) {
      const fan = await createUser(t.db);
      await t.db.execute(sql`insert into likes (idea_id, user_id, created_at) values (${id}, ${fan.id}, ${at.toISOString()}::timestamptz)`);
    }
    await t.db.execute(sql`update ideas set like_count = like_count + ${count} where id = ${id}`);
  }

  it("orders 'Top' by likes, ties by newest, within the window (week by default, month, all time)", async () => {
    const u = await createUser(t.db);
    const now = Date.now();
    const tag = `Topwin${now}`;
    const make = (title: string, ageDays: number) => createIdea(t.db, { userId: u.id, title: `${tag} ${title}`, createdAt: new Date(now - ageDays * DAY) });
    const fresh3 = await make('fresh three', 1);
    const freshTieOld = await make('fresh tie older', 3);
    const freshTieNew = await make('fresh tie newer', 2);
    const tenDays = await make('ten days', 10);
    const fortyDays = await make('forty days', 40);
    await setLikes(fresh3.id, 3);
    await setLikes(freshTieOld.id, 5);
    await setLikes(freshTieNew.id, 5);
    await setLikes(tenDays.id, 9);
    await setLikes(fortyDays.id, 20);
    const mine = (ids: string[]) => ids.filter((id) => [fresh3, freshTieOld, freshTieNew, tenDays, fortyDays].some((i) => i.id === id));

    const week = mine((await list(`?sort=top&q=${tag}&limit=50`)).items.map((i) => i.id));
    expect(week).toEqual([freshTieNew.id, freshTieOld.id, fresh3.id]);
    expect(mine((await list(`?sort=top&window=week&limit=50`)).items.map((i) => i.id))).toEqual(week);
    expect(mine((await list(`?sort=top&window=month&limit=50`)).items.map((i) => i.id))).toEqual([tenDays.id, freshTieNew.id, freshTieOld.id, fresh3.id]);
    expect(mine(await everyPage('?sort=top&window=all', 2))).toEqual([fortyDays.id, tenDays.id, freshTieNew.id, freshTieOld.id, fresh3.id]);
    // A like through the API moves the item at once (the rank row follows the item's count).
    const fan = await signedInUser(t);
    expect((await t.fetch(`/api/ideas/${fresh3.id}/like`, { method: 'PUT', headers: fan.headers })).status).toBe(200);
    await setLikes(fresh3.id, 6);
    expect(mine((await list(`?sort=top&limit=50`)).items.map((i) => i.id))[0]).toBe(fresh3.id);
  });

  it("ranks 'Trending' by likes and messages decayed with age: recent engagement beats older, more of it", async () => {
    const u = await createUser(t.db);
    const now = Date.now();
    const tag = `Trend${now}`;
    const make = (title: string, ageDays: number) => createIdea(t.db, { userId: u.id, title: `${tag} ${title}`, createdAt: new Date(now - ageDays * DAY) });
    const oldPopular = await make('old popular', 10);
    const risingToday = await make('rising today', 2);
    const quietNew = await make('quiet new', 0.5);
    const quietOld = await make('quiet old', 4);
    // Ten likes nine days ago weigh 10 / 2^9; three likes this hour weigh about 3.
    await likesAt(oldPopular.id, 10, new Date(now - 9 * DAY));
    await likesAt(risingToday.id, 3, new Date(now - 3_600_000));
    const order = async () => {
      const ids = (await list(`?sort=trending&q=${tag}&limit=50`)).items.map((i) => i.id);
      expect(ids).toHaveLength(4);
      return ids;
    };
    // With nothing else, a newer share ranks higher (the share itself is an event of weight 1).
    expect(await order()).toEqual([risingToday.id, quietNew.id, quietOld.id, oldPopular.id]);

    // Messages count too (a quarter of a like each): eight this hour lift the four-day-old item above the new one.
    const [discussion] = rowsOf<{ id: string }>(await t.db.execute(sql`insert into idea_discussions (idea_id) values (${quietOld.id}) returning id`));
    for (let i = 0; i < 8; i++) {
      await t.db.execute(sql`insert into idea_discussion_messages (discussion_id, user_id, content, created_at)
        values (${discussion!.id}, ${u.id}, ${`Message ${i}`}, ${new Date(now - 3_600_000).toISOString()}::timestamptz)`);
    }
    expect(await order()).toEqual([risingToday.id, quietOld.id, quietNew.id, oldPopular.id]);

    // Removing likes takes exactly their weight away: the item falls back to where its share alone puts it.
    await t.db.execute(sql`delete from likes where idea_id = ${risingToday.id}`);
    expect(await order()).toEqual([quietOld.id, quietNew.id, risingToday.id, oldPopular.id]);
    const [scores] = rowsOf<{ rest: number }>(await t.db.execute(sql`select trending_score - trending_point(created_at, 1) as rest from idea_ranks where idea_id = ${risingToday.id}`));
    expect(Math.abs(Number(scores!.rest))).toBeLessThan(1e-6);

    // The same order whichever page size: cursors carry the score exactly.
    const all = await everyPage(`?sort=trending&q=${tag}`, 1);
    expect(all).toEqual(await order());
  });

  it('pages every sort with its own cursor, without duplicates or gaps, over ties, and refuses a cursor of another sort', async () => {
    const u = await createUser(t.db);
    const at = new Date(Date.now() - DAY);
    const made = [];
    // Pairs share a creation time and a like count: only the id tells them apart.
    for (let i = 0; i < 9; i++) {
      const idea = await createIdea(t.db, { userId: u.id, title: `Cursor item ${i}`, createdAt: new Date(at.getTime() + Math.floor(i / 2) * 1000) });
      await setLikes(idea.id, i % 3);
      made.push(idea.id);
    }
    for (const query of ['?sort=newest', '?sort=trending', '?sort=top&window=week', '?sort=top&window=month', '?sort=top&window=all', '?sort=top&category=idea']) {
      const whole = (await list(`${query}&limit=50`)).items.map((i) => i.id);
      for (const size of [1, 2, 4]) expect(await everyPage(query, size)).toEqual(whole);
      expect(made.every((id) => whole.includes(id))).toBe(true);
    }
    const topCursor = (await list('?sort=top&limit=1')).nextCursor!;
    const newestCursor = (await list('?sort=newest&limit=1')).nextCursor!;
    for (const bad of [`?sort=trending&cursor=${topCursor}`, `?sort=newest&cursor=${topCursor}`, `?sort=top&cursor=${newestCursor}`]) {
      expect((await errorOf(await t.fetch(`/api/ideas${bad}`), 400)).fields).toHaveProperty('cursor');
    }
    // A forged count beyond what the column holds is a bad cursor, not a database error.
    const forged = Buffer.from(`top|99999999999999|${new Date().toISOString()}|${made[0]}`).toString('base64url');
    expect((await errorOf(await t.fetch(`/api/ideas?sort=top&cursor=${forged}`), 400)).code).toBe('bad_request');
  });

  it('combines sorts with the category tabs and search', async () => {
    const u = await createUser(t.db);
    const tag = `Combo${Date.now()}`;
    const product = await createIdea(t.db, { userId: u.id, title: `${tag} product`, category: 'product' });
    const idea = await createIdea(t.db, { userId: u.id, title: `${tag} idea`, category: 'idea' });
    await setLikes(product.id, 4);
    for (const sort of ['newest', 'trending', 'top']) {
      expect((await list(`?sort=${sort}&category=product&q=${tag}`)).items.map((i) => i.id)).toEqual([product.id]);
      expect((await list(`?sort=${sort}&category=idea&q=${tag}`)).items.map((i) => i.id)).toEqual([idea.id]);
    }
    expect((await list(`?sort=top&q=${tag}`)).items.map((i) => i.id)).toEqual([product.id, idea.id]);
  });

  it('filters by price within a currency, combined with every sort, search and category; empty fields are no filter', async () => {
    const u = await createUser(t.db);
    const tag = `Price${Date.now()}`;
    const item = (price: number, currency: 'NGN' | 'USD' | 'EUR', category: 'idea' | 'product' = 'idea') =>
      createIdea(t.db, { userId: u.id, title: `${tag} ${currency} ${price}`, price, currency, category });
    const usd10 = await item(10, 'USD');
    const usd50 = await item(50.5, 'USD', 'product');
    const usd99 = await item(99.99, 'USD');
    const ngn50 = await item(50, 'NGN');
    const eur0 = await item(0, 'EUR');
    const ids = async (query: string) => (await list(`?q=${tag}&limit=50${query}`)).items.map((i) => i.id).sort();
    const sorted = (...xs: { id: string }[]) => xs.map((x) => x.id).sort();
    for (const sort of ['newest', 'trending', 'top&window=all']) {
      expect(await ids(`&sort=${sort}&currency=USD&minPrice=10&maxPrice=60`)).toEqual(sorted(usd10, usd50));
      expect(await ids(`&sort=${sort}&currency=USD&minPrice=50.5`)).toEqual(sorted(usd50, usd99));
      expect(await ids(`&sort=${sort}&currency=USD&maxPrice=50.49`)).toEqual(sorted(usd10));
      expect(await ids(`&sort=${sort}&currency=USD&category=product`)).toEqual(sorted(usd50));
      expect(await ids(`&sort=${sort}&currency=NGN`)).toEqual(sorted(ngn50));
      expect(await ids(`&sort=${sort}&currency=EUR&maxPrice=0`)).toEqual(sorted(eur0));
    }
    // The prepared (no search) path filters the same: every USD item between 10 and 60 of the whole list.
    const prepared = (await list('?currency=USD&minPrice=10&maxPrice=60&limit=50')).items;
    expect(prepared.every((i) => i.currency === 'USD' && i.price >= 10 && i.price <= 60)).toBe(true);
    expect(prepared.map((i) => i.id)).toEqual(expect.arrayContaining([usd10.id, usd50.id]));
    // 'Any currency' with a range: each item by its own amount, whatever its currency.
    for (const sort of ['newest', 'trending', 'top&window=all']) {
      expect(await ids(`&sort=${sort}&minPrice=10&maxPrice=60`)).toEqual(sorted(usd10, usd50, ngn50));
      expect(await ids(`&sort=${sort}&currency=&maxPrice=0`)).toEqual(sorted(eur0));
    }
    const anyCurrency = await t.fetch('/api/ideas?minPrice=50&limit=50');
    expect(anyCurrency.status).toBe(200);
    expect(((await anyCurrency.json()) as { items: { price: number }[] }).items.every((i) => i.price >= 50)).toBe(true);
    // A form sent with empty fields filters nothing.
    expect(await ids('&minPrice=&maxPrice=&currency=')).toEqual(sorted(usd10, usd50, usd99, ngn50, eur0));
  });

  it('refuses bad price filters with the one error body, never a 500', async () => {
    const cases: [string, string, string][] = [
      ['?currency=USD&minPrice=-1', 'minPrice', PRICE_FILTER_MESSAGES.minPrice],
      ['?currency=USD&maxPrice=-0.5', 'maxPrice', PRICE_FILTER_MESSAGES.maxPrice],
      ['?currency=USD&minPrice=abc', 'minPrice', PRICE_FILTER_MESSAGES.minPrice],
      ['?currency=USD&minPrice=Infinity', 'minPrice', PRICE_FILTER_MESSAGES.minPrice],
      ['?currency=USD&maxPrice=1e300', 'maxPrice', PRICE_FILTER_MESSAGES.maxPrice],
      ['?currency=USD&minPrice=20&maxPrice=10', 'minPrice', PRICE_FILTER_MESSAGES.order],
      ['?currency=GBP', 'currency', PRICE_FILTER_MESSAGES.currency],
      ['?sort=oldest', 'sort', 'sort must be one of newest, trending or top.'],
      ['?sort=top&window=year', 'window', 'window must be one of day, week, month or all.'],
    ];
    for (const [query, field, message] of cases) {
      const error = await errorOf(await t.fetch(`/api/ideas${query}`), 400);
      expect(error.code, query).toBe('bad_request');
      expect(error.fields?.[field], query).toEqual([message]);
    }
  });
});
