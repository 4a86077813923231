/**
 * Benchmark (not a test): live discussion fan-out latency, from a message's insert to its receipt
 * by Server-Sent Events subscribers spread over two server instances on one PostgreSQL database.
 *
 *   npx tsx bench/realtime.bench.ts
 *
 * Uses a throwaway database on the PostgreSQL server at BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), created and dropped here. Local only, bounded:
 * SUBSCRIBERS (1000) streams, split evenly over two instances (separate processes), MESSAGES
 * (200) posted at RATE per second (20), alternately through each instance, within TIMEOUT_S (180).
 * The subscribers are read by CLIENTS (4) processes (bench/realtime-subscribers.ts), each a share
 * of them, half on each instance; they report every delivery back, so each is counted once here.
 * Prints p50/p95/p99/max and appends them to bench/history/runs.md.
 *
 * Latency "insert→receipt" = the moment a subscriber has parsed the event minus the message's
 * created_at (the database clock of the same machine: the inserting transaction's start).
 * "post→receipt" adds the HTTP request, the session and premium checks: from just before the POST.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres } from '../src/server/db/client.ts';
import { ideas, users } from '../src/server/db/schema.ts';
import { percentile, startRealtimeInstance } from './listening.ts';
import { appendToHistory } from './results.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SUBSCRIBERS = Number(process.env.SUBSCRIBERS ?? 1000);
const MESSAGES = Number(process.env.MESSAGES ?? 200);
const RATE = Number(process.env.RATE ?? 20);
const TIMEOUT_S = Number(process.env.TIMEOUT_S ?? 180);
// The subscribers stand for separate browsers: one process parsing all of them would add its own
// event loop's queue to every figure (the 1,000th stream of a message waits for the 999 before it).
const CLIENTS = Math.max(1, Math.min(SUBSCRIBERS, Number(process.env.CLIENTS ?? 4)));
const PUBLIC_URL = 'http://bench.ideahub.test';
const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

const children: ChildProcess[] = [];
let dropDatabase: (() => Promise<void>) | null = null;

interface Subscribers {
  /** Resolves with the milliseconds it took once all of the process's streams are live. */
  ready: Promise<number>;
  /** Deliveries so far (reported every 100 ms). */
  readonly received: number;
  /** Closes the streams and returns every delivery: 5 numbers each (bench/realtime-subscribers.ts). */
  report(): Promise<number[]>;
}

function startSubscribers(start: { type: 'start'; urls: [string, string]; ideaId: string; cookie: string; from: number; count: number }): Subscribers {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'realtime-subscribers.ts')], {
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
    child.once('exit', (code) => reject(new Error(`a subscriber process exited with ${code}`)));
  });
  child.send(start);
  return {
    ready,
    get received() {
      return received;
    },
    report() {
      return new Promise((resolve) => {
        reported = resolve;
        child.send({ type: 'report' });
      });
    },
  };
}

async function cleanup() {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await dropDatabase?.().catch((e: unknown) => console.error('could not drop the bench database:', e));
}

async function main() {
  const name = `ideahub_bench_${Date.now().toString(36)}`;
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
  // One person posts every message: far above a person's limit, which stays in the path.
  const startInstance = () => startRealtimeInstance(databaseUrl, { PUBLIC_URL, AUTH_SECRET, WRITE_LIMITS: 'messages:100000000/60' }, children);
  const [a, b] = await Promise.all([startInstance(), startInstance()]);
  console.log(`instances: ${a} and ${b} over ${name} (PostgreSQL ${serverVersion})`);

  // One person, owner of one item (so entitled to its discussion), signed in over HTTP.
  const email = `bench-${Date.now()}@example.test`;
  const password = 'bench passphrase that is long enough';
  const headers = { origin: PUBLIC_URL, 'content-type': 'application/json' };
  const signUp = await fetch(`${a}/api/auth/sign-up/email`, { method: 'POST', headers, body: JSON.stringify({ name: 'Bench Owner', email, password }) });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const signIn = await fetch(`${a}/api/auth/sign-in/email`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const [owner] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const [idea] = await database.db
    .insert(ideas)
    .values({ userId: owner!.id, title: 'Benchmark item', description: 'An item whose discussion the benchmark floods.' })
    .returning({ id: ideas.id });

  // Subscribers, half on each instance, opened in batches, spread over CLIENTS processes.
  const shares = Array.from({ length: CLIENTS }, (_, j) => {
    const from = Math.floor((j * SUBSCRIBERS) / CLIENTS);
    return { from, count: Math.floor(((j + 1) * SUBSCRIBERS) / CLIENTS) - from };
  });
  const clients = shares.map((share) => startSubscribers({ type: 'start', urls: [a, b], ideaId: idea!.id, cookie, ...share }));
  const readyMs = await Promise.all(clients.map((c) => c.ready));
  console.log(`${SUBSCRIBERS} subscribers in ${CLIENTS} client processes ready in ${Math.max(...readyMs)} ms`);
  const sentAt = new Map<number, number>();

  // Post at a steady pace, alternating instances.
  const started = Date.now();
  const posts: Promise<void>[] = [];
  for (let seq = 0; seq < MESSAGES; seq++) {
    const due = started + (seq * 1000) / RATE;
    await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
    sentAt.set(seq, Date.now());
    posts.push(
      fetch(`${seq % 2 ? b : a}/api/ideas/${idea!.id}/messages`, {
        method: 'POST',
        headers: { ...headers, cookie },
        body: JSON.stringify({ content: `bench ${seq}` }),
      }).then(async (res) => {
        if (res.status !== 201) throw new Error(`post ${seq}: ${res.status} ${await res.text()}`);
      }),
    );
  }
  await Promise.all(posts);
  const expected = SUBSCRIBERS * MESSAGES;
  const deadline = Date.now() + 30_000;
  const received = () => clients.reduce((n, c) => n + c.received, 0);
  while (received() < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));

  // Every delivery of every process, counted once; a second one to the same subscriber is a duplicate.
  const latencies: number[] = [];
  const fromPost: number[] = [];
  const seen = new Set<number>();
  let duplicates = 0;
  for (const d of await Promise.all(clients.map((c) => c.report()))) {
    for (let k = 0; k < d.length; k += 5) {
      const [who, id, seq, at, createdAt] = [d[k]!, d[k + 1]!, d[k + 2]!, d[k + 3]!, d[k + 4]!];
      const key = id * SUBSCRIBERS + who;
      if (seen.has(key)) duplicates += 1;
      seen.add(key);
      latencies.push(at - createdAt);
      const sent = sentAt.get(seq);
      if (sent !== undefined) fromPost.push(at - sent);
    }
  }

  const sorted = [...latencies].sort((x, y) => x - y);
  const sortedPost = [...fromPost].sort((x, y) => x - y);
  const line = (label: string, v: number[]) =>
    `${label}: p50 ${percentile(v, 50)} ms, p95 ${percentile(v, 95)} ms, p99 ${percentile(v, 99)} ms, max ${v.at(-1)} ms`;
  const load = os.loadavg().map((l) => l.toFixed(1)).join(' / ');
  const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ${os.platform()} ${os.release()}, Node ${process.version}, PostgreSQL ${serverVersion}; load average at the end ${load} (1 / 5 / 15 min: other work on the machine skews the figures)`;
  const summary = [
    `received ${seen.size} of ${expected} deliveries (${duplicates} duplicates), ${MESSAGES} messages at ${RATE}/s over ${((Date.now() - started) / 1000).toFixed(1)} s`,
    line('insert→receipt', sorted),
    line('post→receipt', sortedPost),
  ];
  console.log(summary.join('\n'));

  appendToHistory(
    `\n## realtime fan-out — ${new Date().toISOString()}\n\n` +
      `${SUBSCRIBERS} SSE subscribers over two instances (separate processes) on one PostgreSQL, ` +
      `read by ${CLIENTS} client processes; ` +
      `${MESSAGES} messages at ${RATE}/s, alternating instances. Machine: ${machine}.\n\n` +
      summary.map((s) => `- ${s}`).join('\n') +
      '\n',
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
