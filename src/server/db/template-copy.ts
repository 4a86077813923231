/**
 * A first start on an empty DATA_DIR copies the build's embedded database template
 * (client.ts, pgliteTemplate) into DATA_DIR/pg. The copy is about a thousand files and is slow
 * while the machine is writing other files (bench/RESULTS.md), so:
 * - it goes into a temporary folder renamed to `pg` once whole: a copy cut short by a crash or a
 *   stop is never taken for a database (the next start removes it and copies again);
 * - files are copied in parallel on libuv's threads (the kernel copies them; the event loop stays
 *   free for other start-up work);
 * - the production entry (launch.ts) begins it before the server's code is even loaded, and the
 *   database opener takes it over from there (takeEarlyTemplateCopy).
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { acquireDataDirLock, type DataDirLock } from './lock.ts';

const PARTIAL_PREFIX = 'pg.copying-';
const PARALLEL_COPIES = 16;

/** The folder under DATA_DIR that holds the embedded database. */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pg');
}

/** Copies `template` to `pgDir` through a temporary sibling folder; `pgDir` must not exist. */
export async function copyTemplate(template: string, pgDir: string): Promise<void> {
  const parent = path.dirname(pgDir);
  for (const entry of readdirSync(parent)) {
    if (entry.startsWith(PARTIAL_PREFIX)) rmSync(path.join(parent, entry), { recursive: true, force: true });
  }
  const partial = path.join(parent, `${PARTIAL_PREFIX}${process.pid}`);
  try {
    const files: [string, string][] = [];
    const walk = async (from: string, to: string) => {
      await mkdir(to, { recursive: true });
      for (const entry of await readdir(from, { withFileTypes: true })) {
        const source = path.join(from, entry.name);
        const target = path.join(to, entry.name);
        if (entry.isDirectory()) await walk(source, target);
        else files.push([source, target]);
      }
    };
    await walk(template, partial);
    let next = 0;
    const copier = async () => {
      while (next < files.length) {
        const [source, target] = files[next++]!;
        await copyFile(source, target);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_COPIES }, copier));
    await rename(partial, pgDir);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/** A copy begun before the server's code was loaded, with the DATA_DIR lock it holds. */
export interface EarlyTemplateCopy {
  readonly dataDir: string;
  readonly lock: DataDirLock;
  readonly copied: Promise<void>;
}

// The launcher and the server are separate bundles (separate module instances): the hand-over
// goes through the process's global object.
const EARLY = Symbol.for('ideahub.earlyTemplateCopy');
type WithEarly = typeof globalThis & { [EARLY]?: EarlyTemplateCopy };

/**
 * Begins copying `template` into `dataDir` when its database does not exist yet. Takes the
 * DATA_DIR lock first; when anything stands in the way (another process holds the folder, it
 * cannot be created), nothing is begun and the opener meets and reports it as usual.
 */
export function beginEarlyTemplateCopy(dataDir: string, template: string): EarlyTemplateCopy | null {
  const dir = path.resolve(dataDir);
  let lock: DataDirLock | undefined;
  try {
    if (!existsSync(path.join(template, 'PG_VERSION')) || existsSync(pgliteDir(dir))) return null;
    mkdirSync(dir, { recursive: true });
    lock = acquireDataDirLock(dir);
  } catch {
    return null;
  }
  const copied = copyTemplate(template, pgliteDir(dir));
  // Awaited by the opener; until then a failure must not count as unhandled.
  copied.catch(() => {});
  const early = { dataDir: dir, lock, copied };
  (globalThis as WithEarly)[EARLY] = early;
  return early;
}

/** The early copy for `dataDir`, handed over once; one for another folder is abandoned. */
export function takeEarlyTemplateCopy(dataDir: string): EarlyTemplateCopy | undefined {
  const early = (globalThis as WithEarly)[EARLY];
  if (!early) return undefined;
  delete (globalThis as WithEarly)[EARLY];
  if (early.dataDir === path.resolve(dataDir)) return early;
  const release = () => early.lock.release();
  early.copied.then(release, release);
  return undefined;
}
