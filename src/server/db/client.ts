/**
 * Opens the store of record: PGlite under DATA_DIR by default (one process only, locked),
 * or the PostgreSQL server at DATABASE_URL. Both get the same schema and migrations.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './lock.ts';
import { openReadReplicas, type ReadReplicas, type ReadReplicasOptions } from './replicas.ts';
import * as schema from './schema.ts';
import { copyTemplate, pgliteDir, takeEarlyTemplateCopy } from './template-copy.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /** Runs committed migrations once, serialised across instances. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The underlying client, for LISTEN/NOTIFY and bulk work. */
  readonly pglite?: PGlite;
  readonly pool?: pg.Pool;
  /** Standbys for visitors' reads (DATABASE_REPLICA_URLS); absent without any. */
  readonly replicas?: ReadReplicas;
}

export class DatabaseOpenError extends Error {}

/** Where the committed migrations are, in the source tree and in the built server alike. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')]) {
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
  }
  throw new Error(`Migrations folder not found next to ${here}`);
}

/**
 * A freshly created, migrated, cleanly closed embedded database made by the production build
 * (scripts/build-server.mjs → dist/server/pglite-template). PGlite's initdb takes 2-4 s; copying
 * this folder takes 0.1-2 s, begun before the server's code loads (template-copy.ts).
 * Migrations still run at start-up (they apply whatever is newer than the template). Null when
 * running from source (tsx) or when the build made none.
 */
export function pgliteTemplate(): string | null {
  const candidate = path.join(migrationsFolder(), '..', 'pglite-template');
  return existsSync(path.join(candidate, 'PG_VERSION')) ? candidate : null;
}

/** Creates the template: a new PGlite database in `dir` with every migration applied. */
export async function makePgliteTemplate(dir: string, migrations = migrationsFolder()): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  const client = new PGlite(dir, { extensions: { pg_trgm } });
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrations });
    await client.exec('checkpoint');
  } finally {
    await client.close();
  }
}

// Advisory lock key for migrations: any fixed 64-bit number, the same in every instance.
const MIGRATION_LOCK_KEY = 7_402_318_221;

export interface PostgresOptions extends Omit<ReadReplicasOptions, 'poolSize'> {
  /** Read replicas' URLs (DATABASE_REPLICA_URLS). */
  replicaUrls?: string[];
}

export async function openPostgres(url: string, poolSize = 10, opts: PostgresOptions = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    application_name: 'ideahub',
  });
  // An idle client losing its server (restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor a checked-out one (a transaction holds it while the server restarts or its backend is
  // terminated): its query fails with the error, which is enough; without a listener the client's
  // 'error' event would be thrown and end the process. The pool discards it on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseOpenError(`Invalid DATABASE_URL: cannot connect (${(error as Error).message})`);
  }
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const replicas = opts.replicaUrls?.length ? await openReadReplicas(opts.replicaUrls, pool, { ...opts, poolSize }) : undefined;
  return {
    kind: 'postgres',
    db,
    pool,
    replicas,
    async ping() {
      await pool.query('select 1');
    },
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder: migrationsFolder() });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async close() {
      await replicas?.close();
      await pool.end();
    },
  };
}

/**
 * Opens PGlite in `dataDir` (or in memory when dataDir is 'memory://'), after taking the folder's
 * lock. An empty DATA_DIR starts as a copy of the build's template when there is one (a template
 * that does not open is discarded and the database is created from scratch).
 */
export async function openPglite(dataDir: string, opts: { template?: string | null; image?: Blob } = {}): Promise<Database> {
  let lock: DataDirLock | undefined;
  let client: PGlite;
  if (dataDir === 'memory://') {
    // An image (PGlite's dumpDataDir of a migrated database) starts an in-memory database without its initdb.
    client = new PGlite({ extensions: { pg_trgm }, ...(opts.image ? { loadDataDir: opts.image } : {}) });
  } else {
    const dir = path.resolve(dataDir);
    // The production entry may have begun copying the template already (template-copy.ts).
    const early = takeEarlyTemplateCopy(dir);
    if (!early) mkdirSync(dir, { recursive: true });
    lock = early?.lock ?? acquireDataDirLock(dir);
    const pgDir = pgliteDir(dir);
    const open = async () => {
      const c = new PGlite(pgDir, { extensions: { pg_trgm } });
      await c.waitReady;
      return c;
    };
    try {
      const template = early || existsSync(pgDir) ? null : opts.template === undefined ? pgliteTemplate() : opts.template;
      if (early || template) {
        try {
          await (early ? early.copied : copyTemplate(template!, pgDir));
          client = await open();
        } catch {
          rmSync(pgDir, { recursive: true, force: true });
          client = await open();
        }
      } else client = await open();
    } catch (error) {
      lock.release();
      throw new DatabaseOpenError(`Invalid DATA_DIR: cannot open the embedded database in ${dir} (${(error as Error).message})`);
    }
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    async ping() {
      await client.query('select 1');
    },
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsFolder() });
    },
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; poolSize?: number; replicaUrls?: string[] }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolSize, { replicaUrls: opts.replicaUrls }) : openPglite(opts.dataDir);
}

/** After bulk loads PGlite needs this (no autovacuum), or trigram searches fall back to scans. */
export async function analyze(database: Database): Promise<void> {
  await database.db.execute(sql`vacuum analyze`);
}
