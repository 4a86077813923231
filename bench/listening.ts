/** Bench children that print where they listen: reading that line, and starting a realtime instance (bench/realtime-instance.ts). */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The `{"url": …}` line a bench child prints once it listens; other JSON lines (its own error logs) are not it. */
export function listeningLine(output: string): { url: string; version?: string } | undefined {
  const line = output.split('\n').find((l) => l.startsWith('{"url":'));
  return line ? (JSON.parse(line) as { url: string; version?: string }) : undefined;
}

/**
 * One IdeaHub instance on `databaseUrl` in a process of its own (bench/realtime-instance.ts), with
 * `env` on top of this process's; added to `children` for the caller to stop. Resolves with its address.
 */
export function startRealtimeInstance(databaseUrl: string, env: Record<string, string>, children: ChildProcess[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'realtime-instance.ts')], {
      env: { ...process.env, DATABASE_URL: databaseUrl, DB_POOL_SIZE: '10', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const info = listeningLine(out);
      if (info) resolve(info.url);
    });
    child.once('exit', (code) => reject(new Error(`instance exited with ${code}`)));
  });
}

/** The p-th percentile (nearest rank) of ascending `sorted`; NaN for none. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
