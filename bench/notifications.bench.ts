/**
 * Benchmark (not a test) of notifications (issue 17):
 *
 * 1. Live delivery: PEOPLE (1,000) signed-in people, each with their notification stream open,
 *    split over two server instances (separate processes) on one PostgreSQL database and read by
 *    CLIENTS (4) client processes (bench/notifications-subscribers.ts). Every INTERVAL_MS (50) a
 *    like on one of their items (LIKES of them, each a different person's, by LIKERS people taking
 *    turns, alternately through each instance). Each liked person's stream must get the new count
 *    (1) once; latency = receipt − the like's created_at (its transaction's start, the database's
 *    clock on this machine) and receipt − the moment the request was sent. Targets: p50 < 20 ms,
 *    p99 < 100 ms, none lost.
 * 2. One person with NOTIFICATIONS (100,000) notifications (and as many again for other people):
 *    EXPLAIN ANALYZE of the list's first page, a deep keyset page, the unread count and one batch of
 *    marking all read (rolled back); those requests over HTTP at 50 connections for SECONDS (10);
 *    then marking them all read once.
 *
 *   npx tsx bench/notifications.bench.ts            # or npm run bench -- --only notifications
 *
 * A throwaway database on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * dropped at the end. Appends its figures, the machine and its load to bench/history/runs.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPostgres } from '../src/server/db/client.ts';
import { listNotifications, MARK_READ_BATCH } from '../src/server/features/notifications/queries.ts';
import { encodeNotificationCursor } from '../src/server/features/notifications/service.ts';
import { drive, type LoadRequest } from './load.ts';
import { percentile, startRealtimeInstance } from './listening.ts';
import { appendToHistory } from './results.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PEOPLE = Number(process.env.PEOPLE ?? 1000);
const LIKES = Math.min(PEOPLE, Number(process.env.LIKES ?? 400));
const LIKERS = Number(process.env.LIKERS ?? 25);
const INTERVAL_MS = Number(process.env.INTERVAL_MS ?? 50);
const CLIENTS = Math.max(1, Math.min(PEOPLE, Number(process.env.CLIENTS ?? 4)));
const NOTIFICATIONS = Number(process.env.NOTIFICATIONS ?? 100_000);
const SECONDS = Number(process.env.SECONDS ?? 10);
const TIMEOUT_S = Number(process.env.TIMEOUT_S ?? 600);
const PUBLIC_URL = 'http://bench.ideahub.test';
const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

const children: ChildProcess[] = [];
let dropDatabase: (() => Promise<void>) | null = null;
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' / ');
const line = (label: string, v: number[]) => {
  const s = [...v].sort((x, y) => x - y);
  return `${label}: p50 ${percentile(s, 50)} ms, p95 ${percentile(s, 95)} ms, p99 ${percentile(s, 99)} ms, max ${s.at(-1)} ms (${s.length} deliveries)`;
};

interface Followers {
  ready: Promise<number>;
  readonly received: number;
  report(): Promise<number[]>;
}

function startFollowers(urls: [string, string], people: { who: number; cookie: string }[]): Followers {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'notifications-subscribers.ts')], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  children.push(child);
  let received = 0;
  let reported: ((d: number[]) => void) | null = null;
  const ready = new Promise<number>((resolve, reject) => {
    child.on('message', (m: { type: 'ready'; ms: number } | { type: 'progress'; received: number } | { type: 'report'; deliveries: number[] }) => {
      if (m.type === 'ready') resolve(m.ms);
      else if (m.type === 'progress') received = m.received;
      else reported?.(m.deliveries);
    });
    child.once('exit', (code) => reject(new Error(`a follower process exited with ${code}`)));
  });
  child.send({ type: 'start', urls, people });
  return {
    ready,
    get received() {
      return received;
    },
    report: () =>
      new Promise((resolve) => {
        reported = resolve;
        child.send({ type: 'report' });
      }),
  };
}

async function cleanup() {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await dropDatabase?.().catch((e: unknown) => console.error('could not drop the bench database:', e));
}

/** The session cookie as a browser sends it: the token signed as better-auth signs it. */
const cookieOf = (token: string) => `ideahub.session_token=${encodeURIComponent(`${token}.${createHmac('sha256', AUTH_SECRET).update(token).digest('base64')}`)}`;

async function main() {
  const name = `ideahub_bench_notif_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const serverVersion = (await admin.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: ADMIN_URL });
    await c.connect();
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.end();
  };
  const database = await openPostgres(databaseUrl, 4);
  await database.migrate();
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();

  // People (owners of one item each, and likers), straight into the database, each with a session.
  const owners = Array.from({ length: PEOPLE }, (_, i) => ({ id: randomUUID(), name: `Owner ${i}`, token: randomBytes(24).toString('base64url') }));
  const likers = Array.from({ length: LIKERS }, (_, i) => ({ id: randomUUID(), name: `Liker ${i}`, token: randomBytes(24).toString('base64url') }));
  const everyone = [...owners, ...likers];
  await sql.query('begin');
  await sql.query(
    `insert into users (id, name, email, email_verified, role) select id, name, lower(replace(name, ' ', '')) || '@bench.test', true, 'user'
     from unnest($1::text[], $2::text[]) as t(id, name)`,
    [everyone.map((p) => p.id), everyone.map((p) => p.name)],
  );
  await sql.query(
    `insert into profiles (user_id, email, full_name) select id, lower(replace(name, ' ', '')) || '@bench.test', name from unnest($1::text[], $2::text[]) as t(id, name)`,
    [everyone.map((p) => p.id), everyone.map((p) => p.name)],
  );
  await sql.query(
    `insert into sessions (id, token, user_id, expires_at, created_at, updated_at)
     select gen_random_uuid()::text, token, id, now() + interval '30 days', now(), now() from unnest($1::text[], $2::text[]) as t(id, token)`,
    [everyone.map((p) => p.id), everyone.map((p) => p.token)],
  );
  const items = (
    await sql.query<{ id: string; user_id: string }>(
      `insert into ideas (user_id, title, description, price, currency, category, created_at)
       select id, 'Solar lantern number ' || ord, 'A lantern that charges by day and lights a room at night, for the benchmark.', 1000, 'NGN', 'product', now() - interval '10 days'
       from unnest($1::text[]) with ordinality as t(id, ord) returning id, user_id`,
      [owners.map((o) => o.id)],
    )
  ).rows;
  await sql.query('commit');
  await sql.query('analyze');
  const itemOf = new Map(items.map((r) => [r.user_id, r.id]));

  const startInstance = () => startRealtimeInstance(databaseUrl, { PUBLIC_URL, AUTH_SECRET, WRITE_LIMITS: 'off' }, children);
  const [a, b] = await Promise.all([startInstance(), startInstance()]);
  console.log(`instances ${a} and ${b} over ${name} (PostgreSQL ${serverVersion})`);

  // ── 1. Live delivery ──────────────────────────────────────────────────────────────────────
  const shares = Array.from({ length: CLIENTS }, (_, j) => owners.slice(Math.floor((j * PEOPLE) / CLIENTS), Math.floor(((j + 1) * PEOPLE) / CLIENTS)));
  let offset = 0;
  const followers = shares.map((share) => {
    const people = share.map((o, k) => ({ who: offset + k, cookie: cookieOf(o.token) }));
    offset += share.length;
    return startFollowers([a, b], people);
  });
  const readyMs = await Promise.all(followers.map((f) => f.ready));
  console.log(`${PEOPLE} notification streams in ${CLIENTS} client processes ready in ${Math.max(...readyMs)} ms`);

  // Each like on a different person's item, in a shuffled order.
  const order = owners.map((_, i) => i).sort(() => Math.random() - 0.5).slice(0, LIKES);
  const sentAt = new Map<number, number>();
  const started = Date.now();
  const likes: Promise<void>[] = [];
  for (let n = 0; n < LIKES; n++) {
    const due = started + n * INTERVAL_MS;
    await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
    const who = order[n]!;
    const liker = likers[n % LIKERS]!;
    sentAt.set(who, Date.now());
    likes.push(
      fetch(`${n % 2 ? b : a}/api/ideas/${itemOf.get(owners[who]!.id)}/like`, {
        method: 'PUT',
        headers: { origin: PUBLIC_URL, cookie: cookieOf(liker.token) },
      }).then(async (res) => {
        if (res.status !== 200) throw new Error(`like ${n}: ${res.status} ${await res.text()}`);
      }),
    );
  }
  await Promise.all(likes);
  const spentS = (Date.now() - started) / 1000;
  const deadline = Date.now() + 30_000;
  const received = () => followers.reduce((s, f) => s + f.received, 0);
  while (received() < LIKES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 500)); // anything unexpected arrives too

  const createdAt = new Map(
    (await sql.query<{ user_id: string; at: string }>('select i.user_id, (extract(epoch from l.created_at) * 1000)::bigint as at from likes l join ideas i on i.id = l.idea_id')).rows.map((r) => [
      r.user_id,
      Number(r.at),
    ]),
  );
  const liked = new Set(order);
  const got = new Map<number, { unread: number; at: number }[]>();
  for (const d of await Promise.all(followers.map((f) => f.report()))) {
    for (let k = 0; k < d.length; k += 3) {
      const who = d[k]!;
      const list = got.get(who) ?? [];
      list.push({ unread: d[k + 1]!, at: d[k + 2]! });
      got.set(who, list);
    }
  }
  const fromInsert: number[] = [];
  const fromRequest: number[] = [];
  let lost = 0;
  let duplicates = 0;
  let wrong = 0;
  let unexpected = 0;
  for (const [who, events] of got) if (!liked.has(who)) unexpected += events.length;
  for (const who of order) {
    const events = got.get(who) ?? [];
    if (events.length === 0) {
      lost++;
      continue;
    }
    if (events.length > 1) duplicates += events.length - 1;
    const first = events[0]!;
    if (first.unread !== 1) wrong++;
    fromInsert.push(first.at - createdAt.get(owners[who]!.id)!);
    fromRequest.push(first.at - sentAt.get(who)!);
  }
  const live = [
    `${PEOPLE} signed-in people with their notification stream open over two instances (separate processes) on one PostgreSQL, read by ${CLIENTS} client processes; ${LIKES} likes, one every ${INTERVAL_MS} ms (${spentS.toFixed(1)} s), each on a different person's item, by ${LIKERS} people in turn, alternately through each instance.`,
    `delivered ${LIKES - lost} of ${LIKES} (lost ${lost}, duplicates ${duplicates}, wrong count ${wrong}, told to someone not liked ${unexpected})`,
    line('like created_at→receipt', fromInsert),
    line('request sent→receipt', fromRequest),
    `load average after it: ${load()}`,
  ];
  for (const l of live) console.log(l);

  // ── 2. One person with many notifications ─────────────────────────────────────────────────
  const reader = owners[0]!;
  const readerItem = itemOf.get(reader.id)!;
  const likerIds = likers.map((l) => l.id);
  const itemIds = items.map((i) => i.id);
  const messageIds = (
    await sql.query<{ id: string }>(
      `with d as (insert into idea_discussions (idea_id) values ($1) on conflict (idea_id) do update set idea_id = excluded.idea_id returning id)
       insert into idea_discussion_messages (discussion_id, user_id, content)
       select d.id, ($2::text[])[1 + g % cardinality($2::text[])], 'Benchmark message ' || g || ': could you share how long the battery lasts?' from d, generate_series(1, 200) g
       returning id`,
      [readerItem, likerIds],
    )
  ).rows.map((r) => Number(r.id));
  const seeded = Date.now();
  // The reader's: kinds in turn; likes are read (one unread like row per item at most), the rest unread.
  await sql.query(
    `insert into notifications (user_id, kind, actor_id, idea_id, item_title, message_id, details, created_at, activity_at, read_at)
     select $1, k.kind, ($2::text[])[1 + g % cardinality($2::text[])], ($3::uuid[])[1 + g % cardinality($3::uuid[])], 'Solar lantern',
       case when k.kind in ('discussion', 'reply', 'mention') then ($4::bigint[])[1 + g % cardinality($4::bigint[])] end,
       case when k.kind = 'removal' then '{"target":"message","reason":"Benchmark"}'::jsonb else '{}'::jsonb end,
       now() - make_interval(secs => g), now() - make_interval(secs => g),
       case when k.kind = 'like' then now() - make_interval(secs => g) end
     from generate_series(1, $5::int) g, lateral (select (array['like','discussion','reply','mention','removal'])[1 + g % 5] as kind) k`,
    [reader.id, likerIds, itemIds, messageIds, NOTIFICATIONS],
  );
  // As many for everyone else.
  await sql.query(
    `insert into notifications (user_id, kind, actor_id, idea_id, item_title, created_at, activity_at)
     select ($1::text[])[1 + g % cardinality($1::text[])], 'discussion', ($2::text[])[1 + g % cardinality($2::text[])], ($3::uuid[])[1 + g % cardinality($3::uuid[])],
       'Solar lantern', now() - make_interval(secs => g), now() - make_interval(secs => g)
     from generate_series(1, $4::int) g`,
    [owners.slice(1).map((o) => o.id), likerIds, itemIds, NOTIFICATIONS],
  );
  await sql.query(
    `insert into notification_inboxes (user_id, unread) select user_id, count(*) from notifications where read_at is null group by user_id
     on conflict (user_id) do update set unread = excluded.unread`,
  );
  await sql.query('vacuum analyze notifications, notification_inboxes');
  const seedS = (Date.now() - seeded) / 1000;
  const total = Number((await sql.query<{ n: string }>('select count(*) as n from notifications where user_id = $1', [reader.id])).rows[0]!.n);
  const unread = Number((await sql.query<{ unread: number }>('select unread from notification_inboxes where user_id = $1', [reader.id])).rows[0]!.unread);

  const deep = (
    await sql.query<{ activity_at: Date; id: string }>(
      'select activity_at, id from notifications where user_id = $1 order by activity_at desc, id desc offset $2 limit 1',
      [reader.id, Math.max(0, total - 1000)],
    )
  ).rows[0]!;
  const deepCursor = { at: deep.activity_at, id: Number(deep.id) };
  const explain = async (label: string, text: string, params: unknown[], rollback = false) => {
    if (rollback) await sql.query('begin');
    const rows = (await sql.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, params)).rows.map((r) => r['QUERY PLAN']);
    if (rollback) await sql.query('rollback');
    const time = rows.find((r) => r.startsWith('Execution Time'));
    console.log(`\n${label}\n${rows.join('\n')}`);
    return { label, rows, time };
  };
  const first = listNotifications(database.db, reader.id, undefined, 20).toSQL();
  const deepQ = listNotifications(database.db, reader.id, deepCursor, 20).toSQL();
  const plans = [
    await explain('first page (20 of them, newest first)', first.sql, first.params),
    await explain(`a deep page (cursor after ${total - 1000} of them)`, deepQ.sql, deepQ.params),
    await explain('the unread count', 'select unread from notification_inboxes where user_id = $1', [reader.id]),
    await explain(
      `one batch of mark all read (${MARK_READ_BATCH} of ${unread} unread; rolled back)`,
      'update notifications set read_at = now() where id in (select id from notifications where user_id = $1 and read_at is null limit $2)',
      [reader.id, MARK_READ_BATCH],
      true,
    ),
  ];

  const cookie = cookieOf(reader.token);
  const get = (p: string): LoadRequest => ({ method: 'GET', path: p, headers: { cookie } });
  const deepPath = `/api/notifications?cursor=${encodeNotificationCursor(deepCursor)}`;
  const http: string[] = [];
  for (const [label, p] of [
    ['GET /api/notifications (first page)', '/api/notifications'],
    ['GET /api/notifications?cursor=… (deep page)', deepPath],
    ['GET /api/notifications/unread-count', '/api/notifications/unread-count'],
  ] as const) {
    const r = await drive(a, [[get(p)]], SECONDS, 50);
    const row = `${label}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms, errors ${r.errors} (50 connections, ${SECONDS} s; load ${load()})`;
    console.log(row);
    http.push(row);
  }
  // Opening /notifications marks everything read: all of them, once, in batches.
  const markStarted = performance.now();
  const marked = await fetch(`${a}/api/notifications/read`, { method: 'POST', headers: { cookie, origin: PUBLIC_URL } });
  const markMs = Math.round(performance.now() - markStarted);
  const after = Number((await sql.query<{ unread: number }>('select unread from notification_inboxes where user_id = $1', [reader.id])).rows[0]!.unread);
  http.push(`POST /api/notifications/read with ${unread.toLocaleString('en')} unread: ${marked.status} in ${markMs} ms (batches of ${MARK_READ_BATCH}), unread after: ${after}; load ${load()}`);
  console.log(http.at(-1));
  await sql.end();
  await database.close();

  const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, PostgreSQL ${serverVersion}`;
  const planText = plans
    .map((p) => `- ${p.label}: ${p.time ?? ''}\n\n  \`\`\`\n${p.rows.map((r) => `  ${r}`).join('\n')}\n  \`\`\``)
    .join('\n');
  appendToHistory(
    `\n## notifications — ${new Date().toISOString()}\n\n` +
      `Machine: ${machine}. Targets (issue 17): delivery p50 < 20 ms, p99 < 100 ms, none lost.\n\n` +
      `### Live delivery\n\n${live.map((l) => `- ${l}`).join('\n')}\n\n` +
      `### One person with ${total.toLocaleString('en')} notifications (${unread.toLocaleString('en')} unread; ${NOTIFICATIONS.toLocaleString('en')} more for ${PEOPLE - 1} others; seeded in ${seedS.toFixed(1)} s)\n\n` +
      `${http.map((h) => `- ${h}`).join('\n')}\n${planText}\n`,
  );
}

const timer = setTimeout(() => {
  console.error(`benchmark timed out after ${TIMEOUT_S} s`);
  void cleanup().then(() => process.exit(1));
}, TIMEOUT_S * 1000);

main()
  .then(async () => {
    clearTimeout(timer);
    await cleanup();
    process.exit(0);
  })
  .catch(async (error: unknown) => {
    console.error(error);
    clearTimeout(timer);
    await cleanup();
    process.exit(1);
  });
