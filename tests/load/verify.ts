/**
 * The database after the run, against what the clients were told: every like and message that
 * got a success answer is there, exactly once, and nothing else from the run is (apart from
 * writes whose answer was lost because PostgreSQL died under them, reported as such); counters
 * agree with the rows they count; every item has its discussion and its one coupon, and every
 * coupon its item.
 */
import pg from 'pg';
import type { Outcome } from './http.ts';
import type { Ledger } from './traffic.ts';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface VerifyInput {
  databaseUrl: string;
  ledger: Ledger;
  /** A write whose request was open at this moment (PostgreSQL stopped under it) may or may not have committed. */
  isAmbiguous(out: Outcome | null): boolean;
}

const sample = <T>(list: T[], n = 3) => JSON.stringify(list.slice(0, n));

export async function verifyDatabase(input: VerifyInput): Promise<{ checks: Check[]; figures: Record<string, number> }> {
  const { ledger } = input;
  const client = new pg.Client({ connectionString: input.databaseUrl });
  await client.connect();
  const checks: Check[] = [];
  const figures: Record<string, number> = {};
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
  try {
    // ── Likes ──
    const likeRows = (await client.query<{ user_id: string; idea_id: string }>('select user_id, idea_id from likes')).rows;
    const inDb = new Map<string, number>();
    for (const r of likeRows) inDb.set(`${r.user_id}|${r.idea_id}`, (inDb.get(`${r.user_id}|${r.idea_id}`) ?? 0) + 1);
    const unknown = [...ledger.likes.values()].filter((e) => e.liked === null);
    const expected = [...ledger.likes.entries()].filter(([, e]) => e.liked === true).map(([k]) => k);
    const expectedSet = new Set(expected);
    const missing = expected.filter((k) => !inDb.has(k));
    const twice = [...inDb].filter(([, n]) => n > 1).map(([k]) => k);
    const extra = [...inDb.keys()].filter((k) => !expectedSet.has(k));
    figures.likePairs = ledger.likes.size;
    figures.likesExpected = expected.length;
    figures.likesInDb = likeRows.length;
    check('likes: every pair answered "liked" is in the database', missing.length === 0 && unknown.length === 0, `${expected.length} expected, ${missing.length} missing${missing.length ? ` ${sample(missing)}` : ''}${unknown.length ? `, ${unknown.length} pairs never settled` : ''}`);
    check('likes: none twice, none that the last answer said was taken back', twice.length === 0 && extra.length === 0, `${likeRows.length} rows, ${twice.length} twice, ${extra.length} unexpected${extra.length ? ` ${sample(extra)}` : ''}`);
    const badCounts = (
      await client.query<{ id: string; like_count: number; n: number }>(
        `select i.id, i.like_count, count(l.id)::int as n from ideas i left join likes l on l.idea_id = i.id
         group by i.id having i.like_count <> count(l.id)`,
      )
    ).rows;
    check('likes: every item\'s like_count equals its like rows', badCounts.length === 0, `${badCounts.length} items differ${badCounts.length ? ` ${sample(badCounts)}` : ''}`);

    // ── Messages ──
    const msgRows = (
      await client.query<{ id: string; content: string; idea_id: string }>(
        'select m.id::text as id, m.content, d.idea_id from idea_discussion_messages m join idea_discussions d on d.id = m.discussion_id',
      )
    ).rows;
    const byContent = new Map<string, { id: number; ideaId: string }[]>();
    for (const r of msgRows) {
      const list = byContent.get(r.content) ?? [];
      list.push({ id: Number(r.id), ideaId: r.idea_id });
      byContent.set(r.content, list);
    }
    const acked = ledger.messages.filter((m) => m.id !== null);
    const lost = acked.filter((m) => !byContent.get(m.content)?.some((r) => r.id === m.id && r.ideaId === m.ideaId));
    const dup = [...byContent].filter(([, l]) => l.length > 1).map(([c]) => c);
    const attemptsByContent = new Map(ledger.messages.map((m) => [m.content, m]));
    const strangers: string[] = [];
    const unacknowledged: string[] = [];
    let ambiguous = 0;
    for (const content of byContent.keys()) {
      const attempt = attemptsByContent.get(content);
      if (!attempt) strangers.push(content);
      else if (attempt.id === null) {
        if (input.isAmbiguous(attempt.out)) ambiguous++;
        else unacknowledged.push(`${content} (answer ${attempt.out?.status ?? 'none'} ${attempt.out?.error ?? ''})`);
      }
    }
    figures.messagesAttempted = ledger.messages.length;
    figures.messagesAcked = acked.length;
    figures.messagesInDb = msgRows.length;
    figures.messagesAmbiguous = ambiguous;
    check('messages: every message answered 201 is stored, with its id, text and item', lost.length === 0, `${acked.length} answered 201, ${lost.length} missing${lost.length ? ` ${sample(lost.map((m) => m.content))}` : ''}`);
    check('messages: none stored twice', dup.length === 0, `${msgRows.length} rows, ${dup.length} texts twice${dup.length ? ` ${sample(dup)}` : ''}`);
    check(
      'messages: nothing stored that was not answered 201 (except requests open when PostgreSQL died)',
      strangers.length === 0 && unacknowledged.length === 0,
      `${strangers.length} unknown, ${unacknowledged.length} without a 201${unacknowledged.length ? ` ${sample(unacknowledged)}` : ''}, ${ambiguous} in flight when PostgreSQL died`,
    );
    const badMsgCounts = (
      await client.query(
        `select i.id from ideas i left join idea_discussions d on d.idea_id = i.id left join idea_discussion_messages m on m.discussion_id = d.id
         group by i.id having i.message_count <> count(m.id)`,
      )
    ).rows;
    check('messages: every item\'s message_count equals its messages', badMsgCounts.length === 0, `${badMsgCounts.length} items differ`);

    // ── Shares: items, discussions, coupons ──
    const ackedShares = ledger.shares.filter((s) => s.ideaId !== null);
    const shareRows = (
      await client.query<{ id: string; title: string; user_id: string; category: string; discussions: number; coupons: string[] }>(
        `select i.id, i.title, i.user_id, i.category,
                (select count(*)::int from idea_discussions d where d.idea_id = i.id) as discussions,
                coalesce((select array_agg(c.code) from coupons c where c.idea_id = i.id and c.assigned_to = i.user_id), '{}') as coupons
         from ideas i where i.id = any($1::uuid[])`,
        [ackedShares.map((s) => s.ideaId)],
      )
    ).rows;
    const rowById = new Map(shareRows.map((r) => [r.id, r]));
    const badShares = ackedShares.filter((s) => {
      const r = rowById.get(s.ideaId!);
      return !r || r.title !== s.title || r.user_id !== s.personId || r.category !== s.category || r.discussions !== 1 || r.coupons.length !== 1 || r.coupons[0] !== s.couponCode;
    });
    figures.sharesAttempted = ledger.shares.length;
    figures.sharesAcked = ackedShares.length;
    figures.sharesCooldown = ledger.shares.filter((s) => s.status === 429).length;
    check('shares: every item answered 201 is stored with its discussion and exactly its one coupon', badShares.length === 0, `${ackedShares.length} answered 201, ${badShares.length} not as answered${badShares.length ? ` ${sample(badShares.map((s) => s.title))}` : ''}`);
    const unackedTitles = ledger.shares.filter((s) => s.ideaId === null);
    const storedUnacked = (
      await client.query<{ title: string }>('select title from ideas where title = any($1::text[])', [unackedTitles.map((s) => s.title)])
    ).rows.map((r) => r.title);
    const unexpectedShares = storedUnacked.filter((t) => !input.isAmbiguous(unackedTitles.find((s) => s.title === t)?.out ?? null));
    check('shares: no item stored from a share that was refused or failed', unexpectedShares.length === 0, `${unackedTitles.length} not answered 201, ${storedUnacked.length} of them stored${storedUnacked.length ? ` (${storedUnacked.length - unexpectedShares.length} in flight when PostgreSQL died)` : ''}`);
    const orphans = (
      await client.query<{ items_without_coupon: number; items_with_several: number; coupons_without_item: number; items_without_discussion: number; ideas: number; coupons: number }>(
        `select
           (select count(*)::int from ideas i where not exists (select 1 from coupons c where c.idea_id = i.id)) as items_without_coupon,
           (select count(*)::int from (select idea_id from coupons where idea_id is not null group by idea_id having count(*) > 1) x) as items_with_several,
           (select count(*)::int from coupons c where c.idea_id is null or not exists (select 1 from ideas i where i.id = c.idea_id)) as coupons_without_item,
           (select count(*)::int from ideas i where not exists (select 1 from idea_discussions d where d.idea_id = i.id)) as items_without_discussion,
           (select count(*)::int from ideas) as ideas,
           (select count(*)::int from coupons) as coupons`,
      )
    ).rows[0]!;
    figures.ideas = orphans.ideas;
    figures.coupons = orphans.coupons;
    check(
      'all items: none without its coupon or discussion, no coupon without its item',
      orphans.items_without_coupon === 0 && orphans.items_with_several === 0 && orphans.coupons_without_item === 0 && orphans.items_without_discussion === 0,
      `${orphans.ideas} items, ${orphans.coupons} coupons; ${orphans.items_without_coupon} items without a coupon, ${orphans.items_with_several} with several, ${orphans.coupons_without_item} coupons without an item, ${orphans.items_without_discussion} items without a discussion`,
    );
    const overShared = (
      await client.query(
        `select user_id, category from ideas where created_at > now() - interval '1 day' group by user_id, category having count(*) > 1`,
      )
    ).rows;
    check('shares: cooldowns held (at most one new idea and one new product per person)', overShared.length === 0, `${overShared.length} people over`);
  } finally {
    await client.end();
  }
  return { checks, figures };
}
