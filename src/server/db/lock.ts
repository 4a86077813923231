/**
 * PGlite is one process only. A pid file created with O_EXCL in DATA_DIR marks the owner;
 * a second process finds it, sees the owner alive, and is refused before touching anything.
 * A pid file left by a crashed process (owner gone) is taken over at once, and a refusal names
 * the owner's pid: why this is ours rather than proper-lockfile (docs/decisions/0036).
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dir} is already in use by another IdeaHub process (pid ${pid}). ` +
        'Stop that process first, or set DATA_DIR to another folder.',
    );
    this.name = 'DataDirLockedError';
  }
}

const LOCK_NAME = 'ideahub.pid';

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid holding `dir`, if a live process holds it. */
export function dataDirOwner(dir: string): number | undefined {
  try {
    const pid = Number(readFileSync(path.join(dir, LOCK_NAME), 'utf8').trim());
    return isAlive(pid) && pid !== process.pid ? pid : undefined;
  } catch {
    return undefined;
  }
}

export function acquireDataDirLock(dir: string): DataDirLock {
  const file = path.join(dir, LOCK_NAME);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          try {
            if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = dataDirOwner(dir);
      if (owner !== undefined) throw new DataDirLockedError(dir, owner);
      // Stale: the owner is gone. Remove it and try once more; only one contender's 'wx' wins.
      try {
        unlinkSync(file);
      } catch {
        /* another contender removed it */
      }
    }
  }
  const owner = dataDirOwner(dir);
  throw new DataDirLockedError(dir, owner ?? -1);
}
