/**
 * When the weekly digest runs (decision 0047): a pg-boss 10 cron schedule ('weekly-digest', every
 * hour) in the database itself. Every instance starts pg-boss on the app's own connections and
 * works the queue; pg-boss's cron monitor creates one job per tick for all instances together, and
 * a job is fetched by one worker (SKIP LOCKED). The job writes the digests due that day
 * (service.runWeeklyDigest), whose per-person claim keeps each digest single even if two runs
 * overlap. PGlite (embedded, one process by design) has no network connection for pg-boss; it is
 * given the same client through pg-boss's `db` option (executeSql), see pgliteExecutor.
 */
import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import { type Logger, loggableError } from '../../logger.ts';
import { type DigestDeps, type DigestRun, runWeeklyDigest } from './service.ts';

export const DIGEST_QUEUE = 'weekly-digest';
/** Every hour at five past: a person's day (UTC) is met within the hour, and a missed hour is made up by the next. */
const DIGEST_CRON = '5 * * * *';

export interface DigestScheduleOptions {
  /** How often a worker looks for the job (pg-boss polling), in seconds. */
  pollingIntervalSeconds?: number;
}

export interface DigestSchedule {
  /** Runs the job now on this instance (what a cron tick's worker does). */
  runOnce(): Promise<DigestRun>;
  /** Sends one job to the queue for the current hour (one per hour whoever sends it), as the cron monitor does. */
  enqueue(): Promise<string | null>;
  stop(): Promise<void>;
}

type Result = { rows: unknown[] };

/**
 * pg-boss's statements on the embedded database: one with values is a prepared query; one without
 * may hold several statements (its migrations, its locked blocks), run as a script, whose last
 * result is the answer.
 */
function pgliteExecutor(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]): Promise<Result> {
      if (values && values.length) return (await client.query(text, values)) as Result;
      const results = await client.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
  };
}

function executorOf(database: Database): PgBoss.Db {
  if (database.pool) {
    const pool = database.pool;
    return { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) as Promise<Result> };
  }
  if (database.pglite) return pgliteExecutor(database.pglite);
  throw new Error('no database client for the job queue');
}

export async function startDigestSchedule(database: Database, deps: Omit<DigestDeps, 'db'>, options: DigestScheduleOptions = {}): Promise<DigestSchedule> {
  const logger: Logger = deps.logger;
  const run = () => runWeeklyDigest({ ...deps, db: database.db }, now());
  const boss = new PgBoss({ db: executorOf(database), schema: 'pgboss', migrate: true, supervise: true, schedule: true });
  boss.on('error', (error) => logger.warn({ err: loggableError(error).message }, 'job queue error'));
  await boss.start();
  await boss.createQueue(DIGEST_QUEUE);
  await boss.schedule(DIGEST_QUEUE, DIGEST_CRON, undefined, { tz: 'UTC' });
  await boss.work(DIGEST_QUEUE, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 30 }, async () => {
    await run();
  });
  return {
    runOnce: run,
    enqueue: () => boss.send(DIGEST_QUEUE, {}, { singletonKey: DIGEST_QUEUE, singletonHours: 1 }),
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
