/**
 * Benchmark (not a test): browsing and searching 100,000 items on PostgreSQL.
 *
 *   npx tsx bench/ideas-list.bench.ts            # 10 s per scenario
 *   BENCH_SECONDS=5 BENCH_DATABASE_URL=postgres://user@host:5432/postgres npx tsx bench/ideas-list.bench.ts
 *   (BENCH_ONLY=<part of a scenario name> runs one scenario; BENCH_KEEP=1 keeps the database to study plans)
 *
 * Makes a throwaway database on the PostgreSQL server (127.0.0.1:5432 unless BENCH_DATABASE_URL
 * says otherwise), seeds ~2,000 people and 100,000 items with INSERT ... SELECT generate_series,
 * runs VACUUM ANALYZE, starts the app in this process, and drives it from a worker thread with 50
 * concurrent keep-alive loops per scenario (a small bounded load generator: autocannon is not
 * installed here). Prints a table and appends it to bench/RESULTS.md. Traffic stays on 127.0.0.1.
 */
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { loadConfig } from '../src/server/config.ts';
import { openPostgres } from '../src/server/db/client.ts';
import { encodeCursor } from '../src/server/features/ideas/cursor.ts';
import { createLogger } from '../src/server/logger.ts';
import { startServer } from '../src/server/server.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 2_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_SECONDS = 2;
const RARE_WORD = 'zanzibarite';
const RARE_COUNT = 7;
const COMMON_WORD = 'water';

// ~300 everyday words; each description draws 20 to 39 of them, so any one word is in ~8% of items.
const VOCABULARY = `solar water pump farm market phone app school health clinic bike delivery food fresh kit
  light battery cheap local smart green energy power home rent share ride book learn teach tutor
  online shop craft cloth fashion shoe bag repair service clean waste recycle plastic paper glass
  metal wood chair table bed house room office desk print design art music video film photo camera
  game sport team coach fitness gym yoga doctor nurse drug care baby child parent family friend
  community church mosque event party wedding travel bus taxi train road bridge city village town
  river lake sea fish chicken goat cow rice maize cassava yam bean tomato pepper onion oil salt sugar
  bread cake juice tea coffee milk honey egg meat grill kitchen cook chef recipe bakery restaurant
  hotel guest tourist guide map track parcel courier truck fuel gas electric grid wind sun rain
  weather crop seed soil tractor harvest storage cold room fridge ice solar panel inverter charger
  cable network internet wifi data cloud server code software website platform payment wallet bank
  loan saving credit insurance budget account invoice receipt tax trade export import shipping port
  customer client vendor supplier partner investor funding grant prize startup business company
  brand logo marketing advert radio television news paper blog podcast story write read library
  student exam result class lesson course skill job work hire worker staff salary shift schedule
  calendar reminder alarm clock watch security guard camera lock door gate fence wall paint roof
  tile floor cement sand brick block plumbing pipe tap well borehole tank filter purify drink bottle
  sachet cup plate spoon knife pot pan stove charcoal firewood smoke air clean cool fan heat warm
  blanket mattress pillow soap shampoo hair salon barber nail beauty cream perfume gift toy doll
  ball puzzle board chess card phone case screen repair spare part motor engine tyre car bus station`
  .split(/\s+/)
  .filter(Boolean);

interface Scenario {
  name: string;
  path: string;
  headers?: Record<string, string>;
}

interface Result {
  name: string;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  items: number;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

async function seed(pool: pg.Pool): Promise<void> {
  const started = performance.now();
  await pool.query(
    `insert into users (id, name, email, email_verified, role, created_at, updated_at)
     select 'bench-user-' || g, 'Bench Person ' || g, 'bench-' || g || '@example.test', true, 'user', now(), now()
     from generate_series(0, $1::int - 1) g`,
    [PEOPLE],
  );
  await pool.query(
    `insert into profiles (user_id, email, full_name, contact_info)
     select 'bench-user-' || g, 'bench-' || g || '@example.test', 'Bench Person', 'bench@contact.test'
     from generate_series(0, $1::int - 1) g`,
    [PEOPLE],
  );
  // Random words per row: the inner generate_series refers to g, so it is evaluated per row.
  await pool.query(
    `insert into ideas (user_id, title, description, price, currency, category, rating, like_count, message_count,
                        rating_count, rating_total, created_at, updated_at)
     select 'bench-user-' || (g % $2::int),
            initcap(w[1 + floor(random() * n)::int]) || ' ' || w[1 + floor(random() * n)::int] || ' ' ||
              w[1 + floor(random() * n)::int] || ' ' || w[1 + floor(random() * n)::int],
            initcap(array_to_string(array(select w[1 + floor(random() * n)::int] from generate_series(1, 20 + (g % 20))), ' ')) || '.',
            round((random() * 100000)::numeric, 2),
            (array['NGN','USD','EUR'])[1 + (g % 3)],
            case when g % 3 = 0 then 'product' else 'idea' end,
            round((random() * 5)::numeric, 1),
            (random() * 50)::int, (random() * 20)::int, 0, 0,
            ts, ts
     from generate_series(1, $1::int) g,
          lateral (select now() - (g::double precision * interval '5 minutes') - random() * interval '4 minutes' as ts) t,
          (select $3::text[] as w, cardinality($3::text[]) as n) v`,
    [ITEMS, PEOPLE, VOCABULARY],
  );
  await pool.query(
    `update ideas set description = description || ' ${RARE_WORD} inside.'
     where id in (select id from ideas order by md5(id::text) limit ${RARE_COUNT})`,
  );
  await pool.query('vacuum analyze');
  console.log(`seeded ${PEOPLE} people and ${ITEMS} items in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The load generator, run in a worker thread so it does not steal the server's event loop. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, connections, seconds } = workerData;
(async () => {
  const latencies = [];
  let errors = 0;
  let items = -1;
  const deadline = performance.now() + seconds * 1000;
  async function loop() {
    while (performance.now() < deadline) {
      const started = performance.now();
      try {
        const res = await fetch(url, { headers });
        const body = await res.json();
        if (res.status !== 200) errors++;
        else if (items < 0) items = body.items.length;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - started);
    }
  }
  const began = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  parentPort.postMessage({ latencies, errors, items, elapsed: (performance.now() - began) / 1000 });
})();
`;

function drive(url: string, seconds: number, headers: Record<string, string> = {}): Promise<{ latencies: number[]; errors: number; items: number; elapsed: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { url, headers, connections: CONNECTIONS, seconds } });
    worker.once('message', (m) => {
      void worker.terminate();
      resolve(m as { latencies: number[]; errors: number; items: number; elapsed: number });
    });
    worker.once('error', reject);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(base: string, s: Scenario): Promise<Result> {
  await drive(base + s.path, WARMUP_SECONDS, s.headers);
  const run = await drive(base + s.path, SECONDS, s.headers);
  const sorted = [...run.latencies].sort((a, b) => a - b);
  return {
    name: s.name,
    requests: sorted.length,
    errors: run.errors,
    rps: sorted.length / run.elapsed,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
    items: run.items,
  };
}

function table(results: Result[]): string {
  const rows = results.map(
    (r) =>
      `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${r.requests} | ${r.errors} | ${r.items} |`,
  );
  return ['| scenario | req/s | p50 ms | p99 ms | max ms | requests | errors | items/page |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |', ...rows].join('\n');
}

async function main() {
  const name = `ideahub_bench_${Date.now().toString(36)}`;
  await adminQuery(`create database "${name}"`);
  const url = withDatabase(ADMIN_URL, name);
  let stop: (() => Promise<void>) | undefined;
  try {
    const database = await openPostgres(url, Number(process.env.DB_POOL_SIZE ?? 10));
    await database.migrate();
    await seed(database.pool!);
    const versionRow = await database.pool!.query<{ server_version: string }>('show server_version');
    const pgVersion = versionRow.rows[0]?.server_version ?? '?';
    const deep = await database.pool!.query<{ created_at: Date; id: string }>(
      'select created_at, id from ideas order by created_at desc, id desc offset $1 limit 1',
      [Math.floor(ITEMS * 0.8)],
    );
    const deepCursor = encodeCursor({ createdAt: deep.rows[0]!.created_at, id: deep.rows[0]!.id });

    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATABASE_URL: url,
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
      DATA_DIR: 'memory://',
    });
    const server = await startServer({ config, logger: createLogger('silent'), webRoot: null, database });
    stop = async () => {
      await server.close(2000);
      await database.close();
    };

    const scenarios: Scenario[] = [
      { name: 'first page (all)', path: '/api/ideas?limit=20' },
      { name: `deep keyset page (~${Math.floor(ITEMS * 0.8).toLocaleString('en')} rows in)`, path: `/api/ideas?limit=20&cursor=${deepCursor}` },
      { name: 'category tab (product)', path: '/api/ideas?category=product&limit=20' },
      { name: `search, common word ('${COMMON_WORD}')`, path: `/api/ideas?q=${COMMON_WORD}&limit=20` },
      { name: `search, rare word ('${RARE_WORD}', ${RARE_COUNT} items)`, path: `/api/ideas?q=${RARE_WORD}&limit=20` },
      { name: "search, no match ('qxjvzw')", path: '/api/ideas?q=qxjvzw&limit=20' },
      // The same first page without response compression: what gzip costs per request.
      { name: 'first page, Accept-Encoding: identity', path: '/api/ideas?limit=20', headers: { 'accept-encoding': 'identity' } },
    ];
    const only = process.env.BENCH_ONLY;
    const results: Result[] = [];
    const loadBefore = os.loadavg()[0]!;
    for (const s of scenarios) {
      if (only && !s.name.includes(only)) continue;
      const r = await measure(server.url, s);
      console.log(`${s.name}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, errors ${r.errors}`);
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
      `- Data: ${ITEMS.toLocaleString('en')} items from ${PEOPLE.toLocaleString('en')} people; app in-process (pool ${process.env.DB_POOL_SIZE ?? 10}), load from a worker thread: ${CONNECTIONS} concurrent keep-alive loops, ${WARMUP_SECONDS} s warm-up then ${SECONDS} s per scenario, 127.0.0.1 only.`,
      '',
      table(results),
      '',
    ].join('\n');
    console.log(`\n${text}`);
    const resultsFile = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
    if (!existsSync(resultsFile)) {
      writeFileSync(resultsFile, '# Benchmark results\n\nAppended by the benchmarks in this folder; newest last.\n\n');
    }
    appendFileSync(resultsFile, `${text}\n`);
  } finally {
    await stop?.().catch(() => {});
    if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
    else await adminQuery(`drop database if exists "${name}" with (force)`).catch((e: unknown) => console.error('could not drop', name, e));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
