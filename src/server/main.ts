/** The IdeaHub process: configuration, database, server, and shutdown on SIGTERM/SIGINT. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config.ts';
import { type Database, DatabaseOpenError } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { mailDestination } from './lib/mail.ts';
import { createLogger, type Logger } from './logger.ts';
import { startServer } from './server.ts';

function findWebRoot(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.resolve(here, '../web'), path.resolve(here, '../../dist/web')]) {
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
  }
  return null;
}

async function printDemo(database: Database, logger: Logger) {
  const { seedDemo, DEMO_PASSWORD } = await import('./seed/demo.ts');
  const result = await seedDemo(database);
  logger.info(result.seeded ? 'Seeded the demo database.' : 'The demo database already has people; left as it is.');
  const lines = result.accounts.map((a) => `  ${a.role.padEnd(9)} ${a.email.padEnd(24)} ${a.name}`);
  process.stdout.write(`\nDemo accounts (password for all: ${DEMO_PASSWORD}):\n${lines.join('\n')}\n\n`);
}

function fail(message: string): never {
  process.stderr.write(`ideahub: ${message}\n`);
  process.exit(1);
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  const webRoot = findWebRoot();
  if (!webRoot) logger.warn('The web app is not built (dist/web); serving the API only. Run npm run build.');

  let server;
  try {
    server = await startServer({
      config,
      logger,
      webRoot,
      afterMigrate: process.env.IDEAHUB_DEMO === '1' ? (database) => printDemo(database, logger) : undefined,
    });
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof DatabaseOpenError || error instanceof ConfigError) fail(error.message);
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') fail(`Invalid PORT: ${config.PORT} is already in use.`);
    throw error;
  }
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${path.resolve(config.DATA_DIR)}`;
  logger.info({ url: config.PUBLIC_URL, port: server.port }, `IdeaHub is running at ${config.PUBLIC_URL} on ${where}`);
  const mailMode = server.accounts.mailer.mode;
  logger[mailMode === 'disabled' ? 'warn' : 'info'](mailDestination(mailMode, server.config));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: String(error) }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => fail((error as Error).stack ?? String(error)));
