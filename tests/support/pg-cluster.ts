/**
 * A throwaway PostgreSQL cluster that a test or the load script owns, so it can stop and restart
 * it: initdb into a fresh temporary folder (or, for a streaming standby of another cluster,
 * pg_basebackup -R), listen on 127.0.0.1 only (its unix socket inside that folder), and remove
 * everything at the end. As root the server runs as the `postgres` OS user (PostgreSQL refuses to
 * run as root); otherwise as the current user.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../support/free-port.ts';

export interface Cluster {
  readonly port: number;
  /** postgres://postgres@127.0.0.1:port/ideahub */
  readonly url: string;
  /** Stops at once, as a crash would (pg_ctl -m immediate): open connections are cut. */
  stopImmediate(): Promise<void>;
  /** Starts again on the same port; resolves once it accepts connections (crash recovery included). */
  start(): Promise<void>;
  /** Stops (if running) and deletes the folder. Safe to call more than once. */
  destroy(): void;
  /** The server's log (for failure messages). */
  log(): string;
}


export interface ClusterOptions {
  /** Extra server settings, e.g. ['shared_preload_libraries=pg_stat_statements']. */
  settings?: string[];
  /** Makes a hot standby streaming from this cluster (pg_basebackup -R) instead of a new one. */
  standbyOf?: Pick<Cluster, 'port'>;
}

/** Whether PostgreSQL's server binaries are installed (tests needing their own clusters run only then). */
export function hasPostgresBinaries(): boolean {
  try {
    findBin();
    return true;
  } catch {
    return false;
  }
}

/** The bin folder of the newest installed PostgreSQL (Debian layout), or one on PATH. */
function findBin(): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(root, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return path.dirname(which.stdout.trim());
  throw new Error('PostgreSQL is not installed (no initdb under /usr/lib/postgresql/*/bin or on PATH): apt-get install postgresql');
}

function osUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error('running as root, but there is no `postgres` OS user to run PostgreSQL as');
  return { uid, gid };
}

export async function createCluster(opts: ClusterOptions = {}): Promise<Cluster> {
  const bin = findBin();
  const user = osUser();
  const dir = mkdtempSync(path.join(tmpdir(), 'ideahub-load-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (user) chownSync(dir, user.uid, user.gid);
  const run = (cmd: string, args: string[], timeoutMs = 60_000) => {
    const r = spawnSync(path.join(bin, cmd), args, {
      encoding: 'utf8',
      timeout: timeoutMs,
      cwd: dir,
      ...(user ? { uid: user.uid, gid: user.gid } : {}),
      env: { ...process.env, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8', PGTZ: 'UTC' },
    });
    if (r.status !== 0) {
      throw new Error(`${cmd} ${args.join(' ')} failed (${r.status ?? r.signal ?? r.error?.message}):\n${r.stderr}${r.stdout}`);
    }
    return r.stdout;
  };
  // The load keeps running while the server stops and starts: never block the event loop then.
  const runAsync = (cmd: string, args: string[], timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      execFile(
        path.join(bin, cmd),
        args,
        { timeout: timeoutMs, cwd: dir, ...(user ? { uid: user.uid, gid: user.gid } : {}), env: { ...process.env, LC_ALL: 'C.UTF-8' } },
        (error, stdout, stderr) => (error ? reject(new Error(`${cmd} ${args.join(' ')} failed: ${error.message}\n${stderr}${stdout}`)) : resolve()),
      );
    });
  const extra = (opts.settings ?? []).map((s) => ` -c ${s}`).join('');
  const serverOptions = () => `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=100 -c shared_buffers=64MB${extra}`;
  let running = false;
  let destroyed = false;
  let port = 0;

  const destroy = () => {
    if (destroyed) return;
    destroyed = true;
    if (running) {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '20', 'stop'], 30_000);
      } catch {
        /* already down */
      }
      running = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    if (opts.standbyOf) {
      // A copy of the primary that keeps streaming its WAL (-R writes primary_conninfo and standby.signal).
      run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(opts.standbyOf.port), '-U', 'postgres', '-D', data, '-R', '-X', 'stream', '--checkpoint=fast'], 120_000);
    } else {
      run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-instructions'], 120_000);
    }
    const startOnce = () => {
      run('pg_ctl', ['-D', data, '-l', logFile, '-w', '-t', '60', '-o', serverOptions(), 'start'], 90_000);
      running = true;
    };
    // A free port can be taken between finding it and listening on it: try a few.
    for (let attempt = 0; ; attempt++) {
      port = await freePort();
      try {
        startOnce();
        break;
      } catch (error) {
        if (attempt >= 4) throw error;
      }
    }
    if (!opts.standbyOf) run('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-qAt', '-c', 'create database ideahub']);
    return {
      port,
      url: `postgres://postgres@127.0.0.1:${port}/ideahub`,
      async stopImmediate() {
        await runAsync('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '20', 'stop'], 30_000);
        running = false;
      },
      async start() {
        running = true;
        await runAsync('pg_ctl', ['-D', data, '-l', logFile, '-w', '-t', '60', '-o', serverOptions(), 'start'], 90_000);
      },
      destroy,
      log() {
        try {
          return readFileSync(logFile, 'utf8');
        } catch {
          return '';
        }
      },
    };
  } catch (error) {
    destroy();
    throw error;
  }
}
