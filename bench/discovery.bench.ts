/**
 * Benchmark (not a test): discovery at scale (issue 16 'Speed'). For visitors at 50 connections:
 * 'Trending' and 'Top' (first page and a deep page), a price filter and a price-filtered search, a
 * maker's page (a maker with items/people items: 5,000 at 1,000,000 items from 200 people), /feed.xml
 * and one sitemap file; each beside the same SQL run by pgbench at the same concurrency (the ratio),
 * with the EXPLAIN (ANALYZE) plan of each request's main statement.
 *
 *   BENCH_DATABASE=bench_discovery_1m npx tsx bench/discovery.bench.ts         # a database seeded already (left in place)
 *   BENCH_ITEMS=1000 BENCH_PEOPLE=10 BENCH_SECONDS=2 npx tsx bench/discovery.bench.ts   # small: seeds its own, proves it works
 *
 * The server is the app in this process with the production configuration and the built web app
 * (as bench/pages.bench.ts). The SQL of a request is captured on a cache miss (an address the
 * visitors' cache has not seen) and replayed by pgbench with its values written in.
 */
import {  cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/server/config.ts';
import { openPostgres } from '../src/server/db/client.ts';
import { compressBytes } from '../src/server/lib/compression.ts';
import { createLogger } from '../src/server/logger.ts';
import { startServer } from '../src/server/server.ts';
// @ts-expect-error: plain ES module script without types
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { BROWSER_ACCEPT_ENCODING, drive, driveWrk, type LoadRequest, WARMUP_SECONDS, warmUp } from './load.ts';
import { type CapturedQuery, captureQueries, pgbench, pgbenchScript } from './pgbench.ts';
import { ADMIN_URL, adminQuery, seed, withDatabase } from './seed.ts';
import { reportRun, runMain } from './results.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 1_000_000);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const EXISTING_DATABASE = process.env.BENCH_DATABASE;
const CONNECTIONS = 50;
const P99_TARGET_MS = 25;
/** How deep a 'deep page' is: this many pages of 20 in. */
const DEEP_PAGES = Number(process.env.BENCH_DEEP_PAGES ?? 50);
const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const root = fileURLToPath(new URL('..', import.meta.url));
const loadNow = () => os.loadavg().map((l) => l.toFixed(1)).join(' / ');
process.env.NODE_ENV = 'production';

interface Scenario {
  name: string;
  /** Also measure a bare Node HTTP server sending this answer's bytes, and both with wrk (large answers: the load generator's limit). */
  bare?: boolean;
  path: string;
  /** What the answer must contain (checked once before the load). */
  shows: string;
  /** A page drawn from API answers: its SQL is theirs (the page asks them through the kept answers). */
  sqlOf?: string[];
}

/** The web app as the production server serves it, copied so a build meanwhile cannot change it. */
function webBuild(): string {
  (buildIfStale as () => void)();
  const dist = path.join(root, 'dist', 'web');
  if (!existsSync(path.join(dist, '.server', 'entry.server.mjs'))) throw new Error('the web build has no server entry: run npm run build');
  const copy = mkdtempSync(path.join(os.tmpdir(), 'ideahub-bench-discovery-web-'));
  cpSync(dist, copy, { recursive: true });
  return copy;
}

async function main() {
  const webRoot = webBuild();
  const name = EXISTING_DATABASE ?? `ideahub_bench_discovery_${Date.now().toString(36)}`;
  if (!EXISTING_DATABASE) await adminQuery(`create database "${name}"`);
  const url = withDatabase(ADMIN_URL, name);
  let stop: (() => Promise<void>) | undefined;
  try {
    const config = loadConfig({ NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATABASE_URL: url, AUTH_SECRET, DATA_DIR: 'memory://' });
    const database = await openPostgres(url, config.DB_POOL_SIZE);
    await database.migrate();
    const pool = database.pool!;
    if (!EXISTING_DATABASE) await seed(pool, { items: ITEMS, people: PEOPLE });
    const items = Number((await pool.query<{ n: string }>('select count(*) as n from ideas')).rows[0]!.n);
    const maker = (
      await pool.query<{ user_id: string; n: string }>('select user_id, count(*) as n from ideas group by user_id order by count(*) desc, user_id limit 1')
    ).rows[0]!;
    const server = await startServer({ config, logger: createLogger('silent'), webRoot, database });
    stop = async () => {
      await server.close(15_000);
      await database.close();
    };
    const base = server.url;
    const json = async (p: string) => (await (await fetch(base + p)).json()) as { items: { title: string }[]; nextCursor: string | null };
    /** The address of the page DEEP_PAGES pages into a list. */
    async function deep(list: string): Promise<string> {
      let cursor: string | null = null;
      for (let i = 0; i < DEEP_PAGES; i++) {
        const page = await json(`${list}${cursor ? `&cursor=${cursor}` : ''}`);
        if (!page.nextCursor) break;
        cursor = page.nextCursor;
      }
      return `${list}${cursor ? `&cursor=${cursor}` : ''}`;
    }
    const first = async (p: string) => (await json(p)).items[0]?.title ?? '';
    const list = (q: string) => `/api/ideas?category=all&${q}&limit=20`;
    const trendingDeep = await deep(list('sort=trending'));
    const topDeep = await deep(list('sort=top&window=week'));
    const topAllDeep = await deep(list('sort=top&window=all'));
    const priced = list('currency=USD&minPrice=100&maxPrice=5000');
    const pricedSearch = list('q=water&currency=USD&minPrice=100&maxPrice=5000');
    const makerName = (await pool.query<{ full_name: string }>('select full_name from profiles where user_id = $1', [maker.user_id])).rows[0]?.full_name ?? '';
    const only = process.env.BENCH_SCENARIOS ? new RegExp(process.env.BENCH_SCENARIOS) : null;
    const every: Scenario[] = [
      { name: "'Trending', first page", path: list('sort=trending'), shows: await first(list('sort=trending')) },
      { name: `'Trending', page ${DEEP_PAGES + 1}`, path: trendingDeep, shows: await first(trendingDeep) },
      { name: "'Top' this week, first page", path: list('sort=top'), shows: await first(list('sort=top')) },
      { name: `'Top' this week, page ${DEEP_PAGES + 1}`, path: topDeep, shows: await first(topDeep) },
      { name: "'Top' all time, first page", path: list('sort=top&window=all'), shows: await first(list('sort=top&window=all')) },
      { name: `'Top' all time, page ${DEEP_PAGES + 1}`, path: topAllDeep, shows: await first(topAllDeep) },
      { name: 'price filter (USD 100–5,000), newest', path: priced, shows: await first(priced) },
      { name: "price-filtered search ('water', USD 100–5,000)", path: pricedSearch, shows: await first(pricedSearch) },
      { name: 'maker API (profile and totals)', path: `/api/makers/${maker.user_id}`, shows: makerName },
      { name: "maker's items API, first page", path: `/api/makers/${maker.user_id}/ideas?limit=20`, shows: '"items"' },
      {
        name: `maker page (${Number(maker.n).toLocaleString('en')} items), HTML`,
        path: `/makers/${maker.user_id}`,
        shows: makerName,
        sqlOf: ['maker API (profile and totals)', "maker's items API, first page"],
      },
      { name: '/feed.xml', path: '/feed.xml', shows: '<entry>' },
      { name: '/sitemap.xml', path: '/sitemap.xml', shows: '<loc>' },
      { bare: true, name: `one sitemap file (/sitemaps/items/start.xml, ${config.SITEMAP_URLS_PER_FILE.toLocaleString('en')} URLs; or the urlset)`, path: items + 4 > config.SITEMAP_INDEX_AFTER ? '/sitemaps/items/start.xml' : '/sitemap.xml', shows: '<lastmod>' },
    ];
    // BENCH_SCENARIOS=<regex>: some rows only (their names), e.g. while working on one.
    const scenarios = only ? every.filter((s) => only.test(s.name)) : every;

    // Each answer once (200, what it must show), its SQL captured on a miss, and the plan of its main statement.
    const captured = new Map<Scenario, CapturedQuery[]>();
    const plans: string[] = [];
    for (const [i, s] of scenarios.entries()) {
      const res = await fetch(base + s.path, { headers: { accept: 'text/html,application/xml,application/json' } });
      const body = await res.text();
      if (res.status !== 200 || !body.includes(s.shows)) throw new Error(`${s.name}: status ${res.status}, ${body.length} characters, '${s.shows}' ${body.includes(s.shows) ? 'shown' : 'missing'}`);
      const miss = `${s.path}${s.path.includes('?') ? '&' : '?'}bench=capture-${i}`;
      const own = (await captureQueries(() => fetch(base + miss).then((r) => r.text()))).filter((q) => !/^\s*(begin|commit|select 1)\b/i.test(q.text));
      const queries = s.sqlOf ? s.sqlOf.flatMap((n) => captured.get(scenarios.find((o) => o.name === n)!) ?? []) : own;
      captured.set(s, queries);
      // The main statement: the one that reads the most (the longest-running, by EXPLAIN ANALYZE).
      let worst = { ms: -1, plan: '' };
      for (const q of queries) {
        if (!/^\s*select\b/i.test(q.text)) continue;
        const text = pgbenchScript([q]).replace(/;$/, '');
        const rows = (await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${text}`)).rows.map((r) => r['QUERY PLAN']);
        const ms = Number(/Execution Time: ([\d.]+)/.exec(rows.join('\n'))?.[1] ?? 0);
        if (ms > worst.ms) worst = { ms, plan: rows.filter((l) => !/^\s*(Buffers|Planning:|Heap Blocks)/.test(l)).join('\n') };
      }
      plans.push(`#### ${s.name} (${queries.length} statement${queries.length === 1 ? '' : 's'}; the slowest)\n\n\`\`\`\n${worst.plan}\n\`\`\``);
      console.log(`checked ${s.name}: ${body.length} characters, ${queries.length} statements, slowest ${worst.ms.toFixed(2)} ms`);
    }

    const loadBefore = loadNow();
    const rows: string[] = [];
    const summary: { name: string; p99: number; rps: number; pgTps: number | null; errors: number }[] = [];
    for (const s of scenarios) {
      const request: LoadRequest = { method: 'GET', path: s.path, headers: { accept: 'text/html,application/xml,application/json' } };
      await warmUp(base, [[request]], CONNECTIONS);
      const run = await drive(base, [[request]], SECONDS, CONNECTIONS);
      const sqlText = pgbenchScript(captured.get(s)!);
      const pg = sqlText ? pgbench(url, sqlText, CONNECTIONS, SECONDS) : 'no SQL captured';
      const pgTps = typeof pg === 'string' ? null : pg.tps;
      const pass = run.requests > 0 && run.p99 < P99_TARGET_MS && run.errors === 0;
      rows.push(
        `| ${s.name} | ${run.rps.toFixed(0)} | ${run.p50.toFixed(1)} | ${run.p99.toFixed(1)} | ${run.errors} | ${typeof pg === 'string' ? pg : `${pg.tps.toFixed(0)} tps, ${pg.latencyMs.toFixed(1)} ms`} | ${pgTps ? (run.rps / pgTps).toFixed(2) : '–'} | ${pass ? 'PASS' : 'FAIL'} | ${loadNow().split(' / ')[0]} |`,
      );
      summary.push({ name: s.name, p99: run.p99, rps: run.rps, pgTps, errors: run.errors });
      if (s.bare) {
        // The same compressed bytes from a bare Node server (no app, no database), and both again with
        // wrk: for answers this large autocannon's own parsing is the limit, not the server's.
        const bytes = Buffer.from(await (await fetch(base + s.path)).arrayBuffer());
        const encoded = compressBytes(bytes, 'br', false);
        const bare = http.createServer((_req, res) => {
          res.writeHead(200, { 'content-type': 'application/xml', 'content-encoding': 'br', 'content-length': encoded.length });
          res.end(encoded);
        });
        await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
        const bareBase = `http://127.0.0.1:${(bare.address() as { port: number }).port}`;
        const b = await drive(bareBase, [[{ method: 'GET', path: '/' }]], SECONDS, CONNECTIONS);
        const wrkApp = await driveWrk(base, s.path, SECONDS, CONNECTIONS, { accept: 'application/xml' });
        const wrkBare = await driveWrk(bareBase, '/', SECONDS, CONNECTIONS);
        await new Promise((resolve) => bare.close(resolve));
        const row = (label: string, r: { rps: number; p50: number; p99: number; errors: number }, ratio: string) =>
          `| ${label} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | – | ${ratio} | ${r.errors === 0 && r.p99 < P99_TARGET_MS ? 'PASS' : 'FAIL'} | ${loadNow().split(' / ')[0]} |`;
        const kib = (encoded.length / 1024).toFixed(0);
        rows.push(row(`↳ a bare Node server sending the same ${kib} KiB (brotli)`, b, `IdeaHub / bare ${(run.rps / b.rps).toFixed(2)}`));
        if (wrkApp && wrkBare) {
          rows.push(row('↳ IdeaHub, the same address, load from wrk (C) instead of autocannon', wrkApp, `wrk / autocannon ${(wrkApp.rps / run.rps).toFixed(1)}`));
          rows.push(row(`↳ the bare Node server (${kib} KiB), load from wrk`, wrkBare, `IdeaHub / bare ${(wrkApp.rps / wrkBare.rps).toFixed(2)}`));
        }
        console.log(
          `bare server, same bytes: ${b.rps.toFixed(0)} req/s, p99 ${b.p99.toFixed(1)} ms; ${wrkApp && wrkBare ? `wrk: IdeaHub ${wrkApp.rps.toFixed(0)} req/s, p99 ${wrkApp.p99.toFixed(1)} ms, bare ${wrkBare.rps.toFixed(0)} req/s, p99 ${wrkBare.p99.toFixed(1)} ms` : 'wrk not installed'}`,
        );
      }
      console.log(`${s.name}: ${run.rps.toFixed(0)} req/s, p99 ${run.p99.toFixed(1)} ms, errors ${run.errors}; pgbench ${typeof pg === 'string' ? pg : `${pg.tps.toFixed(0)} tps`} — load ${loadNow()}`);
    }
    const cpu = os.cpus();
    const pgVersion = (await pool.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '?';
    const text = [
      `## Discovery at scale (issue 16) — ${new Date().toISOString()}${process.env.BENCH_LABEL ? ` — ${process.env.BENCH_LABEL}` : ''}`,
      '',
      `- Machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB RAM; Node ${process.version}; PostgreSQL ${pgVersion} on the same machine. Load average (1 / 5 / 15 min) at the start: ${loadBefore}; at the end: ${loadNow()} (the machine is shared: other people's builds and tests run beside this).`,
      `- Data: ${items.toLocaleString('en')} items (bench/seed.ts: one every 5 minutes back in time, likes, ratings and messages), the maker with the most items has ${Number(maker.n).toLocaleString('en')}. Deep pages: ${DEEP_PAGES} pages of 20 in, by the lists' own cursors.`,
      `- Visitors, ${CONNECTIONS} keep-alive connections, ${WARMUP_SECONDS} s warm-up then ${SECONDS} s per row, a browser's Accept-Encoding (${BROWSER_ACCEPT_ENCODING}), the same address again and again: after the first request of each second (the visitors' cache, PUBLIC_CACHE_TTL_MS ${config.PUBLIC_CACHE_TTL_MS}) answers come from the kept bytes. pgbench runs the request's own SQL (captured on a cache miss, values written in) at the same concurrency: the ratio is IdeaHub's req/s over pgbench's transactions/s.`,
      '',
      `| request | req/s | p50 ms | p99 ms | errors | same SQL in pgbench | ratio | p99 < ${P99_TARGET_MS} ms | load (1 min) |`,
      '| --- | ---: | ---: | ---: | ---: | --- | ---: | --- | ---: |',
      ...rows,
      '',
      '### Plans (EXPLAIN ANALYZE of each request\'s slowest statement, values written in, before the load)',
      '',
      ...plans,
      '',
    ].join('\n');
    reportRun(text, summary);
  } finally {
    await stop?.().catch(() => {});
    rmSync(webRoot, { recursive: true, force: true });
    if (!EXISTING_DATABASE) await adminQuery(`drop database if exists "${name}" with (force)`).catch((e: unknown) => console.error('could not drop', name, e));
  }
}

runMain(main);
