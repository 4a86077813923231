/**
 * `npm run test:load`: load and faults against the production build, on 127.0.0.1 only, bounded in
 * time (about three minutes; a watchdog stops everything at six), and cleaning up after itself.
 *
 *  1. A throwaway PostgreSQL cluster (tests/support/pg-cluster.ts) and two IdeaHub instances A and
 *     B on it, whose PUBLIC_URL is HAProxy's address (tests/load/haproxy.ts); 201 people with accounts (50 premium with 21 items each, the rest with one), signed
 *     in over HTTP.
 *  2. Load: 200 people for 60 s with mixed traffic (browse, search, details and discussion, like
 *     and unlike, post a message, share) through a load balancer that picks A or B per request
 *     (and health-checks /readyz every 250 ms, as one does), while four live subscribers watch two
 *     busy discussions. Inside that minute:
 *     - at 15 s PostgreSQL is stopped (immediate) for 5 s: /readyz must answer 503 and requests
 *       503 with the one error body, fast; within 5 s of its return both instances must be ready,
 *       accept writes and deliver live messages again, without being restarted;
 *     - at 35 s B gets SIGTERM under load (a burst of 36 requests just sent to it): requests in
 *       flight finish normally, new ones are answered while B drains or refused (and then answered
 *       by A); B exits 0 within its grace period; at 45 s B starts again and rejoins.
 *  2b. HAProxy (Debian's package) in front of A, B and a third instance C, health-checking
 *     /readyz: people's traffic for 30 s goes through it, and at 12 s C is killed (SIGKILL) behind
 *     it. Every request is answered normally but those in flight on C (each counted and printed);
 *     its health checks take C out; what was written is checked in step 5.
 *  3. SIGKILL: six subscribers of one discussion on A, messages posted through B every 100 ms; A is
 *     killed; the subscribers reconnect to B with Last-Event-ID and each ends with every message,
 *     in order, none twice.
 *  4. A share that fails half-way (a trigger on coupons raises, or its backend is terminated mid
 *     transaction) leaves nothing behind and answers with the one error body.
 *  5. The database against the ledger of success answers (tests/load/verify.ts).
 * Exits 0 when every guarantee held, 1 with the broken ones listed otherwise. The instances' logs
 * and every request's timing are kept in .tmp/load/ for a closer look.
 */
import type http from 'node:http';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
// @ts-expect-error: plain ES module script without types
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { dbQuery } from './db.ts';
import { createAgent, errorCode, type Outcome, request } from './http.ts';
import { type Balancer, createBalancer } from './haproxy.ts';
import { createInstance, type Instance } from './instances.ts';
import { oneReferenceManyConfirmations } from './payments.ts';
import { type Person, seed, signInAll } from './people.ts';
import { type Cluster, createCluster } from '../support/pg-cluster.ts';
import { ms, percentile, s1, table } from './report.ts';
import { subscribe, type Subscriber } from './sse.ts';
import { type Action, EXPECTED, Ledger, personLoop, type Rec, Router, send, type TrafficContext } from './traffic.ts';
import { type Check, verifyDatabase } from './verify.ts';

const PEOPLE = 200;
const PREMIUM = 50;
const LOAD_MS = 60_000;
const PG_STOP_AT = 15_000;
const PG_DOWN_MS = 5_000;
const SIGTERM_AT = 35_000;
const RESTART_B_AT = 45_000;
const RECOVERY_LIMIT_MS = 5_000;
/** A request while PostgreSQL is down must be answered within this. */
const FAST_FAIL_MS = 2_000;
/** …and while it is starting again (connecting waits for its crash recovery; the pool gives up on a connection after 3 s). */
const STARTING_LIMIT_MS = 6_000;
/** People's traffic through HAProxy over A, B and C, and when C is killed behind it. */
const BALANCER_MS = 30_000;
const KILL_C_AT = 12_000;
const WATCHDOG_MS = 6 * 60_000;
/** The instances' logs, kept after the run. */
const LOG_DIR = path.resolve('.tmp/load');

const t0 = performance.now();
const now = () => performance.now();
const since = (t: number) => `${((now() - t) / 1000).toFixed(1)} s`;
const sleep = (msec: number) => new Promise((r) => setTimeout(r, msec));
const say = (line: string) => console.log(`[load ${((now() - t0) / 1000).toFixed(1).padStart(5)} s] ${line}`);

const checks: Check[] = [];
const check = (name: string, ok: boolean, detail: string) => {
  checks.push({ name, ok, detail });
  say(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
};

// ── Clean-up, whatever happens ──────────────────────────────────────────────────────────────
let cluster: Cluster | null = null;
let balancer: Balancer | null = null;
const instances: Instance[] = [];
const subscribers: Subscriber[] = [];
let cleanedUp = false;
function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  for (const s of subscribers) s.close();
  for (const i of instances) if (i.running && i.pid) process.kill(i.pid, 'SIGKILL');
  balancer?.stop();
  cluster?.destroy();
}
process.on('exit', cleanup);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(sig, () => {
    console.error(`\n${sig}: stopping the load test and cleaning up`);
    cleanup();
    process.exit(130);
  });
}
const watchdog = setTimeout(() => {
  console.error(`\nFAIL: the load test did not finish within ${WATCHDOG_MS / 60_000} minutes; stopped.`);
  cleanup();
  process.exit(1);
}, WATCHDOG_MS);
watchdog.unref();

// ── Timeline of the load minute (performance.now() values) ──────────────────────────────────
const T = {
  loadStart: 0,
  loadEnd: 0,
  pgStopAt: Infinity,
  pgDownAt: Infinity,
  pgStartAt: Infinity,
  pgUpAt: Infinity,
  termAt: Infinity,
  bExitAt: Infinity,
  bBackAt: Infinity,
  cKillAt: Infinity,
  cDeadAt: Infinity,
};

const overlaps = (o: Outcome, from: number, to: number) => o.startedAt < to && o.endedAt > from;

type Kind = 'ok' | 'cooldown' | 'outage 503' | 'refused at shutdown' | 'closed at shutdown' | 'error';

function classify(r: Rec): Kind {
  const o = r.out;
  const code = errorCode(o.body);
  if (!o.error && EXPECTED[r.action].includes(o.status)) return 'ok';
  if (!o.error && r.action === 'share' && o.status === 429 && code === 'cooldown') return 'cooldown';
  if (!o.error && o.status === 503 && overlaps(o, T.pgStopAt, T.pgUpAt + RECOVERY_LIMIT_MS)) {
    const readyBody = r.action === 'readyz probe' && /"status":"unavailable"/.test(o.body);
    if (code === 'unavailable' || readyBody) return 'outage 503';
  }
  if (r.instance === 'B' && o.startedAt >= T.termAt && o.startedAt < T.bBackAt) {
    if (o.error === 'ECONNREFUSED' || (!o.error && o.status === 503 && code)) return 'refused at shutdown';
  }
  // An idle kept-alive connection closed by the draining server just as this request left on it:
  // the one case HTTP leaves to the client, which sends it again (browsers do so by themselves).
  if (r.instance === 'B' && o.error === 'ECONNRESET' && !o.partial && o.reused && overlaps(o, T.termAt, T.bExitAt)) return 'closed at shutdown';
  return 'error';
}

function describe(r: Rec): string {
  const o = r.out;
  const line = `${r.action} on ${r.instance} at ${((o.startedAt - T.loadStart) / 1000).toFixed(2)} s: ${o.error ?? o.status} after ${Math.round(o.ms)} ms ${o.body.slice(0, 160)}`;
  return o.status >= 500 ? `${line}\n      server log: ${serverLogOf(r)}` : line;
}

/** The instance's log lines about a request (by its X-Request-Id), so a 5xx says why without opening the log files. */
function serverLogOf(r: Rec): string {
  const id = r.out.headers['x-request-id'];
  const instance = instances.find((i) => i.name === r.instance);
  if (typeof id !== 'string' || !instance) return '(no request id or instance)';
  const lines = instance.output().split('\n').filter((l) => l.includes(`"requestId":"${id}"`));
  return lines.length ? lines.map((l) => l.slice(0, 600)).join('\n      ') : `(no line with requestId ${id} in instance-${r.instance}.log)`;
}

async function messageIdsOf(url: string, ideaId: string, afterId = 0): Promise<number[]> {
  const rows = await dbQuery<{ id: string }>(
    url,
    `select m.id::text as id from idea_discussion_messages m join idea_discussions d on d.id = m.discussion_id
     where d.idea_id = $1 and m.id > $2 order by m.id`,
    [ideaId, afterId],
  );
  return rows.map((r) => Number(r.id));
}

/** A subscriber got exactly `expected`, in that order, each once. */
function sameStream(sub: Subscriber, expected: number[]): string | null {
  const got = sub.ids;
  if (got.length === expected.length && got.every((id, i) => id === expected[i])) return null;
  const seen = new Set(got);
  const missing = expected.filter((id) => !seen.has(id));
  const dups = got.filter((id, i) => got.indexOf(id) !== i);
  return `${sub.name}: ${got.length} received, ${expected.length} expected, missing ${JSON.stringify(missing.slice(0, 5))}, twice ${JSON.stringify(dups.slice(0, 5))}`;
}

async function main() {
  say('building the production server if stale');
  (buildIfStale as () => void)();

  // ── 1. Set-up ──
  cluster = await createCluster();
  const db = cluster.url;
  say(`PostgreSQL on 127.0.0.1:${cluster.port}`);
  // The site's address is the balancer's, as in a deployment: every instance's PUBLIC_URL.
  balancer = await createBalancer();
  const site = { PUBLIC_URL: balancer.url };
  const A = await createInstance('A', db, LOG_DIR, site);
  const B = await createInstance('B', db, LOG_DIR, site);
  instances.push(A, B);
  await A.start();
  await B.start();
  say(`instances A ${A.url} and B ${B.url} ready`);
  const seeded = await seed(db, PEOPLE + 1, (i) => i < PREMIUM || i === PEOPLE);
  const people = seeded.people.slice(0, PEOPLE);
  const canary = seeded.people[PEOPLE]!;
  const faultPerson = people[PREMIUM - 2]!;
  const agents = new Map<string, http.Agent>([
    ['A', createAgent()],
    ['B', createAgent()],
  ]);
  const started = now();
  await signInAll(seeded.people, [A, B], agents);
  say(`${seeded.people.length} people (${PREMIUM + 1} premium), ${seeded.items.length} items; all signed in over HTTP in ${since(started)}`);

  const router = new Router([A, B], agents);
  const stopHealthChecks = router.startHealthChecks(250);
  const ledger = new Ledger();
  const ctx: TrafficContext = {
    router,
    ledger,
    people,
    items: [...seeded.items],
    hotItems: [people[0]!.ownItems[0]!, people[1]!.ownItems[0]!],
    noShare: new Set([faultPerson.index]),
    thinkMs: [500, 2000],
  };

  // Live watchers of the two busy discussions: one on each instance per discussion.
  const watchers: Subscriber[] = [];
  for (const [h, ideaId] of ctx.hotItems.entries()) {
    const owner = people[h]!;
    for (const home of [A, B]) {
      const sub = subscribe({
        name: `watcher ${h + 1} (from ${home.name})`,
        ideaId,
        cookie: owner.cookie,
        ip: owner.ip,
        fromId: 0,
        pick: (previous) => (previous === null ? home : router.pick(previous)),
      });
      watchers.push(sub);
      subscribers.push(sub);
    }
  }
  await Promise.all(watchers.map((w) => w.waitFor(() => w.live, 10_000, 'the stream to open')));

  // ── 2. The load minute, with the PostgreSQL restart and the SIGTERM inside ──
  say(`load: ${PEOPLE} people for ${LOAD_MS / 1000} s over A and B`);
  T.loadStart = now();
  const until = T.loadStart + LOAD_MS;
  const loops = Promise.all(people.map((p) => personLoop(ctx, p, until)));
  const faults = (async () => {
    await sleep(T.loadStart + PG_STOP_AT - now());
    await restartPostgres();
    await sleep(T.loadStart + SIGTERM_AT - now());
    await terminateB();
    await sleep(T.loadStart + RESTART_B_AT - now());
    await B.start();
    T.bBackAt = now();
    say(`B started again (${since(T.termAt)} after its SIGTERM); the health checks put it back in rotation`);
  })();

  const recovery = { readyMs: new Map<string, number>(), writeMs: new Map<string, number>(), liveMs: new Map<string, number>() };
  const downProbes: Rec[] = [];

  async function restartPostgres() {
    say('PostgreSQL: stopping (immediate) under load');
    T.pgStopAt = now();
    await cluster!.stopImmediate();
    T.pgDownAt = now();
    // While it is down: probe /readyz and a signed-in read on both instances every 200 ms.
    const probeUntil = T.pgStopAt + PG_DOWN_MS;
    while (now() < probeUntil) {
      const rs = await Promise.all(
        [A, B].flatMap((inst) => [
          send(ctx, null, 'readyz probe', 'GET', '/readyz', undefined, { instance: inst, timeoutMs: 10_000 }),
          send(ctx, canary, 'api probe', 'GET', '/api/ideas?limit=5', undefined, { instance: inst, timeoutMs: 10_000 }),
        ]),
      );
      for (const r of rs) if (r) downProbes.push(ledger.records.findLast((x) => x.out === r.out)!);
      await sleep(200);
    }
    say('PostgreSQL: starting again');
    T.pgStartAt = now();
    await cluster!.start();
    T.pgUpAt = now();
    say(`PostgreSQL: accepting connections again after ${s1(T.pgUpAt - T.pgStopAt)} down`);
    // Recovery, measured from its return, each by its own probe every 100 ms: /readyz 200 and a
    // signed-in write on each instance, and a message posted after the return live on both.
    const deadline = T.pgUpAt + 15_000;
    const firstSuccess = async (probe: () => Promise<boolean>) => {
      while (now() < deadline) {
        if (await probe()) return;
        await sleep(100);
      }
    };
    const hot = ctx.hotItems[0]!;
    const hotWatchers = watchers.filter((w) => w.ideaId === hot);
    const canaryMessages: number[] = [];
    await Promise.all([
      ...[A, B].map((inst) =>
        firstSuccess(async () => {
          const r = await send(ctx, null, 'readyz probe', 'GET', '/readyz', undefined, { instance: inst, timeoutMs: 5_000 });
          if (r?.out.status === 200) recovery.readyMs.set(inst.name, r.out.endedAt - T.pgUpAt);
          return r?.out.status === 200;
        }),
      ),
      // Each instance likes its own item, so the ledger knows the order of the answers.
      ...[A, B].map((inst, i) =>
        firstSuccess(async () => {
          const item = ctx.hotItems[i]!;
          const key = ledger.likeKey(canary.id, item);
          const entry = ledger.likes.get(key) ?? { person: canary.id, ideaId: item, liked: false };
          ledger.likes.set(key, entry);
          const r = await send(ctx, canary, 'canary like', 'PUT', `/api/ideas/${item}/like`, undefined, { instance: inst, timeoutMs: 5_000 });
          entry.liked = r?.out.status === 200 ? true : null;
          if (r?.out.status === 200) recovery.writeMs.set(inst.name, r.out.endedAt - T.pgUpAt);
          return r?.out.status === 200;
        }),
      ),
      firstSuccess(async () => {
        const content = `Canary after the restart ${Date.now()}`;
        const attempt = { person: canary.index, ideaId: hot, content, id: null as number | null, out: null as Outcome | null };
        ledger.messages.push(attempt);
        const r = await send(ctx, canary, 'canary message', 'POST', `/api/ideas/${hot}/messages`, { content }, { timeoutMs: 5_000 });
        attempt.out = r?.out ?? null;
        if (r?.out.status !== 201) return false;
        attempt.id = (JSON.parse(r.out.body) as { id: number }).id;
        canaryMessages.push(attempt.id);
        return true;
      }).then(() =>
        firstSuccess(async () => {
          for (const w of hotWatchers) {
            const at = canaryMessages[0] !== undefined ? w.arrivedAt.get(canaryMessages[0]) : undefined;
            if (at !== undefined) recovery.liveMs.set(w.name, at - T.pgUpAt);
          }
          return recovery.liveMs.size === hotWatchers.length;
        }),
      ),
    ]);
    say(
      `recovered: /readyz A ${ms(recovery.readyMs.get('A') ?? NaN)} B ${ms(recovery.readyMs.get('B') ?? NaN)}; ` +
        `writes A ${ms(recovery.writeMs.get('A') ?? NaN)} B ${ms(recovery.writeMs.get('B') ?? NaN)}; ` +
        `live ${[...recovery.liveMs.values()].map(ms).join(', ') || 'none'} after PostgreSQL's return`,
    );
  }

  const term = { exitOk: false, exitCode: null as number | null, exitMs: NaN, inFlight: [] as Rec[], burst: 0 };

  async function terminateB() {
    // A burst straight at B (as the load balancer would still route it), so requests are surely
    // in flight when the signal lands: searches, likes and messages of the canary person.
    const burst: Promise<unknown>[] = [];
    const items = ctx.items.slice(100, 112);
    for (const [i, item] of items.entries()) {
      burst.push(send(ctx, canary, 'search', 'GET', `/api/ideas?q=${['solar', 'cassava', 'rice'][i % 3]}&limit=50`, undefined, { instance: B }));
      const key = ledger.likeKey(canary.id, item);
      const entry = ledger.likes.get(key) ?? { person: canary.id, ideaId: item, liked: false };
      ledger.likes.set(key, entry);
      burst.push(
        send(ctx, canary, 'like', 'PUT', `/api/ideas/${item}/like`, undefined, { instance: B }).then((r) => {
          entry.liked = r?.out.status === 200 ? true : null;
        }),
      );
      const content = `Posted just before the SIGTERM ${i} ${Date.now()}`;
      const attempt = { person: canary.index, ideaId: item, content, id: null as number | null, out: null as Outcome | null };
      ledger.messages.push(attempt);
      burst.push(
        send(ctx, canary, 'message', 'POST', `/api/ideas/${item}/messages`, { content }, { instance: B }).then((r) => {
          attempt.out = r?.out ?? null;
          if (r?.out.status === 201) attempt.id = (JSON.parse(r.out.body) as { id: number }).id;
        }),
      );
    }
    term.burst = burst.length;
    await sleep(15);
    say(`B: SIGTERM under load (${burst.length} requests just sent to it)`);
    T.termAt = now();
    const exited = await B.signal('SIGTERM', 30_000);
    T.bExitAt = now();
    term.exitOk = exited;
    term.exitCode = B.exitCode;
    term.exitMs = T.bExitAt - T.termAt;
    say(`B: exited with code ${B.exitCode ?? B.exitSignal} after ${ms(term.exitMs)}`);
    await Promise.all(burst);
  }

  await Promise.all([loops, faults]);
  T.loadEnd = now();
  say(`load done: ${ledger.records.length} requests in ${since(T.loadStart)}`);

  // Likes whose last attempt got no success answer: settle them with one more answered request.
  const settleLikes = async () => {
    for (const entry of ledger.likes.values()) {
      if (entry.liked !== null) continue;
      const p = seeded.people.find((x) => x.id === entry.person)!;
      for (let i = 0; i < 5 && entry.liked === null; i++) {
        const r = await send(ctx, p, 'unlike', 'DELETE', `/api/ideas/${entry.ideaId}/like`);
        if (r?.out.status === 200) entry.liked = false;
      }
    }
  };
  await settleLikes();

  // The watchers must end with exactly the messages of their discussion, in order, once each.
  for (const w of watchers) {
    const expected = await messageIdsOf(db, w.ideaId);
    await w.waitFor(() => w.ids.length >= expected.length, 15_000, `${expected.length} messages`).catch(() => {});
    const problem = sameStream(w, expected);
    check(
      `live during the load: ${w.name} received every message of its discussion once, in order`,
      problem === null,
      problem ?? `${expected.length} messages, ${w.connects.length - 1} reconnects (${w.connects.map((c) => `${c.instance}:${c.status}`).join(' ')}), ${w.resyncs} resyncs`,
    );
  }
  for (const w of watchers) w.close();

  // ── Load figures ──
  const loadRecs = ledger.records;
  const kinds = loadRecs.map((r) => ({ r, kind: classify(r) }));
  const actions: Action[] = ['browse', 'search', 'details', 'discussion', 'like', 'unlike', 'message', 'share', 'readyz probe', 'api probe', 'canary like', 'canary message'];
  const rows = actions
    .map((a) => {
      const of = kinds.filter((k) => k.r.action === a);
      const okMs = of.filter((k) => k.kind === 'ok' || k.kind === 'cooldown').map((k) => k.r.out.ms);
      const count = (k: Kind) => of.filter((x) => x.kind === k).length;
      const statuses = new Map<string, number>();
      for (const k of of) statuses.set(String(k.r.out.error ?? k.r.out.status), (statuses.get(String(k.r.out.error ?? k.r.out.status)) ?? 0) + 1);
      return [
        a,
        of.length,
        count('ok'),
        count('cooldown'),
        count('outage 503'),
        count('refused at shutdown') + count('closed at shutdown'),
        count('error'),
        ms(percentile(okMs, 50)),
        ms(percentile(okMs, 99)),
        [...statuses].sort().map(([s, n]) => `${s}:${n}`).join(' '),
      ];
    })
    .filter((r) => (r[1] as number) > 0);
  const mainLoad = kinds.filter((k) => k.r.out.startedAt >= T.loadStart && k.r.out.startedAt < T.loadEnd);
  const outsideFaults = mainLoad.filter(
    (k) => !overlaps(k.r.out, T.pgStopAt, T.pgUpAt + RECOVERY_LIMIT_MS) && !overlaps(k.r.out, T.termAt, T.bBackAt) && (k.kind === 'ok' || k.kind === 'cooldown'),
  );
  console.log(
    `\nLoad: ${PEOPLE} people, ${((T.loadEnd - T.loadStart) / 1000).toFixed(0)} s, A and B over one PostgreSQL; ` +
      `${mainLoad.length} requests (${(mainLoad.length / ((T.loadEnd - T.loadStart) / 1000)).toFixed(0)}/s); ` +
      `answered requests outside the fault windows: p50 ${ms(percentile(outsideFaults.map((k) => k.r.out.ms), 50))}, p99 ${ms(percentile(outsideFaults.map((k) => k.r.out.ms), 99))}\n`,
  );
  console.log(table(['action', 'requests', 'ok', 'cooldown 429', 'outage 503', 'refused (SIGTERM)', 'errors', 'p50', 'p99', 'statuses'], rows));
  console.log('');

  // Every request, for a closer look after a failure (timings in ms from the start of the load).
  const rel = (t: number) => (Number.isFinite(t) ? Math.round(t - T.loadStart) : null);
  writeFileSync(
    path.join(LOG_DIR, 'requests.json'),
    JSON.stringify({
      timeline: Object.fromEntries(Object.entries(T).map(([k, v]) => [k, rel(v)])),
      requests: kinds.map(({ r, kind }) => ({
        action: r.action,
        instance: r.instance,
        kind,
        status: r.out.status,
        error: r.out.error,
        code: errorCode(r.out.body),
        reused: r.out.reused,
        at: rel(r.out.startedAt),
        ms: Math.round(r.out.ms),
        retry: r.retry,
      })),
    }),
  );
  const errors = kinds.filter((k) => k.kind === 'error');
  check('load: no errors (no 5xx but the outage 503, no network error, no unexpected status)', errors.length === 0, errors.length ? `${errors.length} errors, e.g.\n    ${errors.slice(0, 8).map((e) => describe(e.r)).join('\n    ')}` : `${kinds.length} requests`);
  const retried = loadRecs.filter((r) => r.retry).length;

  // PostgreSQL restart.
  const outage = kinds.filter((k) => k.kind === 'outage 503');
  // Requests sent while it was down must fail fast; those already in flight when it stopped must not
  // hang; while it starts (crash recovery), connecting waits for it, bounded by the pool's 3 s timeout.
  const outageMs = outage.filter((k) => k.r.out.startedAt >= T.pgStopAt && k.r.out.startedAt < T.pgStartAt).map((k) => k.r.out.ms);
  const startingMs = outage.filter((k) => k.r.out.startedAt >= T.pgStartAt).map((k) => k.r.out.ms);
  const caught = kinds.filter((k) => k.r.out.startedAt < T.pgStopAt && k.r.out.endedAt > T.pgStopAt);
  const caughtEnd = caught.map((k) => k.r.out.endedAt - T.pgStopAt);
  const readyDown = downProbes.filter((r) => r.action === 'readyz probe');
  const apiDown = downProbes.filter((r) => r.action === 'api probe');
  check(
    'PostgreSQL down: /readyz answers 503 on both instances',
    readyDown.length > 0 && readyDown.every((r) => r.out.status === 503),
    `${readyDown.length} probes: ${[...new Set(readyDown.map((r) => r.out.error ?? r.out.status))].join(', ')}; p50 ${ms(percentile(readyDown.map((r) => r.out.ms), 50))}, max ${ms(Math.max(...readyDown.map((r) => r.out.ms)))}`,
  );
  check(
    'PostgreSQL down: requests fail fast with 503 and the one error body (none hangs)',
    apiDown.length > 0 &&
      apiDown.every((r) => r.out.status === 503 && errorCode(r.out.body) === 'unavailable') &&
      outageMs.length > 0 &&
      outageMs.every((v) => v < FAST_FAIL_MS) &&
      caughtEnd.every((v) => v < FAST_FAIL_MS) &&
      startingMs.every((v) => v < STARTING_LIMIT_MS),
    `${outageMs.length} sent while it was down answered 503: p50 ${ms(percentile(outageMs, 50))}, p99 ${ms(percentile(outageMs, 99))}, max ${ms(Math.max(...outageMs))} (limit ${ms(FAST_FAIL_MS)}); ` +
      `${startingMs.length} sent while it was starting: max ${ms(Math.max(...startingMs))} (limit ${ms(STARTING_LIMIT_MS)}); ` +
      `${caught.length ? `${caught.length} in flight when it stopped, all answered within ${ms(Math.max(...caughtEnd))} of the stop` : 'none in flight when it stopped'}; signed-in probes: ${[...new Set(apiDown.map((r) => `${r.out.error ?? r.out.status} ${errorCode(r.out.body) ?? ''}`))].join(', ')}`,
  );
  const worst = (m: Map<string, number>, n: number) => (m.size === n ? Math.max(...m.values()) : Infinity);
  const hotWatcherCount = watchers.filter((w) => w.ideaId === ctx.hotItems[0]).length;
  const rec = { ready: worst(recovery.readyMs, 2), write: worst(recovery.writeMs, 2), live: worst(recovery.liveMs, hotWatcherCount) };
  check(
    `PostgreSQL back: within ${RECOVERY_LIMIT_MS / 1000} s both instances are ready, take writes and deliver live messages (not restarted)`,
    rec.ready <= RECOVERY_LIMIT_MS && rec.write <= RECOVERY_LIMIT_MS && rec.live <= RECOVERY_LIMIT_MS,
    `/readyz 200 after ${ms(rec.ready)}, signed-in write after ${ms(rec.write)}, a new message live on both instances after ${ms(rec.live)} (down ${s1(T.pgUpAt - T.pgStopAt)})`,
  );
  const late503 = mainLoad.filter((k) => k.r.out.status === 503 && k.r.out.startedAt > T.pgUpAt + RECOVERY_LIMIT_MS && k.r.out.startedAt < T.termAt);
  check('PostgreSQL back: no 503 afterwards', late503.length === 0, `${late503.length} late 503s`);

  // SIGTERM.
  const inFlight = kinds.filter((k) => k.r.instance === 'B' && k.r.out.startedAt < T.termAt && k.r.out.endedAt > T.termAt);
  const inFlightBad = inFlight.filter((k) => k.kind !== 'ok' && k.kind !== 'cooldown');
  check(
    'SIGTERM: requests in flight on B finish with their normal answer',
    inFlight.length >= 5 && inFlightBad.length === 0,
    `${inFlight.length} in flight when the signal landed (${term.burst} sent as a burst just before), ${inFlightBad.length} not answered normally${inFlightBad.length ? `: ${inFlightBad.slice(0, 5).map((k) => describe(k.r)).join('; ')}` : ''}`,
  );
  const afterTerm = kinds.filter((k) => k.r.instance === 'B' && k.r.out.startedAt >= T.termAt && k.r.out.startedAt < T.bBackAt);
  const count = (list: typeof kinds, kind: Kind) => list.filter((k) => k.kind === kind).length;
  const unansweredOnB = afterTerm.filter((k) => k.kind === 'refused at shutdown' || k.kind === 'closed at shutdown');
  const notServedElsewhere = unansweredOnB.filter((k) => k.r.out.status !== 503 && !(k.r.retriedAs && ['ok', 'cooldown'].includes(classify(k.r.retriedAs))));
  check(
    'SIGTERM: new requests to B are refused cleanly, and then answered by A',
    afterTerm.every((k) => k.kind !== 'error') && notServedElsewhere.length === 0,
    `${afterTerm.length} sent to B after the signal: ${count(afterTerm, 'ok') + count(afterTerm, 'cooldown')} answered normally on connections B still drained, ` +
      `${count(afterTerm, 'refused at shutdown')} refused (connection refused or 503), ${count(afterTerm, 'closed at shutdown')} on an idle kept-alive connection B closed as they left, ` +
      `${count(afterTerm, 'error')} errors; of those not answered by B, ${unansweredOnB.length - notServedElsewhere.length} answered by A on the retry, ${notServedElsewhere.length} not; ${retried} retries in the whole run`,
  );
  check('SIGTERM: B exits 0 within its grace period (10 s)', term.exitOk && term.exitCode === 0 && term.exitMs <= 10_000, `exit code ${term.exitCode ?? B.exitSignal} after ${ms(term.exitMs)}`);

  stopHealthChecks();

  // ── 2b. Behind HAProxy, an instance killed ──
  const killedInFlight = await behindBalancer({ A, B, db, ctx });
  await settleLikes();

  // ── 3. SIGKILL during a live discussion ──
  await sigkillPhase({ A, B, db, ctx, canary, people });

  // ── 4. A share that fails half-way ──
  await halfWrittenShare({ db, ctx, B, person: faultPerson });

  // ── 4b. One checkout confirmed fifty times at once ──
  const selling = await oneReferenceManyConfirmations({ db, instances: [A, B].filter((i) => i.running), maker: people[PEOPLE - 1]!, buyer: people[PEOPLE - 2]! });
  for (const c of selling) check(c.name, c.ok, c.detail);

  // ── 5. The database against the ledger ──
  const pgStop = T.pgStopAt;
  const verified = await verifyDatabase({
    databaseUrl: db,
    ledger,
    // Writes in flight when PostgreSQL died, or on C when it was killed, may or may not have been done.
    isAmbiguous: (o) => o !== null && o.status !== 201 && ((o.startedAt < pgStop && o.endedAt > pgStop) || killedInFlight.has(o)),
  });
  for (const c of verified.checks) check(c.name, c.ok, c.detail);
  const f = verified.figures;
  console.log(
    `\nCounted in the database: ${f.likesInDb} likes (${f.likePairs} person-item pairs touched), ${f.messagesInDb} messages ` +
      `(${f.messagesAcked} answered 201 of ${f.messagesAttempted} posted, ${f.messagesAmbiguous} in flight when PostgreSQL died), ` +
      `${f.sharesAcked} shares answered 201 (${f.sharesCooldown} refused by the cooldown), ${f.ideas} items, ${f.coupons} coupons.`,
  );
}

/**
 * People's traffic through HAProxy (health checks on /readyz) over A, B and a third instance C;
 * C is killed (SIGKILL) behind the balancer. Every request is answered normally but those in
 * flight on C at that moment (a GET among them is sent again to another instance by HAProxy;
 * a write is not, as it may have been done): each is counted and printed. What was written is
 * checked against the database in step 5. Returns the answers of the writes in flight on C.
 */
async function behindBalancer(o: { A: Instance; B: Instance; db: string; ctx: TrafficContext }): Promise<Set<Outcome>> {
  const { A, B, db, ctx } = o;
  const lb = balancer!;
  const C = await createInstance('C', db, LOG_DIR, { PUBLIC_URL: lb.url });
  instances.push(C);
  await C.start();
  await lb.start([A, B, C].map((i) => ({ name: i.name, port: i.port })));
  await lb.waitFor(['A', 'B', 'C'], 'UP', 15_000);
  // C has just started: a few requests through the balancer warm every instance's first paths.
  const warm = createAgent();
  for (let i = 0; i < 30; i++) await request(warm, lb.url, { method: 'GET', path: '/api/ideas?limit=20', timeoutMs: 10_000 });
  warm.destroy();
  say(`HAProxy on ${lb.url} in front of A, B and C (health checks on /readyz every 250 ms)`);
  // People's requests go to the balancer only: to the load test it is the one instance.
  const site: Instance = { name: 'HAProxy', port: lb.port, url: lb.url, origin: lb.url, pid: undefined, running: true, exitCode: null, exitSignal: null, output: lb.output, start: async () => {}, signal: async () => true };
  const router = new Router([site], new Map([['HAProxy', createAgent()]]));
  const phase: TrafficContext = { ...ctx, router, round: 'via HAProxy ' };
  const first = ctx.ledger.records.length;
  const start = now();
  say(`through HAProxy: ${ctx.people.length} people for ${BALANCER_MS / 1000} s; C is killed at ${KILL_C_AT / 1000} s`);
  // People arrive over the first half second, as they do at a balancer, not all in one millisecond.
  const loops = Promise.all(ctx.people.map((p, i) => sleep((i * 500) / ctx.people.length).then(() => personLoop(phase, p, start + BALANCER_MS))));
  await sleep(start + KILL_C_AT - now());
  T.cKillAt = now();
  await C.signal('SIGKILL', 10_000);
  T.cDeadAt = now();
  let outAfterMs = NaN;
  try {
    await lb.waitFor(['C'], 'DOWN', 5_000);
    outAfterMs = now() - T.cDeadAt;
  } catch (error) {
    say((error as Error).message);
  }
  say(`C killed behind HAProxy; its health checks took C out ${ms(outAfterMs)} after`);
  await loops;
  const states = await lb.states();
  lb.stop();

  const recs = ctx.ledger.records.slice(first);
  const kinds = recs.map((r) => ({ r, kind: classify(r) }));
  const bad = kinds.filter((k) => k.kind === 'error');
  // In flight on C: open when it was killed, and answered by HAProxy for C (a 502 naming C) or cut
  // by HAProxy without naming an instance (its connection to C died under a write it may not resend).
  const inFlight = bad.filter(
    (k) => (k.r.instance === 'C' || k.r.instance === 'HAProxy') && k.r.out.startedAt < T.cDeadAt && k.r.out.endedAt >= T.cKillAt,
  );
  const others = bad.filter((k) => !inFlight.includes(k));
  const served = (list: typeof kinds) => ['A', 'B', 'C'].map((n) => `${n} ${list.filter((k) => k.r.instance === n).length}`).join(', ');
  const before = kinds.filter((k) => k.r.out.endedAt < T.cKillAt);
  const after = kinds.filter((k) => k.r.out.startedAt > T.cDeadAt + outAfterMs);
  // Open when C died and answered normally: on A or B all along, or a GET HAProxy sent again there.
  const openOk = kinds.filter((k) => k.r.out.startedAt < T.cDeadAt && k.r.out.endedAt > T.cKillAt && k.kind !== 'error');
  for (const k of inFlight) say(`  in flight on C when it was killed: ${describe(k.r)}`);
  check(
    "HAProxy: people's requests are spread over A, B and C by the balancer",
    ['A', 'B', 'C'].every((n) => before.some((k) => k.r.instance === n)),
    `${recs.length} requests through HAProxy; answered before the kill by ${served(before)}`,
  );
  check(
    'HAProxy: with C killed behind the balancer, every request is answered normally but those in flight on C (each counted and printed)',
    others.length === 0 && recs.length > 0,
    `${inFlight.length} in flight on C not answered normally (${[...new Set(inFlight.map((k) => `${k.r.action} ${k.r.out.error ?? k.r.out.status}`))].join(', ') || 'none'}); ` +
      `${openOk.length} others open when C died answered normally; ${others.length} other errors${others.length ? `: ${others.slice(0, 8).map((k) => describe(k.r)).join('; ')}` : ''}`,
  );
  check(
    'HAProxy: its health checks take C out; later requests go to A and B only',
    Number.isFinite(outAfterMs) && states.get('C') === 'DOWN' && after.length > 0 && after.every((k) => k.r.instance !== 'C'),
    `C out ${ms(outAfterMs)} after it died; ${after.length} requests after that, answered by ${served(after)}`,
  );
  return new Set(inFlight.map((k) => k.r.out));
}

async function sigkillPhase(o: { A: Instance; B: Instance; db: string; ctx: TrafficContext; canary: Person; people: Person[] }) {
  const { A, B, db, canary } = o;
  const ideaId = o.people[2]!.ownItems[0]!;
  const [latest] = await dbQuery<{ id: string }>(
    db,
    'select coalesce(max(m.id), 0)::text as id from idea_discussion_messages m join idea_discussions d on d.id = m.discussion_id where d.idea_id = $1',
    [ideaId],
  );
  const fromId = Number(latest!.id);
  // Only B is in rotation for the reconnects: A is about to die.
  const onlyB = (previous: Instance | null) => (previous === null ? A : B);
  const subs = o.people.slice(3, 9).map((p, i) =>
    subscribe({ name: `subscriber ${i + 1}`, ideaId, cookie: p.cookie, ip: p.ip, fromId, pick: onlyB }),
  );
  subscribers.push(...subs);
  await Promise.all(subs.map((s) => s.waitFor(() => s.live, 10_000, 'the stream on A to open')));
  await sleep(300);
  say(`SIGKILL: ${subs.length} subscribers on A; posting through B every 100 ms`);
  const posted: number[] = [];
  let posting = true;
  let n = 0;
  let postErrors = 0;
  const poster = (async () => {
    while (posting) {
      const content = `Live during the kill ${++n} ${Date.now()}`;
      const attempt = { person: canary.index, ideaId, content, id: null as number | null, out: null as Outcome | null };
      o.ctx.ledger.messages.push(attempt);
      const r = await request(o.ctx.router.agent(B), B.url, {
        method: 'POST',
        path: `/api/ideas/${ideaId}/messages`,
        headers: { origin: B.origin, cookie: canary.cookie, 'x-forwarded-for': canary.ip, 'content-type': 'application/json' },
        body: JSON.stringify({ content }),
        timeoutMs: 10_000,
      });
      attempt.out = r;
      if (r.status === 201) {
        attempt.id = (JSON.parse(r.body) as { id: number }).id;
        posted.push(attempt.id);
      } else postErrors++;
      await sleep(100);
    }
  })();
  await sleep(2500);
  const beforeKill = posted.length;
  const killAt = now();
  await A.signal('SIGKILL', 10_000);
  o.ctx.router.remove(A);
  say(`SIGKILL: A killed after ${beforeKill} messages; posting goes on`);
  await sleep(5000);
  posting = false;
  await poster;
  const expected = await messageIdsOf(db, ideaId, fromId);
  await Promise.all(subs.map((s) => s.waitFor(() => s.ids.length >= expected.length, 15_000, `${expected.length} messages`).catch(() => {})));
  const problems = subs.map((s) => sameStream(s, expected)).filter((p): p is string => p !== null);
  const reconnectMs = subs.map((s) => (s.connects[1] ? s.connects[1].at - killAt : Infinity));
  const allOnB = subs.every((s) => s.instance === B && s.connects.slice(1).every((c) => c.instance === 'B') && s.connects.at(-1)?.status === 200);
  check(
    'SIGKILL: every subscriber reconnected to B (Last-Event-ID) and received every message, in order, none twice',
    problems.length === 0 && allOnB && postErrors === 0 && expected.length === posted.length && posted.length > beforeKill,
    problems.length
      ? problems.join('; ')
      : `${subs.length} subscribers × ${expected.length} messages (${beforeKill} before the kill, ${posted.length - beforeKill} after); reconnected ${ms(Math.min(...reconnectMs))}–${ms(Math.max(...reconnectMs))} after the kill (the server's retry: 3000); ${postErrors} failed posts`,
  );
  for (const s of subs) s.close();
}

async function halfWrittenShare(o: { db: string; ctx: TrafficContext; B: Instance; person: Person }) {
  const { db, ctx, B, person } = o;
  await dbQuery(
    db,
    `create function load_test_fault() returns trigger language plpgsql as $$
     begin
       if exists (select 1 from ideas where id = new.idea_id and title like 'Fault probe%') then
         raise exception 'injected fault: the coupon could not be written';
       end if;
       if exists (select 1 from ideas where id = new.idea_id and title like 'Cut probe%') then
         perform pg_sleep(30);
       end if;
       return new;
     end $$`,
  );
  await dbQuery(db, 'create trigger load_test_fault before insert on coupons for each row execute function load_test_fault()');
  const counts = async () =>
    (
      await dbQuery<{ ideas: number; coupons: number; discussions: number; mine: number }>(
        db,
        `select (select count(*)::int from ideas) as ideas, (select count(*)::int from coupons) as coupons,
                (select count(*)::int from idea_discussions) as discussions,
                (select count(*)::int from ideas where user_id = $1) as mine`,
        [person.id],
      )
    )[0]!;
  const share = (title: string) =>
    send(ctx, person, 'share', 'POST', '/api/ideas', {
      category: 'idea',
      title,
      description: 'A water pump that runs on sunlight for farms near the market.',
      price: 2500,
      currency: 'NGN',
      imageUrl: null,
    }, { instance: B, timeoutMs: 20_000 });
  const before = await counts();

  // (a) The coupon insert fails inside the share's transaction.
  const a = await share('Fault probe solar water pump');
  const afterA = await counts();
  // (b) The share's database connection is terminated while its transaction is open.
  const pending = share('Cut probe solar water pump');
  let terminated = 0;
  for (let i = 0; i < 100 && terminated === 0; i++) {
    await sleep(50);
    const rows = await dbQuery<{ n: number }>(
      db,
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
       where datname = current_database() and wait_event = 'PgSleep' and state = 'active' and pid <> pg_backend_pid()`,
    );
    terminated = rows[0]!.n;
  }
  const b = await pending;
  const afterB = await counts();
  await dbQuery(db, 'drop trigger load_test_fault on coupons');
  await dbQuery(db, 'drop function load_test_fault()');
  // The same person can share that idea now: the failed attempts left nothing that holds the cooldown.
  const title = 'Solar water pump for the market square';
  const attempt = { person: person.index, personId: person.id, title, category: 'idea' as const, ideaId: null as string | null, couponCode: null as string | null, status: 0, out: null as Outcome | null };
  ctx.ledger.shares.push(attempt);
  const c = await share(title);
  attempt.out = c?.out ?? null;
  attempt.status = c?.out.status ?? 0;
  if (c?.out.status === 201) {
    const body = JSON.parse(c.out.body) as { idea: { id: string }; coupon: { code: string } };
    attempt.ideaId = body.idea.id;
    attempt.couponCode = body.coupon.code;
  }
  const same = (x: typeof before) => x.ideas === before.ideas && x.coupons === before.coupons && x.discussions === before.discussions && x.mine === before.mine;
  const answer = (r: Awaited<ReturnType<typeof share>>) => `${r?.out.error ?? r?.out.status} ${errorCode(r?.out.body ?? '') ?? 'no error body'}`;
  check(
    'half-written share: a failure inside the transaction leaves no item, discussion or coupon, and answers with the one error body',
    same(afterA) && a?.out.status === 500 && errorCode(a.out.body) === 'internal',
    `coupon insert raised: answer ${answer(a)}; items ${before.ideas}→${afterA.ideas}, coupons ${before.coupons}→${afterA.coupons}, discussions ${before.discussions}→${afterA.discussions}`,
  );
  check(
    'half-written share: a connection cut mid-transaction leaves nothing either, and answers 503',
    terminated === 1 && same(afterB) && b?.out.status === 503 && errorCode(b.out.body) === 'unavailable',
    `backend terminated while the coupon insert was running (${terminated}): answer ${answer(b)}; items ${before.ideas}→${afterB.ideas}, coupons ${before.coupons}→${afterB.coupons}`,
  );
  check('half-written share: the same person then shares normally (nothing holds the cooldown)', c?.out.status === 201, `answer ${answer(c)}`);
}

main()
  .then(
    () => {
      const failed = checks.filter((c) => !c.ok);
      console.log(`\n${checks.length - failed.length} passed, ${failed.length} failed`);
      if (failed.length) {
        console.log(`\nBroken guarantees:\n${failed.map((c) => `  - ${c.name}: ${c.detail}`).join('\n')}`);
        for (const i of instances) {
          const lines = i.output().split('\n').filter((l) => /"level":(50|60)/.test(l));
          if (lines.length) console.log(`\n${i.name}: last error log lines\n${lines.slice(-10).join('\n')}`);
        }
      }
      return failed.length ? 1 : 0;
    },
    (error: unknown) => {
      console.error(`\nFAIL: the load test could not run: ${(error as Error).stack ?? String(error)}`);
      return 1;
    },
  )
  .then((code) => {
    cleanup();
    process.exit(code);
  });
