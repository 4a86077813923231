/**
 * Overview and Analytics (SPEC §2, §9): every figure is a SQL aggregate (count / sum with FILTER
 * over the date windows), never rows loaded into memory; the formulas are the shared ones.
 */
import { desc, eq, sql } from 'drizzle-orm';
import {
  categorySplit,
  engagementRate,
  growthPercent,
  ideasPerUser,
  revenueNaira,
  windows,
} from '../../../shared/rules/analytics.ts';
import type { Activity, Analytics, Overview, SeriesPoint } from '../../../shared/schemas/admin.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { ideas, itemViews, likes, payments, profiles, users } from '../../db/schema.ts';
import { displayName } from '../../lib/display-name.ts';

interface WindowCounts {
  total: number;
  current: number;
  previous: number;
}

/** All rows, those created in the last 30 days, and those created in days 31 to 60 (the shared windows). */
function windowCountColumns(createdAt: AnyPgColumn, now: Date) {
  const w = windows(now);
  const cur = w.currentStart.toISOString();
  const prev = w.previousStart.toISOString();
  const end = w.now.toISOString();
  return {
    total: sql<number>`count(*)::int`,
    current: sql<number>`count(*) filter (where ${createdAt} >= ${cur}::timestamptz and ${createdAt} <= ${end}::timestamptz)::int`,
    previous: sql<number>`count(*) filter (where ${createdAt} >= ${prev}::timestamptz and ${createdAt} < ${cur}::timestamptz)::int`,
  };
}

/** Users: all, joined in the last 30 days, joined in days 31 to 60. */
async function userWindowCounts(db: Db, now: Date): Promise<WindowCounts> {
  const [row] = await db.select(windowCountColumns(users.createdAt, now)).from(users);
  return row ?? { total: 0, current: 0, previous: 0 };
}

interface ContentWindowCounts extends WindowCounts {
  ideas: number;
  products: number;
  creators: number;
}

/** Items: all, per category, their distinct creators, and the same two windows. */
async function contentWindowCounts(db: Db, now: Date): Promise<ContentWindowCounts> {
  const [row] = await db
    .select({
      ...windowCountColumns(ideas.createdAt, now),
      ideas: sql<number>`count(*) filter (where ${ideas.category} = 'idea')::int`,
      products: sql<number>`count(*) filter (where ${ideas.category} = 'product')::int`,
      creators: sql<number>`count(distinct ${ideas.userId})::int`,
    })
    .from(ideas);
  return row ?? { total: 0, ideas: 0, products: 0, creators: 0, current: 0, previous: 0 };
}

async function totalLikes(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(likes);
  return row?.n ?? 0;
}

async function successfulRevenue(db: Db): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string | null>`sum(${payments.amount})` })
    .from(payments)
    .where(eq(payments.status, 'success'));
  return revenueNaira(row?.sum);
}

const RECENT_ACTIVITY = 8;

/** The newest sign-ups, shares and payments, merged: each branch reads at most 8 rows by index. */
async function recentActivity(db: Db): Promise<Activity[]> {
  const [people, items, paid] = await Promise.all([
    db
      .select({
        id: users.id,
        name: displayName(profiles.fullName, users.name),
        at: users.createdAt,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(RECENT_ACTIVITY),
    db
      .select({ id: ideas.id, title: ideas.title, category: ideas.category, actor: profiles.fullName, at: ideas.createdAt })
      .from(ideas)
      .leftJoin(profiles, eq(profiles.userId, ideas.userId))
      .orderBy(desc(ideas.createdAt), desc(ideas.id))
      .limit(RECENT_ACTIVITY),
    db
      .select({
        id: payments.id,
        reference: payments.reference,
        actor: profiles.fullName,
        amount: payments.amount,
        currency: payments.currency,
        status: payments.status,
        at: payments.createdAt,
      })
      .from(payments)
      .leftJoin(profiles, eq(profiles.userId, payments.userId))
      .where(eq(payments.status, 'success'))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(RECENT_ACTIVITY),
  ]);
  const all: (Activity & { t: number })[] = [
    ...people.map((p) => ({
      kind: 'user' as const,
      id: p.id,
      label: p.name,
      actor: null,
      amount: null,
      currency: null,
      at: p.at.toISOString(),
      t: p.at.getTime(),
    })),
    ...items.map((i) => ({
      kind: (i.category === 'product' ? 'product' : 'idea') as Activity['kind'],
      id: i.id,
      label: i.title,
      actor: i.actor?.trim() ? i.actor : null,
      amount: null,
      currency: null,
      at: i.at.toISOString(),
      t: i.at.getTime(),
    })),
    ...paid.map((p) => ({
      kind: 'payment' as const,
      id: p.id,
      label: p.reference,
      actor: p.actor?.trim() ? p.actor : null,
      amount: revenueNaira(p.amount),
      currency: p.currency as Activity['currency'],
      at: p.at.toISOString(),
      t: p.at.getTime(),
    })),
  ];
  return all
    .sort((a, b) => b.t - a.t)
    .slice(0, RECENT_ACTIVITY)
    .map(({ t: _t, ...a }) => a);
}

export async function overview(db: Db, now = new Date()): Promise<Overview> {
  const [u, c, likeTotal, revenue, activity] = await Promise.all([
    userWindowCounts(db, now),
    contentWindowCounts(db, now),
    totalLikes(db),
    successfulRevenue(db),
    recentActivity(db),
  ]);
  const split = categorySplit(c.ideas, c.products);
  return {
    totalUsers: u.total,
    newUsers: u.current,
    totalContent: c.total,
    newContent: c.current,
    totalRevenue: revenue,
    engagement: engagementRate(likeTotal, u.total),
    totalLikes: likeTotal,
    categories: { ideas: c.ideas, products: c.products, ideasPercent: split.ideas, productsPercent: split.products },
    recentActivity: activity,
  };
}

/**
 * New users, new items and views of items per UTC day, for the last `days` days (today included), zeros filled in
 * by generate_series; each day is three index range reads.
 */
export async function dailySeries(db: Db, days: number, now = new Date()): Promise<SeriesPoint[]> {
  const end = now.toISOString();
  const result = await db.execute(sql`
    with days as (
      select generate_series(
        date_trunc('day', ${end}::timestamptz at time zone 'UTC') - make_interval(days => ${days - 1}::int),
        date_trunc('day', ${end}::timestamptz at time zone 'UTC'),
        interval '1 day'
      ) as day
    )
    select
      to_char(d.day, 'YYYY-MM-DD') as date,
      (select count(*) from ${users} u
        where u.created_at >= (d.day at time zone 'UTC') and u.created_at < ((d.day + interval '1 day') at time zone 'UTC'))::int as users,
      (select count(*) from ${ideas} i
        where i.created_at >= (d.day at time zone 'UTC') and i.created_at < ((d.day + interval '1 day') at time zone 'UTC'))::int as content,
      (select coalesce(sum(v.views), 0) from ${itemViews} v where v.day = d.day::date)::int as views
    from days d
    order by d.day`);
  // node-postgres and PGlite both answer { rows }.
  const rows = (result as unknown as { rows: { date: string; users: number | string; content: number | string; views: number | string }[] }).rows;
  return rows.map((r) => ({ date: r.date, users: Number(r.users), content: Number(r.content), views: Number(r.views) }));
}

export async function analytics(db: Db, days: number, now = new Date()): Promise<Analytics> {
  const [u, c, likeTotal, points] = await Promise.all([
    userWindowCounts(db, now),
    contentWindowCounts(db, now),
    totalLikes(db),
    dailySeries(db, days, now),
  ]);
  const split = categorySplit(c.ideas, c.products);
  const engagement = engagementRate(likeTotal, u.total);
  return {
    generatedAt: now.toISOString(),
    growth: {
      users: growthPercent(u.current, u.previous),
      content: growthPercent(c.current, c.previous),
      newUsers: { current: u.current, previous: u.previous },
      newContent: { current: c.current, previous: c.previous },
    },
    engagement: { rate: engagement, totalInteractions: likeTotal },
    quality: { ideasPerUser: ideasPerUser(c.total, u.total), activeCreators: c.creators },
    distribution: { ideas: c.ideas, products: c.products, ideasPercent: split.ideas, productsPercent: split.products },
    health: { totalUsers: u.total, totalIdeas: c.total, totalLikes: likeTotal, engagement },
    recent: { newUsers: u.current, newContent: c.current, total: u.current + c.current },
    series: { days, points },
  };
}
