/**
 * Backup and restore of the embedded database (PGlite in DATA_DIR/pg), for `npm run cli`.
 * A backup is PGlite's own gzipped tarball of its data directory (dumpDataDir). Restoring
 * unpacks it into a temporary folder beside the database, checks it opens, and only then
 * renames it into place, so a failed restore never leaves a half-written database.
 * PostgreSQL (DATABASE_URL) has pg_dump / pg_restore for this (README).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { openPglite } from './client.ts';
import { acquireDataDirLock } from './lock.ts';

export class BackupError extends Error {}

const PG_FOLDER = 'pg';

function hasDatabase(pgDir: string): boolean {
  return existsSync(pgDir) && readdirSync(pgDir).length > 0;
}

/** Writes a backup of the database in `dataDir` to `file` (written whole, then renamed into place). */
export async function backupEmbedded(dataDir: string, file: string): Promise<{ bytes: number }> {
  const dir = path.resolve(dataDir);
  if (!hasDatabase(path.join(dir, PG_FOLDER))) throw new BackupError(`There is no embedded database in ${dir} to back up.`);
  const database = await openPglite(dir);
  try {
    const dump = await database.pglite!.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    const target = path.resolve(file);
    mkdirSync(path.dirname(target), { recursive: true });
    const partial = `${target}.partial-${process.pid}`;
    writeFileSync(partial, bytes);
    renameSync(partial, target);
    return { bytes: bytes.length };
  } finally {
    await database.close();
  }
}

/**
 * Restores `file` into `dataDir`. Refuses to replace an existing database unless `force`.
 * Throws DataDirLockedError while another process (the server) holds `dataDir`.
 */
export async function restoreEmbedded(dataDir: string, file: string, opts: { force: boolean }): Promise<void> {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new BackupError(`No backup file at ${source}.`);
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const lock = acquireDataDirLock(dir);
  try {
    const pgDir = path.join(dir, PG_FOLDER);
    const replacing = hasDatabase(pgDir);
    if (replacing && !opts.force) {
      throw new BackupError(`${dir} already holds a database. Restoring would replace it: run the command again with --force to do that.`);
    }
    const staging = path.join(dir, `${PG_FOLDER}.restoring-${process.pid}`);
    rmSync(staging, { recursive: true, force: true });
    try {
      const client = new PGlite(staging, { loadDataDir: new Blob([readFileSync(source)]), extensions: { pg_trgm } });
      await client.waitReady;
      await client.query('select count(*) from pg_catalog.pg_tables');
      await client.close();
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw new BackupError(`${source} could not be restored: it is not an IdeaHub backup, or it is damaged (${(error as Error).message}).`);
    }
    if (replacing) {
      const previous = path.join(dir, `${PG_FOLDER}.replaced-${Date.now()}`);
      renameSync(pgDir, previous);
      renameSync(staging, pgDir);
      rmSync(previous, { recursive: true, force: true });
    } else {
      rmSync(pgDir, { recursive: true, force: true });
      renameSync(staging, pgDir);
    }
  } finally {
    lock.release();
  }
}
