/**
 * Benchmark (not a test): what one page costs the server's CPU when React renders it for one
 * signed-in reader (issue 29 point 4), home and an item's details, never from the render cache.
 *
 *   npx tsx bench/render.bench.ts                  # 2,000 items, 5 rounds of 30 pages each
 *   BENCH_ROUNDS=3 BENCH_PAGES=20 npx tsx bench/render.bench.ts
 *   BENCH_LABEL='after: icons from a sprite' npx tsx bench/render.bench.ts
 *   BENCH_PROFILE=details npx tsx bench/render.bench.ts  # also writes a V8 CPU profile of 100 pages (home unless named)
 *
 * The app runs in this process with the production configuration on a PostgreSQL database seeded
 * by bench/seed.ts (created and dropped here; the first page is 20 items whatever the total), with
 * the built web app as its web root (as bench/pages.bench.ts). One request at a time, each with a
 * query parameter of its own so the 10-second cache of rendered pages never has it:
 *
 * - CPU per page: process.cpuUsage (user + system) across the whole GET, session check, API
 *   answers, render and compression included (the HTTP client in this process adds little);
 * - the render alone: the server entry's renderDocument (React) for the same page's state;
 * - the document: its uncompressed size, its inline <svg> count and its element count (the
 *   document is left in the temporary folder as ideahub-bench-render-<page>.html).
 *
 * The machine is shared, so each figure is the median of BENCH_ROUNDS rounds (each round's value
 * the median of BENCH_PAGES pages), with the load average beside it. Appends a table to the run history (bench/results.ts).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadConfig } from '../src/server/config.ts';
import { openPostgres } from '../src/server/db/client.ts';
import { createLogger } from '../src/server/logger.ts';
import { startServer } from '../src/server/server.ts';
import { reportRun, runMain } from './results.ts';
// @ts-expect-error: plain ES module script without types
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { BROWSER_ACCEPT_ENCODING } from './load.ts';
import { ADMIN_URL, adminQuery, seed, withDatabase } from './seed.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 2_000);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PAGES = Number(process.env.BENCH_PAGES ?? 30);
const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const PERSON = 'bench-user-1';
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const root = fileURLToPath(new URL('..', import.meta.url));
const TARGETS = { home: { cpuMs: 10, kb: 70 }, details: { cpuMs: 7, kb: undefined } } as const;
process.env.NODE_ENV = 'production';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpuMs = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' / ');

function webBuild(): string {
  (buildIfStale as () => void)();
  const dist = path.join(root, 'dist', 'web');
  if (!existsSync(path.join(dist, '.server', 'entry.server.mjs'))) throw new Error('the web build has no server entry: run npm run build:web');
  const copy = mkdtempSync(path.join(os.tmpdir(), 'ideahub-bench-render-web-'));
  cpSync(dist, copy, { recursive: true });
  return copy;
}

function get(base: string, p: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    http
      .get({ hostname, port, path: p, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      })
      .on('error', reject);
  });
}

async function main() {
  const webRoot = webBuild();
  const name = `ideahub_bench_render_${Date.now().toString(36)}`;
  await adminQuery(`create database "${name}"`);
  const url = withDatabase(ADMIN_URL, name);
  let stop: (() => Promise<void>) | undefined;
  try {
    const config = loadConfig({ NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATABASE_URL: url, AUTH_SECRET, DATA_DIR: 'memory://' });
    const database = await openPostgres(url, config.DB_POOL_SIZE);
    await database.migrate();
    const pool = database.pool!;
    await seed(pool, { items: ITEMS, people: PEOPLE });
    const person = (
      await pool.query<{ name: string; email: string }>(
        'update users set name = p.full_name from profiles p where p.user_id = users.id and users.id = $1 returning users.name, users.email',
        [PERSON],
      )
    ).rows[0]!;
    const firstPage = (await pool.query<{ id: string; title: string }>('select id, title from ideas order by created_at desc, id desc limit 20')).rows;
    const detailsItem = firstPage[6]!;
    const saved = [1, 4, 6, 10, 15].map((i) => firstPage[i]!.id);
    await pool.query('insert into saved_items (user_id, idea_id) select $1, unnest($2::uuid[]) on conflict do nothing', [PERSON, saved]);
    await pool.query('insert into likes (idea_id, user_id) select unnest($2::uuid[]), $1 on conflict do nothing', [PERSON, [2, 6, 11].map((i) => firstPage[i]!.id)]);
    const token = randomBytes(24).toString('base64url');
    await pool.query(
      `insert into sessions (id, token, user_id, expires_at, created_at, updated_at) values ('bench-render-session', $1, $2, now() + interval '30 days', now(), now())`,
      [token, PERSON],
    );
    const cookie = `ideahub.session_token=${encodeURIComponent(`${token}.${createHmac('sha256', AUTH_SECRET).update(token).digest('base64')}`)}`;
    const server = await startServer({ config, logger: createLogger('silent'), webRoot, database });
    stop = async () => {
      await server.close(15_000);
      await database.close();
    };
    const base = server.url;
    const headers = { accept: BROWSER_ACCEPT, cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
    const entry = (await import(pathToFileURL(path.join(webRoot, '.server', 'entry.server.mjs')).href)) as {
      preparePage(url: string, sessionJson: string, ask: (p: string) => Promise<{ status: number; body: string }>): Promise<{ rendered: boolean; queries: unknown }>;
      renderDocument(url: string, stateText: string): Promise<string>;
      pageStateText(state: unknown): string;
    };
    const sessionJson = JSON.stringify({ id: PERSON, name: person.name, email: person.email, emailVerified: true, role: 'user' });
    const ask = async (p: string) => {
      const res = await server.app.request(p, { headers: { cookie, 'accept-encoding': 'identity' } });
      return { status: res.status, body: await res.text() };
    };

    const pages = [
      { label: 'home', path: '/', title: firstPage[0]!.title },
      { label: 'details', path: `/ideas/${detailsItem.id}`, title: detailsItem.title },
    ] as const;
    let n = 0;
    const results: { label: string; pageCpu: number[]; renderCpu: number[]; loads: number[]; bytes: number; svgs: number; elements: number }[] = [];
    for (const p of pages) {
      // The page as a browser gets it, checked once: drawn for the person, uncompressed size and parts.
      const plain = await get(base, `${p.path}?bench=check`, { accept: BROWSER_ACCEPT, cookie, 'accept-encoding': 'identity' });
      if (plain.status !== 200 || !plain.body.includes(p.title) || !plain.body.includes('>Account menu<')) {
        const file = path.join(os.tmpdir(), 'ideahub-bench-render-answer.html');
        writeFileSync(file, plain.body);
        throw new Error(`${p.label}: not the page drawn for the person (${plain.status}; the answer is in ${file})`);
      }
      writeFileSync(path.join(os.tmpdir(), `ideahub-bench-render-${p.label}.html`), plain.body);
      const prepared = await entry.preparePage(p.path, sessionJson, ask);
      const stateText = entry.pageStateText({ publicUrl: config.PUBLIC_URL, rendered: prepared.rendered, assets: { styles: [], entry: '/entry.js', modules: [] }, queries: prepared.queries });
      for (let i = 0; i < 20; i++) await get(base, `${p.path}?bench=${n++}`, headers); // warm-up
      const pageCpu: number[] = [];
      const renderCpu: number[] = [];
      const loads: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const perPage: number[] = [];
        const perRender: number[] = [];
        for (let i = 0; i < PAGES; i++) {
          const t = process.cpuUsage();
          const res = await get(base, `${p.path}?bench=${n++}`, headers);
          perPage.push(cpuMs(t));
          if (res.status !== 200) throw new Error(`${p.label}: ${res.status}`);
          const r = process.cpuUsage();
          await entry.renderDocument(p.path, stateText);
          perRender.push(cpuMs(r));
        }
        pageCpu.push(median(perPage));
        renderCpu.push(median(perRender));
        loads.push(os.loadavg()[0]!);
      }
      results.push({
        label: p.label,
        pageCpu,
        renderCpu,
        loads,
        bytes: Buffer.byteLength(plain.body),
        svgs: plain.body.split('<svg').length - 1,
        elements: (plain.body.match(/<[a-zA-Z][^>]*>/g) ?? []).length,
      });
      console.log(`${p.label}: page CPU ${pageCpu.map((x) => x.toFixed(1)).join(', ')} ms; render ${renderCpu.map((x) => x.toFixed(1)).join(', ')} ms — load ${load()}`);
    }

    if (process.env.BENCH_PROFILE) {
      const session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
      const profiled = pages.find((p) => p.label === process.env.BENCH_PROFILE) ?? pages[0]!;
      for (let i = 0; i < 100; i++) await get(base, `${profiled.path}?bench=${n++}`, headers);
      const { profile } = await session.post('Profiler.stop');
      const file = path.join(os.tmpdir(), `ideahub-render-${profiled.label}-${Date.now()}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      console.log(`CPU profile of 100 ${profiled.label} pages: ${file}`);
    }

    const cpu = os.cpus();
    const text = [
      `## Pages rendered for one signed-in reader (issue 29 point 4, bench/render.bench.ts) — ${new Date().toISOString()}${process.env.BENCH_LABEL ? ` — ${process.env.BENCH_LABEL}` : ''}`,
      '',
      `- Machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}; PostgreSQL on the same machine; ${ITEMS.toLocaleString('en')} items. Load average (1 / 5 / 15 min) at the end: ${load()}.`,
      `- One request at a time, each address new (never from the render cache); a figure is the median of ${ROUNDS} rounds, each round the median of ${PAGES} pages. 'Page CPU': this process's CPU across the whole GET; 'render': renderDocument (React) alone.`,
      '',
      '| page | page CPU ms (median) | rounds | render CPU ms | document KB (uncompressed) | inline `<svg>` | elements | load (1 min) per round | target |',
      '| --- | ---: | --- | ---: | ---: | ---: | ---: | --- | --- |',
      ...results.map((r) => {
        const t = TARGETS[r.label as keyof typeof TARGETS];
        const cpuOk = median(r.pageCpu) <= t.cpuMs;
        const kbOk = t.kb === undefined || r.bytes / 1000 <= t.kb;
        return `| ${r.label} | ${median(r.pageCpu).toFixed(1)} | ${r.pageCpu.map((x) => x.toFixed(1)).join(', ')} | ${median(r.renderCpu).toFixed(1)} | ${(r.bytes / 1000).toFixed(1)} | ${r.svgs} | ${r.elements} | ${r.loads.map((x) => x.toFixed(1)).join(', ')} | ≤ ${t.cpuMs} ms${t.kb ? `, ≤ ${t.kb} KB` : ''}: ${cpuOk && kbOk ? 'PASS' : 'FAIL'} |`;
      }),
      '',
    ].join('\n');
    reportRun(text);
  } finally {
    await stop?.().catch(() => {});
    rmSync(webRoot, { recursive: true, force: true });
    await adminQuery(`drop database if exists "${name}" with (force)`).catch((e: unknown) => console.error('could not drop', name, e));
  }
}

runMain(main);
