/**
 * Benchmark (not a test): home's Following feed (issue 28) at scale. Signed-in people, each their
 * own session and follows, at 50 connections: the first page and a page ten pages in, by the
 * feed's own cursors; each beside the same SQL in pgbench, with the plan of the feed's statement.
 *
 *   npx tsx bench/following.bench.ts                                         # 1,000,000 items, 10,000 follows
 *   BENCH_ITEMS=1000 BENCH_FOLLOWS=200 BENCH_SECONDS=2 npx tsx bench/following.bench.ts   # small: proves it works
 *
 * A throwaway database (bench/seed.ts: items only, one every 5 minutes back in time, from
 * BENCH_PEOPLE people), BENCH_FOLLOWS follows spread over 1,000 followers (or fewer), the app in
 * this process. Appends its table to bench/history/runs.md and prints BENCH_SUMMARY for npm run bench.
 */
import { createHmac } from 'node:crypto';
import os from 'node:os';
import { loadConfig } from '../src/server/config.ts';
import { openPostgres } from '../src/server/db/client.ts';
import { createLogger } from '../src/server/logger.ts';
import { startServer } from '../src/server/server.ts';
import { drive, type LoadRequest, WARMUP_SECONDS, warmUp } from './load.ts';
import { captureQueries, pgbench, pgbenchScript } from './pgbench.ts';
import { reportRun, runMain } from './results.ts';
import { ADMIN_URL, adminQuery, benchSessions, seed, withDatabase } from './seed.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 1_000_000);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 2_000);
const FOLLOWS = Number(process.env.BENCH_FOLLOWS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const P99_TARGET_MS = 25;
const DEEP_PAGES = 10;
const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const loadNow = () => os.loadavg().map((l) => l.toFixed(1)).join(' / ');

async function main() {
  const name = `ideahub_bench_following_${Date.now().toString(36)}`;
  await adminQuery(`create database "${name}"`);
  const url = withDatabase(ADMIN_URL, name);
  let stop: (() => Promise<void>) | undefined;
  try {
    const database = await openPostgres(url, Number(process.env.DB_POOL_SIZE ?? 10));
    await database.migrate();
    const pool = database.pool!;
    await seed(pool, { items: ITEMS, people: PEOPLE, engagement: false });
    // FOLLOWS follows over up to 1,000 followers (bench-user-0…): follower f follows makers spread over everyone, never themselves.
    const followers = Math.min(1000, PEOPLE, FOLLOWS);
    const perFollower = Math.ceil(FOLLOWS / followers);
    await pool.query(
      `insert into maker_follows (follower_id, maker_id, created_at)
       select 'bench-user-' || f, 'bench-user-' || m, now()
       from generate_series(0, $1::int - 1) f, generate_series(1, $2::int) k,
            lateral (select (f + k * 97) % $3::int as m) pick
       where pick.m <> f
       on conflict do nothing`,
      [followers, perFollower, PEOPLE],
    );
    await pool.query('vacuum analyze maker_follows');
    const follows = Number((await pool.query<{ n: string }>('select count(*) as n from maker_follows')).rows[0]!.n);
    const tokens = await benchSessions(pool, CONNECTIONS);
    const config = loadConfig({ NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATABASE_URL: url, AUTH_SECRET, DATA_DIR: 'memory://' });
    const server = await startServer({ config, logger: createLogger('silent'), webRoot: null, database });
    stop = async () => {
      await server.close(2000);
      await database.close();
    };
    const base = server.url;
    const origin = new URL(base).origin;
    const cookieOf = (token: string) => `ideahub.session_token=${encodeURIComponent(`${token}.${createHmac('sha256', AUTH_SECRET).update(token).digest('base64')}`)}`;
    const headersOf = (i: number) => ({ cookie: cookieOf(tokens[i]!), origin });
    const feed = '/api/ideas?feed=following&category=all&limit=20';
    const page = async (i: number, path: string) => {
      const res = await fetch(base + path, { headers: headersOf(i) });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { items: unknown[]; nextCursor: string | null };
    };
    // Each person's address ten pages in, by the feed's own cursors.
    const deepPaths: string[] = [];
    for (let i = 0; i < tokens.length; i++) {
      let cursor: string | null = null;
      for (let p = 0; p < DEEP_PAGES; p++) {
        const answer = await page(i, `${feed}${cursor ? `&cursor=${cursor}` : ''}`);
        if (!answer.nextCursor) break;
        cursor = answer.nextCursor;
      }
      deepPaths.push(`${feed}${cursor ? `&cursor=${cursor}` : ''}`);
    }
    const firstCount = (await page(0, feed)).items.length;
    if (firstCount === 0) throw new Error('the Following feed is empty: the seed made no follows');
    const scenarios = [
      { name: 'Following feed, first page', paths: tokens.map(() => feed) },
      { name: `Following feed, page ${DEEP_PAGES + 1}`, paths: deepPaths },
    ];
    const rows: string[] = [];
    const plans: string[] = [];
    const summary: { name: string; p99: number; rps: number; errors: number; aloneP99: number }[] = [];
    const loadBefore = loadNow();
    for (const s of scenarios) {
      const queries = (await captureQueries(() => page(0, s.paths[0]!))).filter((q) => !/^\s*(begin|commit|select 1)\b/i.test(q.text));
      const feedQuery = queries.find((q) => q.text.includes('maker_follows'));
      if (feedQuery) {
        const text = pgbenchScript([feedQuery]).replace(/;$/, '');
        const plan = (await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) ${text}`)).rows.map((r) => r['QUERY PLAN']).join('\n');
        plans.push(`#### ${s.name}\n\n\`\`\`\n${plan}\n\`\`\``);
      }
      const perConnection: LoadRequest[][] = s.paths.map((p, i) => [{ method: 'GET', path: p, headers: headersOf(i) }]);
      await warmUp(base, perConnection, CONNECTIONS);
      const run = await drive(base, perConnection, SECONDS, CONNECTIONS);
      // One connection: what a request costs when it does not queue behind 49 others for 2 cores.
      const alone = await drive(base, [perConnection[0]!], SECONDS, 1);
      const sqlText = pgbenchScript(queries);
      const pg = sqlText ? pgbench(url, sqlText, CONNECTIONS, SECONDS) : 'no SQL captured';
      const pgAlone = sqlText ? pgbench(url, sqlText, 1, SECONDS) : 'no SQL captured';
      const pgText = (r: typeof pg) => (typeof r === 'string' ? r.replace(/\s+/g, ' ') : `${r.tps.toFixed(0)} tps, mean ${r.latencyMs.toFixed(1)} ms`);
      const pass = run.requests > 0 && run.errors === 0 && run.p99 < P99_TARGET_MS;
      rows.push(
        `| ${s.name} | ${run.rps.toFixed(0)} | ${run.p50.toFixed(1)} | ${run.p99.toFixed(1)} | ${run.errors} | ${pgText(pg)} | ${alone.p50.toFixed(1)} / ${alone.p99.toFixed(1)} | ${pgText(pgAlone)} | ${pass ? 'PASS' : 'FAIL'} | ${loadNow().split(' / ')[0]} |`,
      );
      summary.push({ name: s.name, p99: run.p99, rps: run.rps, errors: run.errors, aloneP99: alone.p99 });
      console.log(`${s.name}: ${run.rps.toFixed(0)} req/s, p99 ${run.p99.toFixed(1)} ms, errors ${run.errors} — load ${loadNow()}`);
    }
    const cpu = os.cpus();
    const text = [
      `## Following feed (issue 28) — ${new Date().toISOString()}${process.env.BENCH_LABEL ? ` — ${process.env.BENCH_LABEL}` : ''}`,
      '',
      `- Machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}; Node ${process.version}. Load average at the start: ${loadBefore}; at the end: ${loadNow()} (shared machine).`,
      `- Data: ${ITEMS.toLocaleString('en')} items from ${PEOPLE.toLocaleString('en')} people, ${follows.toLocaleString('en')} follows from ${followers.toLocaleString('en')} followers (${perFollower} each). ${CONNECTIONS} keep-alive connections, each a signed-in follower of their own, ${WARMUP_SECONDS} s warm-up then ${SECONDS} s per row; pgbench runs the request's own SQL at the same concurrency.`,
      '',
      `| request | req/s | p50 ms | p99 ms | errors | same SQL in pgbench | 1 connection: p50 / p99 ms | same SQL in pgbench, 1 connection | p99 < ${P99_TARGET_MS} ms | load (1 min) |`,
      '| --- | ---: | ---: | ---: | ---: | --- | ---: | --- | --- | ---: |',
      ...rows,
      '',
      ...plans,
      '',
    ].join('\n');
    reportRun(text, summary);
  } finally {
    await stop?.().catch(() => {});
    await adminQuery(`drop database if exists "${name}" with (force)`).catch((e: unknown) => console.error('could not drop', name, e));
  }
}

runMain(main);
