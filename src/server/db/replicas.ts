/**
 * Read replicas (DATABASE_REPLICA_URLS): streaming standbys of the primary that serve visitors'
 * reads. Each replica is checked periodically; one that does not answer is left out (its reads go
 * to the primary) until it answers again, and a query that fails on a replica runs again on the
 * primary, so a replica's trouble never reaches a person.
 */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { isDatabaseUnavailable } from '../lib/errors.ts';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

/** The same handle type as client.ts's Db (not imported from there: client.ts opens replicas). */
type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** How often each replica is asked whether it answers and how far behind it is. */
export const REPLICA_CHECK_MS = 2000;
/** A check not answered within this long counts as no answer. */
const CHECK_TIMEOUT_MS = 2000;

export interface ReplicaState {
  /** 'replica N': its place in DATABASE_REPLICA_URLS (/readyz is public: no addresses). */
  name: string;
  state: 'up' | 'down';
  /** Seconds its last replayed transaction is behind (0 when it has replayed all it received); null while down. */
  lagSeconds: number | null;
  /** WAL received but not replayed yet, in bytes; null while down. */
  lagBytes: number | null;
}

export interface ReadReplicas {
  /** A healthy replica's handle, in turn among the healthy ones; null when none is up. */
  pick(): Db | null;
  /** Each replica's state as of its last check (or failed query). */
  states(): ReplicaState[];
  /** Checks every replica now (the periodic check does the same). */
  checkNow(): Promise<void>;
  close(): Promise<void>;
}

export interface ReadReplicasOptions {
  poolSize?: number;
  /** Between two checks of each replica (tests shorten it). */
  checkEveryMs?: number;
}

interface Replica {
  readonly name: string;
  readonly pool: pg.Pool;
  up: boolean;
  lagSeconds: number | null;
  lagBytes: number | null;
  /** Bumped by each check, so a check that ends after a newer one changes nothing. */
  checks: number;
}

/**
 * A pg.Pool whose queries run on a replica and, if the replica fails them (or is down), on the
 * primary. Drizzle takes it as any pool: plain queries through query(), transactions on a client
 * from connect().
 */
class FailoverPool extends pg.Pool {
  constructor(
    private readonly replica: Replica,
    private readonly primary: pg.Pool,
  ) {
    super({ max: 1 });
  }

  override query(...args: unknown[]): never {
    // pg.Pool.query's overloads, called with whatever drizzle passed (a query config and values).
    const run = (pool: pg.Pool) => (pool.query as (...a: unknown[]) => Promise<unknown>).apply(pool, args);
    if (!this.replica.up) return run(this.primary) as never;
    return run(this.replica.pool).catch((error: unknown) => {
      if (isDatabaseUnavailable(error)) this.replica.up = false;
      return run(this.primary);
    }) as never;
  }

  override connect(): never {
    const fromPrimary = () => this.primary.connect();
    if (!this.replica.up) return fromPrimary() as never;
    return this.replica.pool.connect().catch((error: unknown) => {
      if (isDatabaseUnavailable(error)) this.replica.up = false;
      return fromPrimary();
    }) as never;
  }
}

/** Opens a pool per replica URL, checks each once, then keeps checking them in the background. */
export async function openReadReplicas(urls: string[], primary: pg.Pool, opts: ReadReplicasOptions = {}): Promise<ReadReplicas> {
  const replicas: Replica[] = urls.map((url, i) => {
    const pool = new pg.Pool({
      connectionString: url,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: 2000,
      idleTimeoutMillis: 30_000,
      application_name: 'ideahub-reader',
    });
    // A replica going away must not end the process: its queries fail and go to the primary.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    return { name: `replica ${i + 1}`, pool, up: false, lagSeconds: null, lagBytes: null, checks: 0 };
  });
  const handles = replicas.map((replica) => drizzlePg({ client: new FailoverPool(replica, primary), schema }) as unknown as Db);

  const check = async (replica: Replica) => {
    const round = ++replica.checks;
    let timer: NodeJS.Timeout | undefined;
    try {
      const result = await Promise.race([
        replica.pool.query<{ lag_seconds: number | null; lag_bytes: string | null }>(
          `select case when not pg_is_in_recovery() or pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
                       else extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 end as lag_seconds,
                  case when pg_is_in_recovery() then pg_wal_lsn_diff(pg_last_wal_receive_lsn(), pg_last_wal_replay_lsn()) else 0 end as lag_bytes`,
        ),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
        }),
      ]);
      if (round !== replica.checks) return;
      const row = result.rows[0];
      replica.up = true;
      replica.lagSeconds = row?.lag_seconds == null ? null : Math.max(0, Number(row.lag_seconds));
      replica.lagBytes = row?.lag_bytes == null ? null : Number(row.lag_bytes);
    } catch {
      if (round !== replica.checks) return;
      replica.up = false;
    } finally {
      clearTimeout(timer);
    }
  };
  const checkNow = async () => {
    await Promise.all(replicas.map(check));
  };

  await checkNow();
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    void checkNow().finally(() => {
      checking = false;
    });
  }, opts.checkEveryMs ?? REPLICA_CHECK_MS);
  timer.unref();

  let turn = 0;
  return {
    pick() {
      for (let i = 0; i < replicas.length; i++) {
        const at = (turn + i) % replicas.length;
        if (replicas[at]!.up) {
          turn = at + 1;
          return handles[at]!;
        }
      }
      return null;
    },
    states() {
      return replicas.map((r) => ({ name: r.name, state: r.up ? 'up' : 'down', lagSeconds: r.up ? r.lagSeconds : null, lagBytes: r.up ? r.lagBytes : null }));
    },
    checkNow,
    async close() {
      clearInterval(timer);
      await Promise.all(replicas.map((r) => r.pool.end().catch(() => {})));
    },
  };
}
