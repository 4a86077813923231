/** Starts IdeaHub in this process: database, migrations, HTTP server, and a clean shutdown. */
import { createServer as createHttpServer, type Server as HttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, Server as NetServer, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import { type App, createApp } from './app.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { configureFileStore } from './lib/file-store.ts';
import { pruneExpiredAudit } from './features/admin/audit.ts';
import { type Accounts, createAccounts } from './features/auth/index.ts';
import { type ConversationRealtime, type ConversationRealtimeOptions, createConversationRealtime } from './features/conversations/live.ts';
import { createDiscussionRealtime, type DiscussionRealtime, type DiscussionRealtimeOptions } from './features/discussion/live.ts';
import { createNotificationRealtime, type NotificationRealtime, type NotificationRealtimeOptions } from './features/notifications/live.ts';
import { createNotificationMailRenderer, NOTIFICATION_MAIL_TEMPLATE } from './features/notifications/email.ts';
import { type DigestSchedule, type DigestScheduleOptions, startDigestSchedule } from './features/digest/schedule.ts';
import { getCachedPlatformSettings } from './lib/platform-settings.ts';
import { createMailSender, type MailSender, type MailSenderOptions } from './lib/mail-outbox.ts';
import { securityHeaderValues } from './lib/security-headers.ts';
import type { DevWeb } from './lib/web-dev.ts';
import { type Logger, loggableError } from './logger.ts';

/** On shutdown, connections are accepted until no request has come for this long (the load balancer has moved on)… */
const QUIET_MS = 500;
/** …or for this long at most; then new connections are refused. */
const ACCEPT_MAX_MS = 5000;
/** A connection that has not brought its first request yet is left this long to do so. */
const NEW_CONNECTION_MS = 2000;
/** Longer than the usual idle timeouts in front of us (load balancers' 60 s) and fetch's own. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

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
  /** Live unread counts of this instance (its LISTEN connection and open streams). */
  notifications: NotificationRealtime;
  /** Live private conversations of this instance (its LISTEN connection and open streams). */
  conversations: ConversationRealtime;
  /** This instance's sender of the mail outbox (tests call runOnce instead of waiting for its round). */
  mailOutbox: MailSender;
  /** The weekly digest's job on the queue (null when not started: tests, or the queue failed to start). */
  digest: DigestSchedule | null;
  /** Stops accepting, lets in-flight requests finish (up to `graceMs`), then closes the database. */
  close(graceMs?: number): Promise<void>;
}

export interface StartOptions {
  config: Config;
  logger: Logger;
  /** Runs after migrations and before the server listens (the demo seed). */
  afterMigrate?: (database: Database) => Promise<void>;
  webRoot: string | null;
  /** `npm run dev`: the web app from its sources through Vite (lib/web-dev.ts), instead of a build. */
  devWeb?: DevWeb;
  /** Use this database instead of opening one from the config (tests). */
  database?: Database;
  /** Live streams' timings (tests shorten them). */
  realtime?: DiscussionRealtimeOptions;
  /** Live unread counts' timings (tests shorten them). */
  notifications?: NotificationRealtimeOptions;
  /** Live private conversations' timings (tests shorten them). */
  conversations?: ConversationRealtimeOptions;
  /** The mail outbox sender's rounds (tests may make them rare and send by hand). */
  mailOutbox?: MailSenderOptions;
  /** The weekly digest's schedule (features/digest); false: not started (tests run the job by hand). */
  digest?: DigestScheduleOptions | false;
}

/** The database of `opts`, migrated and seeded as asked, before anything listens. */
async function preparedDatabase(opts: StartOptions): Promise<Database> {
  const { config } = opts;
  const database =
    opts.database ??
    (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DB_POOL_SIZE, replicaUrls: config.DATABASE_REPLICA_URLS }));
  try {
    await database.migrate();
    // Before listening: /readyz must not answer until the database is fully prepared.
    await opts.afterMigrate?.(database);
  } catch (error) {
    if (!opts.database) await database.close().catch(() => {});
    throw error;
  }
  return database;
}

/** The live features of this instance, each with one LISTEN connection feeding the streams it serves. */
async function startLive(database: Database, logger: Logger, opts: StartOptions) {
  const live = {
    realtime: createDiscussionRealtime(database, logger, opts.realtime),
    notifications: createNotificationRealtime(database, logger, opts.notifications),
    conversations: createConversationRealtime(database, logger, opts.conversations),
  };
  const all = [live.realtime, live.notifications, live.conversations];
  const stop = async () => {
    for (const feature of all) await feature.stop();
  };
  try {
    for (const feature of all) await feature.start();
  } catch (error) {
    await stop();
    throw error;
  }
  return { ...live, closeAllStreams: () => all.forEach((feature) => feature.closeAllStreams()), stop };
}

/**
 * Requests Node refuses before the app sees them (address or headers over 16 KB, malformed HTTP)
 * get the one error body too, instead of Node's bare status line, with the security headers every
 * other answer carries.
 */
function answerParserErrors(server: HttpServer, config: Config): void {
  const parserHeaders = Object.entries(securityHeaderValues(config))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
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
}

/**
 * Shutdown that drains without cutting a request: each connection's requests in progress and
 * answered, the answers not sent yet, and when the last request other than a health check came.
 */
function connectionDrain(server: HttpServer) {
  const connections = new Map<Socket, { since: number; active: number; served: number }>();
  const unanswered = new Set<ServerResponse>();
  let lastRequestAt = 0;
  let draining = false;
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { since: Date.now(), active: 0, served: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  // First among the request listeners, so the flag is set before the app can answer.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const state = connections.get(req.socket as Socket);
    if (state) state.active++;
    unanswered.add(res);
    if (req.url !== '/readyz' && req.url !== '/healthz') lastRequestAt = Date.now();
    if (draining) res.shouldKeepAlive = false;
    res.once('close', () => {
      unanswered.delete(res);
      if (state) {
        state.active--;
        state.served++;
      }
    });
  });
  return {
    /** Set by drain(): /readyz says 'stopping' and every answer closes its connection. */
    get draining() {
      return draining;
    },
    /** Stops accepting once requests have stopped coming, closes idle connections, cuts the rest after `graceMs`. */
    drain(graceMs: number, endStreams: () => void): Promise<void> {
      return new Promise<void>((resolve) => {
        const http = server;
        const started = Date.now();
        // From now on /readyz answers 503 'stopping' (load balancers stop sending new requests)
        // and every answer closes its connection; answers still to come as well.
        draining = true;
        for (const res of unanswered) if (!res.headersSent) res.shouldKeepAlive = false;
        // Live streams never finish by themselves: end them (clients reconnect elsewhere and resume).
        endStreams();
        // New connections keep being accepted (and answered) until requests have stopped coming for
        // a moment (the load balancer has seen 'stopping'; its health checks do not count): closing
        // the listening socket while a connection waits in its queue would reset that connection,
        // request and all. Then new connections are refused. (Not http.Server.close(): it also
        // drops every connection without a request in progress, including one whose request has
        // arrived but is not read yet, and that client sees its request cut.)
        const quietMs = Math.min(QUIET_MS, graceMs / 10);
        const acceptUntil = started + Math.min(ACCEPT_MAX_MS, graceMs / 2);
        lastRequestAt = Math.max(lastRequestAt, started);
        // Idle connections are closed: those that have had their answers (a request on its way on
        // one would have been answered, with Connection: close), and those that never brought one.
        const closeIdle = () => {
          const t = Date.now();
          for (const [socket, c] of connections) if (c.active === 0 && (c.served > 0 || t - c.since > NEW_CONNECTION_MS)) socket.destroy();
        };
        let sweep: NodeJS.Timeout | undefined;
        const accepting = setInterval(() => {
          const t = Date.now();
          if (t - lastRequestAt < quietMs && t < acceptUntil) return;
          clearInterval(accepting);
          NetServer.prototype.close.call(http, () => done());
          closeIdle();
          sweep = setInterval(closeIdle, 100);
          sweep.unref();
        }, 25);
        accepting.unref();
        // Past the grace period, remaining connections are cut.
        const timer = setTimeout(() => {
          http.closeAllConnections();
          done();
        }, graceMs);
        timer.unref();
        function done() {
          clearInterval(accepting);
          clearInterval(sweep);
          clearTimeout(timer);
          resolve();
        }
      });
    },
  };
}

export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const { config, logger } = opts;
  await configureFileStore(config, logger);
  const database = await preparedDatabase(opts);
  let live: Awaited<ReturnType<typeof startLive>>;
  try {
    live = await startLive(database, logger, opts);
  } catch (error) {
    if (!opts.database) await database.close().catch(() => {});
    throw error;
  }
  const { realtime, notifications, conversations } = live;
  const stopAll = async () => {
    await live.stop();
    if (!opts.database) await database.close().catch(() => {});
  };
  // PUBLIC_URL defaults to http://localhost:$PORT; with PORT=0 (any free port, as in tests) the
  // real port is only known once listening, and links, cookies and origin checks need it.
  const needsPort = new URL(config.PUBLIC_URL).port === '0';
  let drain: ReturnType<typeof connectionDrain> | null = null;
  const build = async (cfg: Config) => {
    const accounts = await createAccounts({ config: cfg, database, logger });
    return {
      accounts,
      app: createApp({ config: cfg, database, logger, webRoot: opts.webRoot, web: opts.devWeb?.assets, accounts, realtime, notifications, conversations, isStopping: () => drain?.draining ?? false }),
    };
  };
  let built: Awaited<ReturnType<typeof build>> | null = null;
  try {
    if (!needsPort) built = await build(config);
  } catch (error) {
    await stopAll();
    throw error;
  }

  // The app, through @hono/node-server's listener (what its serve() does), except that visitors'
  // kept answers go out before the framework runs (lib/visitor-fast-path.ts).
  const appListener = getRequestListener(
    (req, env) =>
      built
        ? built.app.fetch(req, env)
        : Response.json(
            { error: { code: 'unavailable', message: 'IdeaHub is starting. Please try again shortly.' } },
            { status: 503, headers: { 'Retry-After': '1' } },
          ),
    { hostname: config.HOST },
  );
  const server: HttpServer = await new Promise((resolve, reject) => {
    const s = createHttpServer((req, res) => {
      if (built?.app.answerVisitorFromCache(req, res)) return;
      if (opts.devWeb) opts.devWeb.handle(req, res, () => void appListener(req, res));
      else void appListener(req, res);
    });
    // Idle kept-alive connections outlive the clients' and load balancers' own idle timeouts, so a
    // client never sends on a connection the server is closing at that moment (a reset request).
    s.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    s.once('error', reject);
    s.listen(config.PORT, config.HOST, () => resolve(s));
  });
  answerParserErrors(server, config);
  drain = connectionDrain(server);
  await opts.devWeb?.attach(server);
  const port = (server.address() as AddressInfo).port;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  let effective = config;
  if (!built) {
    effective = { ...config, PUBLIC_URL: `http://${host.includes(':') ? `[${host}]` : host}:${port}` };
    try {
      built = await build(effective);
    } catch (error) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stopAll();
      throw error;
    }
  }
  const { app, accounts } = built;
  const mailOutbox = startMailOutbox(database, accounts, effective, logger, opts.mailOutbox);
  const digest = opts.digest === false || config.DIGEST_SCHEDULE === 'off' ? null : await startDigest(database, accounts, effective, logger, opts.digest);
  let closing: Promise<void> | null = null;

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    app,
    database,
    config: effective,
    accounts,
    realtime,
    notifications,
    conversations,
    mailOutbox,
    digest,
    close(graceMs = 10_000) {
      closing ??= (async () => {
        // Live streams never finish by themselves: they are ended (clients reconnect elsewhere and resume).
        await drain!.drain(graceMs, live.closeAllStreams);
        // A mail being sent is finished (or its claim ends and another instance sends it).
        await mailOutbox.stop();
        await digest?.stop();
        await accounts.close();
        await live.stop();
        await opts.devWeb?.close();
        if (!opts.database) await database.close();
      })();
      return closing;
    },
  };
}

/** Every instance works the weekly digest's queue (features/digest/schedule.ts); a queue that cannot start is logged, and the site still serves. */
async function startDigest(database: Database, accounts: Accounts, config: Config, logger: Logger, options: DigestScheduleOptions | undefined): Promise<DigestSchedule | null> {
  try {
    return await startDigestSchedule(database, { publicUrl: config.PUBLIC_URL, unsubscribeKey: accounts.derivedKey('unsubscribe'), logger }, options);
  } catch (error) {
    logger.error({ err: loggableError(error).message }, 'the weekly digest could not be scheduled');
    return null;
  }
}

/** Every instance sends the outbox's due mails (lib/mail-outbox.ts): claims never overlap. */
function startMailOutbox(database: Database, accounts: Accounts, config: Config, logger: Logger, options: MailSenderOptions | undefined): MailSender {
  const mailOutbox = createMailSender({
    database,
    mailer: accounts.mailer,
    logger,
    switches: () => getCachedPlatformSettings(database.db),
    prune: [(at) => pruneExpiredAudit(database.db, at)],
    renderers: {
      [NOTIFICATION_MAIL_TEMPLATE]: createNotificationMailRenderer({
        db: database.db,
        publicUrl: config.PUBLIC_URL,
        unsubscribeKey: accounts.derivedKey('unsubscribe'),
        logger,
      }),
    },
    options,
  });
  mailOutbox.start();
  return mailOutbox;
}
