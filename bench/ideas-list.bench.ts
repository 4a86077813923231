/**
 * Benchmark (not a test): browsing, searching, details and likes on 100,000 items on PostgreSQL,
 * each beside the same SQL run straight against PostgreSQL with pgbench.
 *
 *   npx tsx bench/ideas-list.bench.ts            # 10 s per scenario
 *   BENCH_ITEMS=1000 BENCH_SECONDS=2 npx tsx bench/ideas-list.bench.ts   # small: proves it works
 *   (BENCH_ONLY=<part of a scenario name> runs some scenarios; BENCH_KEEP=1 keeps the database)
 *
 * Makes a throwaway database on the PostgreSQL server (127.0.0.1:5432 unless BENCH_DATABASE_URL
 * says otherwise), seeds 3,000 people and BENCH_ITEMS items with likes, ratings and discussion
 * messages (INSERT ... SELECT generate_series), runs VACUUM ANALYZE, starts the app in this
 * process and drives it with autocannon from a child process: 50 keep-alive connections per scenario, visitors
 * and signed-in people (session cookies). For each scenario the SQL of one request is captured
 * and replayed by pgbench at the same concurrency. Prints a table and appends it to
 * bench/history/runs.md. Traffic stays on 127.0.0.1; every run is bounded in time.
 */
import { createHmac } from 'node:crypto';
import os from 'node:os';
import { loadConfig } from '../src/server/config.ts';
import { openPostgres } from '../src/server/db/client.ts';
import { encodeCursor } from '../src/server/lib/keyset-cursor.ts';
import { createLogger } from '../src/server/logger.ts';
import { startServer } from '../src/server/server.ts';
import { drive as driveLoad, type LoadRequest, type LoadRun, WARMUP_SECONDS, warmUp } from './load.ts';
import { captureQueries, pgbench, type PgbenchResult, pgbenchScript } from './pgbench.ts';
import { ADMIN_URL, adminQuery, benchSessions, COMMON_WORD, RARE_COUNT, RARE_WORD, seed, withDatabase } from './seed.ts';
import { reportRun, runMain } from './results.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 3_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

interface Scenario {
  name: string;
  /** What each connection sends, in a cycle (one list per connection, or one list for all). */
  requests: LoadRequest[][];
  /** How many of the first connection's requests make up 'one request' for the SQL capture. */
  sqlRequests?: number;
  /** false: no pgbench beside it (a write whose replay would measure row locks, not our layers). */
  pgbench?: false;
}

interface Result {
  name: string;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  items: string;
  statements: number;
  pgTps: number | null;
  pgNote: string;
  sql: string;
}

function drive(base: string, perConnection: LoadRequest[][], seconds: number): Promise<LoadRun> {
  // One list for everyone: as many connections as the benchmark uses, all sending it.
  return driveLoad(base, perConnection, seconds, CONNECTIONS);
}

/** Items per page of a list answer, or '' for answers that are not lists. */
async function itemsIn(base: string, r: LoadRequest): Promise<string> {
  if (r.method !== 'GET') return '';
  const body = (await (await fetch(base + r.path, { headers: r.headers })).json()) as { items?: unknown[] };
  return Array.isArray(body.items) ? String(body.items.length) : '';
}

async function measure(base: string, s: Scenario, dbUrl: string): Promise<Result> {
  // The SQL of one request, captured before any load (a visitor's first ask misses the cache).
  // The platform settings read is left out: the app keeps the settings in memory between reads.
  const captured = await captureQueries(async () => {
    for (const r of s.requests[0]!.slice(0, s.sqlRequests ?? 1)) {
      const res = await fetch(base + r.path, { method: r.method, headers: r.headers });
      await res.arrayBuffer();
    }
  });
  const queries = captured.filter((q) => !/from "settings"/.test(q.text));
  await warmUp(base, s.requests, CONNECTIONS);
  const run = await drive(base, s.requests, SECONDS);
  const rps = run.rps;
  let pg: PgbenchResult | string = s.pgbench === false ? 'not compared (see below)' : 'no SQL';
  if (s.pgbench !== false && queries.length) pg = pgbench(dbUrl, pgbenchScript(queries), CONNECTIONS, SECONDS);
  return {
    name: s.name,
    requests: run.requests,
    errors: run.errors,
    rps,
    p50: run.p50,
    p99: run.p99,
    max: run.max,
    items: await itemsIn(base, s.requests[0]![0]!),
    statements: queries.length,
    pgTps: typeof pg === 'string' ? null : pg.tps,
    pgNote: typeof pg === 'string' ? pg : '',
    sql: pgbenchScript(queries),
  };
}

function table(results: Result[]): string {
  const rows = results.map((r) => {
    const pgCell = r.pgTps === null ? r.pgNote : r.pgTps.toFixed(0);
    const ratio = r.pgTps === null ? '' : (r.rps / r.pgTps).toFixed(2);
    return `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${r.requests} | ${r.errors} | ${r.items} | ${r.statements} | ${pgCell} | ${ratio} |`;
  });
  return [
    '| scenario | req/s | p50 ms | p99 ms | max ms | requests | errors | items/page | SQL statements | pgbench tps (same SQL) | IdeaHub / PostgreSQL |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}

async function main() {
  const name = `ideahub_bench_${Date.now().toString(36)}`;
  await adminQuery(`create database "${name}"`);
  const url = withDatabase(ADMIN_URL, name);
  let stop: (() => Promise<void>) | undefined;
  try {
    const database = await openPostgres(url, Number(process.env.DB_POOL_SIZE ?? 10));
    await database.migrate();
    await seed(database.pool!, { items: ITEMS, people: PEOPLE });
    const tokens = await benchSessions(database.pool!, CONNECTIONS);
    const versionRow = await database.pool!.query<{ server_version: string }>('show server_version');
    const pgVersion = versionRow.rows[0]?.server_version ?? '?';
    const deep = await database.pool!.query<{ created_at: Date; id: string }>(
      'select created_at, id from ideas order by created_at desc, id desc offset $1 limit 1',
      [Math.floor(ITEMS * 0.8)],
    );
    const deepCursor = encodeCursor({ createdAt: deep.rows[0]!.created_at, id: deep.rows[0]!.id });
    const picked = await database.pool!.query<{ id: string }>('select id from ideas order by md5(id::text) limit $1', [CONNECTIONS * 4]);
    const itemIds = picked.rows.map((r) => r.id);

    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATABASE_URL: url,
      AUTH_SECRET,
      DATA_DIR: 'memory://',
      // Each connection toggles likes as fast as it can: far above a person's limit, which stays in the path.
      WRITE_LIMITS: 'likes:100000000/60',
    });
    const server = await startServer({ config, logger: createLogger('silent'), webRoot: null, database });
    stop = async () => {
      await server.close(2000);
      await database.close();
    };
    const origin = new URL(server.url).origin;
    // The session cookie as a browser sends it: the token signed as better-auth signs it.
    const cookieOf = (token: string) => `ideahub.session_token=${encodeURIComponent(`${token}.${createHmac('sha256', AUTH_SECRET).update(token).digest('base64')}`)}`;
    const person = (i: number) => ({ cookie: cookieOf(tokens[i % tokens.length]!), origin });
    const visitor = (path: string): LoadRequest[][] => [[{ method: 'GET', path }]];
    const signedIn = (path: string): LoadRequest[][] => tokens.map((_, i) => [{ method: 'GET', path, headers: person(i) }]);

    const scenarios: Scenario[] = [
      { name: 'first page (all)', requests: visitor('/api/ideas?limit=20') },
      { name: `deep keyset page (~${Math.floor(ITEMS * 0.8).toLocaleString('en')} rows in)`, requests: visitor(`/api/ideas?limit=20&cursor=${deepCursor}`) },
      { name: 'category tab (product)', requests: visitor('/api/ideas?category=product&limit=20') },
      { name: `search, common word ('${COMMON_WORD}')`, requests: visitor(`/api/ideas?q=${COMMON_WORD}&limit=20`) },
      { name: `search, rare word ('${RARE_WORD}', ${RARE_COUNT} items)`, requests: visitor(`/api/ideas?q=${RARE_WORD}&limit=20`) },
      { name: "search, no match ('qxjvzw')", requests: visitor('/api/ideas?q=qxjvzw&limit=20') },
      { name: 'details', requests: visitor(`/api/ideas/${itemIds[0]}`) },
      // Signed in: never cached (each answer carries the person's own likes and bookmarks).
      { name: 'first page, signed in', requests: signedIn('/api/ideas?limit=20') },
      { name: 'search, common word, signed in', requests: signedIn(`/api/ideas?q=${COMMON_WORD}&limit=20`) },
      { name: 'details, signed in', requests: signedIn(`/api/ideas/${itemIds[1]}`) },
      {
        name: 'like toggle (like, then take back), signed in',
        // Each connection is its own person, toggling its own four items.
        requests: tokens.map((_, i) =>
          itemIds.slice(i * 4, i * 4 + 4).flatMap((id) => [
            { method: 'PUT', path: `/api/ideas/${id}/like`, headers: person(i) },
            { method: 'DELETE', path: `/api/ideas/${id}/like`, headers: person(i) },
          ]),
        ),
        sqlRequests: 2,
        pgbench: false,
      },
    ];
    const only = process.env.BENCH_ONLY;
    const results: Result[] = [];
    const loadBefore = os.loadavg()[0]!;
    for (const s of scenarios) {
      if (only && !s.name.includes(only)) continue;
      const r = await measure(server.url, s, url);
      console.log(
        `${s.name}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, errors ${r.errors}; pgbench ${r.pgTps?.toFixed(0) ?? r.pgNote}`,
      );
      results.push(r);
    }

    const cpu = os.cpus();
    const machine = `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB RAM, ${os.platform()} ${os.release()}`;
    const heading = `## ideas list — ${new Date().toISOString()}${process.env.BENCH_LABEL ? ` — ${process.env.BENCH_LABEL}` : ''}`;
    const text = [
      heading,
      '',
      `- Machine: ${machine}; Node ${process.version}; PostgreSQL ${pgVersion} on the same machine.`,
      `- Load average (1 min) when the runs began / ended: ${loadBefore.toFixed(1)} / ${os.loadavg()[0]!.toFixed(1)} (other work on the machine competes for its ${cpu.length} cores).`,
      `- Data: ${ITEMS.toLocaleString('en')} items from ${PEOPLE.toLocaleString('en')} people, with likes, ratings and discussion messages; app in-process (pool ${process.env.DB_POOL_SIZE ?? 10}, visitors' cache ${config.PUBLIC_CACHE_TTL_MS} ms), load from autocannon in a child process: ${CONNECTIONS} keep-alive connections, ${WARMUP_SECONDS} s warm-up then ${SECONDS} s per scenario, 127.0.0.1 only.`,
      `- pgbench: the SQL statements the app sent for one request of the scenario (captured on the way to PostgreSQL, parameters inlined; the platform settings read, kept in memory between reads, left out), ${CONNECTIONS} clients, prepared, ${SECONDS} s. The like toggle is not replayed: its statements depend on the state each leaves.`,
      '',
      table(results),
      '',
      '<details><summary>the SQL of each scenario</summary>',
      '',
      ...results.flatMap((r) => [`${r.name}:`, '', '```sql', r.sql, '```', '']),
      '</details>',
      '',
    ].join('\n');
    const worst = results.filter((r) => !r.name.includes('like toggle'));
    reportRun(text, worst.map((r) => ({ name: r.name, rps: r.rps, p99: r.p99, pgTps: r.pgTps, errors: r.errors })));
  } finally {
    await stop?.().catch(() => {});
    if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
    else await adminQuery(`drop database if exists "${name}" with (force)`).catch((e: unknown) => console.error('could not drop', name, e));
  }
}

runMain(main);
