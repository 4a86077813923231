/**
 * Databases for API tests: PGlite in memory always, and a fresh database on the PostgreSQL
 * server at TEST_DATABASE_URL when it is set (CI sets it). Each call makes its own database
 * and drops it afterwards; no test sees another's rows.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/server/db/client.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** The database kinds this run tests against. */
export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase {
  database: Database;
  /** Connection URL (postgres only), e.g. for a second server instance. */
  url?: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Creates a database on the test server (empty, or a copy of `template`) and returns its URL and a
 * drop function.
 */
export async function createPostgresDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `ideahub_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  await admin.end();
  return {
    url: withDatabase(adminUrl, name),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

/** Where a run's migrated databases are: a PGlite image file, and a template database's name. */
export interface MigratedImages {
  pglite: string;
  postgres: string | null;
}

const IMAGES_DIR = fileURLToPath(new URL('../../.tmp/test-databases/', import.meta.url));

/**
 * One migrated database of each kind for a test run (the API tests' global setup): PGlite's data
 * folder dumped to a file, and a PostgreSQL template database. `drop` removes both.
 */
export async function makeMigratedImages(): Promise<{ images: MigratedImages; drop(): Promise<void> }> {
  mkdirSync(IMAGES_DIR, { recursive: true });
  const file = path.join(IMAGES_DIR, `pglite-${process.pid}.tar`);
  const database = await openPglite('memory://');
  try {
    await database.migrate();
    const image = await database.pglite!.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  } finally {
    await database.close();
  }
  let template: { name: string; drop(): Promise<void> } | null = null;
  if (process.env.TEST_DATABASE_URL) {
    const created = await createPostgresDatabase();
    try {
      const migrated = await openPostgres(created.url, 2);
      await migrated.migrate().finally(() => migrated.close());
    } catch (error) {
      await created.drop();
      throw error;
    }
    template = { name: new URL(created.url).pathname.slice(1), drop: created.drop };
  }
  return {
    images: { pglite: file, postgres: template?.name ?? null },
    async drop() {
      rmSync(file, { force: true });
      await template?.drop();
    },
  };
}

/** This run's migrated images, when the project's global setup made them (the API tests). */
function migratedImages(): MigratedImages | undefined {
  try {
    return inject('migratedImages');
  } catch {
    return undefined;
  }
}

let pgliteImage: { file: string; blob: Blob } | undefined;
function pgliteImageOf(file: string): Blob {
  if (pgliteImage?.file !== file) pgliteImage = { file, blob: new Blob([readFileSync(file)]) };
  return pgliteImage.blob;
}

/** A migrated, empty database of the given kind: a copy of the run's migrated image where there is one. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const images = migratedImages();
  if (kind === 'pglite') {
    const database = await openPglite('memory://', images ? { image: pgliteImageOf(images.pglite) } : {});
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const created = await createPostgresDatabase(images?.postgres ?? undefined);
  const database = await openPostgres(created.url, 5);
  await database.migrate();
  return {
    database,
    url: created.url,
    async drop() {
      await database.close();
      await created.drop();
    },
  };
}
