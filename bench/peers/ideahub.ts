/**
 * IdeaHub for bench/peers.bench.ts, in its own process as in production (the server's Node flags,
 * NODE_ENV=production, API only). Prints one JSON line { "url" } once listening. Over IPC it records
 * the statements its pool sends while asked to ({ capture: true } … { capture: false } answers
 * { statements }), so the reference server and pgbench run exactly what IdeaHub runs.
 */
import pg from 'pg';
import { loadConfig } from '../../src/server/config.ts';
import { createLogger } from '../../src/server/logger.ts';
import { startServer } from '../../src/server/server.ts';

export interface Statement {
  name?: string;
  text: string;
  values: unknown[];
}

let capturing: Statement[] | null = null;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
// Bench only: every statement any pg client of this process sends, while capturing.
(pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
  const [first, second] = args;
  if (capturing) {
    const config = typeof first === 'string' ? { text: first } : (first as { name?: string; text?: string; values?: unknown[] });
    const values = (Array.isArray(second) ? second : config.values) ?? [];
    if (config.text && !/^\s*(listen|unlisten)\b/i.test(config.text)) {
      capturing.push({ name: (config as { name?: string }).name, text: config.text, values: values.map((v) => (v instanceof Date ? v.toISOString() : v)) });
    }
  }
  return query.apply(this, args);
};

const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', NODE_ENV: 'production' });
const server = await startServer({ config, logger: createLogger('error'), webRoot: null });
process.on('message', (m: { capture: boolean }) => {
  if (m.capture) capturing = [];
  else {
    process.send?.({ statements: capturing ?? [] });
    capturing = null;
  }
});
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.on('SIGTERM', () => {
  void server.close(2000).then(() => process.exit(0));
});
