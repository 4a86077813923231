/**
 * One IdeaHub server instance for bench/realtime.bench.ts, in its own process (as in production:
 * each instance has its own event loop and its own LISTEN connection). Prints one JSON line
 * { "url": ... } once listening; stops on SIGTERM.
 */
import { loadConfig } from '../src/server/config.ts';
import { createLogger } from '../src/server/logger.ts';
import { startServer } from '../src/server/server.ts';

const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error', NODE_ENV: 'production' });
const server = await startServer({ config, logger: createLogger(config.LOG_LEVEL), webRoot: null });
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.on('SIGTERM', () => {
  void server.close(2000).then(() => process.exit(0));
});
