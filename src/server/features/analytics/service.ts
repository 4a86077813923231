/**
 * A maker's figures (issue 28 point 3): views, likes, comments, saves and purchases of their own
 * items, per UTC day and per item, over the last 7, 30 or 90 days (today included). One query
 * gathers each figure per item and day from its own index; days and items are filled in here.
 */
import { sql } from 'drizzle-orm';
import { MAKER_FIGURES, type MakerAnalytics, type MakerFigures } from '../../../shared/schemas/maker-analytics.ts';
import type { Db } from '../../db/client.ts';
import { utcDay } from '../../lib/view-counter.ts';

interface Row {
  ideaId: string;
  date: string;
  views: number;
  likes: number;
  comments: number;
  saves: number;
  purchases: number;
}

const DAY_MS = 86_400_000;

const zero = (): MakerFigures => ({ views: 0, likes: 0, comments: 0, saves: 0, purchases: 0 });

function add(into: MakerFigures, row: MakerFigures) {
  for (const f of MAKER_FIGURES) into[f] += row[f];
}

/** The UTC days of the window, oldest first, and where it starts and ends as moments. */
function windowOf(days: number, at: Date) {
  const todayStart = Date.parse(`${utcDay(at)}T00:00:00.000Z`);
  const start = new Date(todayStart - (days - 1) * DAY_MS);
  const end = new Date(todayStart + DAY_MS);
  const dates = Array.from({ length: days }, (_, i) => utcDay(new Date(start.getTime() + i * DAY_MS)));
  return { start, end, dates };
}

/** Each figure of the maker's items per item and UTC day in [start, end), only where there is one. */
async function figureRows(db: Db, makerId: string, start: Date, end: Date): Promise<Row[]> {
  const from = start.toISOString();
  const to = end.toISOString();
  const day = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`);
  const result = await db.execute(sql`
    with mine as (select id from ideas where user_id = ${makerId}),
    figures as (
      select v.idea_id, to_char(v.day, 'YYYY-MM-DD') as date, v.views as views, 0 as likes, 0 as comments, 0 as saves, 0 as purchases
        from item_views v
        where v.idea_id in (select id from mine) and v.day >= ${from}::date and v.day < ${to}::date
      union all
      select l.idea_id, ${day('l.created_at')}, 0, count(*), 0, 0, 0
        from likes l
        where l.idea_id in (select id from mine) and l.created_at >= ${from}::timestamptz and l.created_at < ${to}::timestamptz
        group by 1, 2
      union all
      select d.idea_id, ${day('m.created_at')}, 0, 0, count(*), 0, 0
        from idea_discussions d join idea_discussion_messages m on m.discussion_id = d.id
        where d.idea_id in (select id from mine) and m.deleted_at is null
          and m.created_at >= ${from}::timestamptz and m.created_at < ${to}::timestamptz
        group by 1, 2
      union all
      select s.idea_id, ${day('s.created_at')}, 0, 0, 0, count(*), 0
        from saved_items s
        where s.idea_id in (select id from mine) and s.created_at >= ${from}::timestamptz and s.created_at < ${to}::timestamptz
        group by 1, 2
      union all
      select p.idea_id, ${day('p.created_at')}, 0, 0, 0, 0, count(*)
        from payments p
        where p.idea_id in (select id from mine) and p.status = 'success'
          and p.created_at >= ${from}::timestamptz and p.created_at < ${to}::timestamptz
        group by 1, 2
    )
    select idea_id as "ideaId", date,
      sum(views)::int as views, sum(likes)::int as likes, sum(comments)::int as comments,
      sum(saves)::int as saves, sum(purchases)::int as purchases
    from figures group by idea_id, date`);
  // node-postgres and PGlite both answer { rows }.
  const rows = (result as unknown as { rows: Record<keyof Row, string | number>[] }).rows;
  return rows.map((r) => ({
    ideaId: String(r.ideaId),
    date: String(r.date),
    views: Number(r.views),
    likes: Number(r.likes),
    comments: Number(r.comments),
    saves: Number(r.saves),
    purchases: Number(r.purchases),
  }));
}

async function makerItems(db: Db, makerId: string): Promise<{ id: string; title: string }[]> {
  const result = await db.execute(sql`select id, title from ideas where user_id = ${makerId} order by created_at desc, id desc`);
  return (result as unknown as { rows: { id: string; title: string }[] }).rows;
}

export interface MakerReport {
  summary: MakerAnalytics;
  /** Every item and day with at least one figure, by day then item title. */
  rows: (Row & { title: string })[];
}

export async function makerReport(db: Db, makerId: string, days: number, at: Date): Promise<MakerReport> {
  const { start, end, dates } = windowOf(days, at);
  const [rows, items] = await Promise.all([figureRows(db, makerId, start, end), makerItems(db, makerId)]);
  const perDay = new Map(dates.map((d) => [d, zero()]));
  const perItem = new Map(items.map((i) => [i.id, { id: i.id, title: i.title, ...zero() }]));
  const totals = zero();
  for (const row of rows) {
    const dayFigures = perDay.get(row.date);
    const item = perItem.get(row.ideaId);
    if (!dayFigures || !item) continue;
    add(dayFigures, row);
    add(item, row);
    add(totals, row);
  }
  const titled = rows
    .filter((r) => perDay.has(r.date) && perItem.has(r.ideaId))
    .map((r) => ({ ...r, title: perItem.get(r.ideaId)!.title }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.title.localeCompare(b.title) || a.ideaId.localeCompare(b.ideaId));
  return {
    summary: {
      days,
      from: dates[0]!,
      to: dates.at(-1)!,
      points: dates.map((date) => ({ date, ...perDay.get(date)! })),
      totals,
      items: [...perItem.values()].sort((a, b) => b.views - a.views || a.title.localeCompare(b.title)),
    },
    rows: titled,
  };
}

/** A CSV field: quoted when it needs it, and never read by a spreadsheet as a formula. */
function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_HEADER = ['date', 'item_id', 'title', ...MAKER_FIGURES] as const;

/** The report as CSV: one line per day and item that has a figure, CRLF line ends (RFC 4180). */
export function reportCsv(report: MakerReport): string {
  const lines = [CSV_HEADER.join(',')];
  for (const r of report.rows) lines.push([r.date, r.ideaId, r.title, ...MAKER_FIGURES.map((f) => r[f])].map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
