/** Starts IdeaHub in this process: database, migrations, HTTP server, and a clean shutdown. */
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { serve, type ServerType } from '@hono/node-server';
import { type App, createApp } from './app.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { type Accounts, createAccounts } from './features/auth/index.ts';
import { createDiscussionRealtime, type DiscussionRealtime } from './features/discussion/live.ts';
import { securityHeaderValues } from './lib/security-headers.ts';
import type { Logger } from './logger.ts';

export interface RunningServer {
  url: string;
  port: number;
  app: App;
  database: Database;
  /** The configuration in effect (PUBLIC_URL carries the real port when PORT was 0). */
  config: Config;
  /** better-auth and the mailer: tests use auth.api to make signed-in people quickly. */
  accounts: Accounts;
  /** Live discussion streams of this instance (its LISTEN connection and subscribers). */
  realtime: DiscussionRealtime;
  /** Stops accepting, lets in-flight requests finish (up to `graceMs`), then closes the database. */
  close(graceMs?: number): Promise<void>;
}

export interface StartOptions {
  config: Config;
  logger: Logger;
  /** Runs after migrations and before the server listens (the demo seed). */
  afterMigrate?: (database: Database) => Promise<void>;
  webRoot: string | null;
  /** Use this database instead of opening one from the config (tests). */
  database?: Database;
}

export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const { config, logger } = opts;
  const database =
    opts.database ??
    (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DB_POOL_SIZE }));
  try {
    await database.migrate();
    // Before listening: /readyz must not answer until the database is fully prepared.
    await opts.afterMigrate?.(database);
  } catch (error) {
    if (!opts.database) await database.close().catch(() => {});
    throw error;
  }
  // One LISTEN connection per instance feeds every live discussion stream it serves.
  const realtime = createDiscussionRealtime(database, logger);
  try {
    await realtime.start();
  } catch (error) {
    if (!opts.database) await database.close().catch(() => {});
    throw error;
  }
  // PUBLIC_URL defaults to http://localhost:$PORT; with PORT=0 (any free port, as in tests) the
  // real port is only known once listening, and links, cookies and origin checks need it.
  const needsPort = new URL(config.PUBLIC_URL).port === '0';
  const build = async (cfg: Config) => {
    const accounts = await createAccounts({ config: cfg, database, logger });
    return { accounts, app: createApp({ config: cfg, database, logger, webRoot: opts.webRoot, accounts, realtime }) };
  };
  let built: Awaited<ReturnType<typeof build>> | null = null;
  try {
    if (!needsPort) built = await build(config);
  } catch (error) {
    await realtime.stop();
    if (!opts.database) await database.close().catch(() => {});
    throw error;
  }

  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve(
      {
        fetch: (req, env) =>
          built
            ? built.app.fetch(req, env)
            : Response.json({ error: { code: 'unavailable', message: 'IdeaHub is starting. Please try again shortly.' } }, { status: 503 }),
        port: config.PORT,
        hostname: config.HOST,
      },
      () => resolve(s),
    );
    s.once('error', reject);
  });
  // Requests Node refuses before the app sees them (address or headers over 16 KB, malformed
  // HTTP) get the one error body too, instead of Node's bare status line, with the security
  // headers every other answer carries.
  const parserHeaders = Object.entries(securityHeaderValues(config))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  (server as HttpServer).on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    const body = JSON.stringify({
      error: tooLarge
        ? { code: 'headers_too_large', message: 'The request address or headers are too large.' }
        : { code: 'bad_request', message: 'The request is not valid HTTP.' },
    });
    socket.end(
      `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${parserHeaders}Connection: close\r\n\r\n${body}`,
    );
  });
  const port = (server.address() as AddressInfo).port;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  let effective = config;
  if (!built) {
    effective = { ...config, PUBLIC_URL: `http://${host.includes(':') ? `[${host}]` : host}:${port}` };
    try {
      built = await build(effective);
    } catch (error) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await realtime.stop();
      if (!opts.database) await database.close().catch(() => {});
      throw error;
    }
  }
  const { app, accounts } = built;
  let closing: Promise<void> | null = null;

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    app,
    database,
    config: effective,
    accounts,
    realtime,
    close(graceMs = 10_000) {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            // Past the grace period, remaining connections (idle keep-alive, streams) are cut.
            (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
            resolve();
          }, graceMs);
          timer.unref();
          server.close(() => {
            clearTimeout(timer);
            resolve();
          });
          // Live streams never finish by themselves: end them (clients reconnect elsewhere and resume).
          realtime.closeAllStreams();
          (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
        });
        accounts.close();
        await realtime.stop();
        if (!opts.database) await database.close();
      })();
      return closing;
    },
  };
}
