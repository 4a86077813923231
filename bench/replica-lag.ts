/**
 * Benchmark (not a test): how far a streaming standby falls behind the primary under a steady write
 * rate (issue 26 point 4, docs/SCALE.md). A primary and a `pg_basebackup -R` hot standby on this
 * machine (tests/support/pg-cluster.ts); pgbench's TPC-B-like transactions (five statements, three of
 * them updates) at each rate for BENCH_SECONDS; the primary's `pg_stat_replication.replay_lag`
 * sampled every 200 ms. Prints a table and appends it to the run history.
 *
 *   npx tsx bench/replica-lag.ts                      # 125 and 500 transactions/s, 20 s each
 *   BENCH_RATES=125 BENCH_SECONDS=5 npx tsx bench/replica-lag.ts
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import pg from 'pg';
import { createCluster, hasPostgresBinaries } from '../tests/support/pg-cluster.ts';
import { reportRun } from './results.ts';

const RATES = (process.env.BENCH_RATES ?? '125,500').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PGBENCH = '/usr/lib/postgresql/15/bin/pgbench';

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN;
};

function pgbench(port: number, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(PGBENCH, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', ...args, 'ideahub'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`pgbench exited ${code}:\n${out}`))));
  });
}

async function main() {
  if (!hasPostgresBinaries()) throw new Error('PostgreSQL server binaries are not installed (apt-get install postgresql)');
  const primary = await createCluster();
  const standby = await createCluster({ standbyOf: primary });
  const client = new pg.Client({ connectionString: primary.url });
  try {
    await pgbench(primary.port, ['-i', '-s', '10', '-q']);
    await client.connect();
    const rows: string[] = [];
    for (const rate of RATES) {
      const samples: number[] = [];
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const { rows: r } = await client.query<{ ms: number | null }>(
            `select extract(epoch from replay_lag) * 1000 as ms from pg_stat_replication limit 1`,
          );
          // replay_lag is null once the standby has caught up and nothing new was sent: no lag.
          samples.push(r[0]?.ms === null || r[0]?.ms === undefined ? 0 : Number(r[0].ms));
          await new Promise((res) => setTimeout(res, 200));
        }
      })();
      const out = await pgbench(primary.port, ['-c', '4', '-j', '2', '-R', String(rate), '-T', String(SECONDS)]);
      sampling = false;
      await sampler;
      const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN).toFixed(0);
      const line = `| ${rate} | ${tps} | ${quantile(samples, 0.5).toFixed(1)} | ${quantile(samples, 0.99).toFixed(1)} | ${Math.max(...samples).toFixed(1)} | ${samples.length} | ${os.loadavg()[0]!.toFixed(1)} |`;
      console.log(line);
      rows.push(line);
    }
    const text = [
      `## Replica lag under writes (issue 26) — ${new Date().toISOString()}`,
      '',
      `- Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.split(' ').slice(0, 2).join(' ')}; primary and hot standby on this one machine (tests/support/pg-cluster.ts). pgbench TPC-B-like at scale 10, 4 clients, each rate for ${SECONDS} s; replay_lag sampled every 200 ms.`,
      '',
      '| target tps | achieved tps | replay lag p50 ms | p99 ms | max ms | samples | load (1 min) |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows,
    ].join('\n');
    reportRun(text);
  } finally {
    await client.end().catch(() => {});
    standby.destroy();
    primary.destroy();
  }
}

await main();
