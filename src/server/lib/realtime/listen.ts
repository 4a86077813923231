/**
 * LISTEN across server instances (docs/product-readings.md decision 6, docs/decisions/0005): ONE listening
 * connection per instance. On PostgreSQL a dedicated pg.Client (outside the pool) that LISTENs,
 * pings itself, and on any loss reconnects with back-off, LISTENs again and reports `onReconnect`
 * so callers can re-read what they may have missed from the table. On PGlite, `pglite.listen`.
 */
import pg from 'pg';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';

/**
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more (BLCKSZ - NAMEDATALEN - 128 with the
 * default build, PGlite included).
 */
export const NOTIFY_PAYLOAD_MAX_BYTES = 7999;

export interface NotificationHandlers {
  /**
   * A NOTIFY payload on the channel (delivered after the sender's commit), and the listening
   * session it came through: within one session, notifications arrive complete and in commit order.
   */
  onNotify(payload: string, session: number): void;
  /** The listening connection was lost and is back: notifications in between may be lost. */
  onReconnect(): void;
}

export interface NotificationListener {
  /** Listening now: notifications committed from now on will arrive. */
  readonly connected: boolean;
  /**
   * Which listening session this is (a new one after every reconnect). Between two sessions
   * notifications may have been lost; within one, none is.
   */
  readonly session: number;
  stop(): Promise<void>;
}

export interface ListenOptions {
  /** First reconnect delay; doubles up to `maxBackoffMs`. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** How often the PostgreSQL listener checks its connection with a query. */
  pingMs?: number;
  /** The listening connection's application_name (default 'ideahub-listen'), to tell listeners apart. */
  applicationName?: string;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function listenForNotifications(
  database: Database,
  channel: string,
  handlers: NotificationHandlers,
  logger: Logger,
  opts: ListenOptions = {},
): Promise<NotificationListener> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name ${channel}`);
  if (database.pglite) {
    // PGlite runs in this process: one session, never interrupted.
    const unsubscribe = await database.pglite.listen(channel, (payload) => handlers.onNotify(payload, 1));
    let stopped = false;
    return {
      get connected() {
        return !stopped;
      },
      session: 1,
      async stop() {
        if (stopped) return;
        stopped = true;
        await unsubscribe().catch(() => {});
      },
    };
  }
  if (!database.pool) throw new Error('listenForNotifications: the database has neither PGlite nor a pool');
  return listenOnPostgres(database.pool.options, channel, handlers, logger, opts);
}

async function listenOnPostgres(
  poolOptions: pg.PoolConfig,
  channel: string,
  handlers: NotificationHandlers,
  logger: Logger,
  opts: ListenOptions,
): Promise<NotificationListener> {
  const minBackoff = opts.minBackoffMs ?? 250;
  // Short: live updates stay off until this connection is back, so after a database restart the
  // next attempt must come soon (within ~1.25 s with the jitter), whatever the length of the outage.
  const maxBackoff = opts.maxBackoffMs ?? 1000;
  const pingMs = opts.pingMs ?? 30_000;
  let client: pg.Client | null = null;
  let connected = false;
  let stopped = false;
  let everConnected = false;
  let sessions = 0;
  let session = 0;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  let pingTimer: NodeJS.Timeout | null = null;

  const dropClient = () => {
    if (pingTimer) clearInterval(pingTimer);
    pingTimer = null;
    const old = client;
    client = null;
    connected = false;
    if (old) {
      old.removeAllListeners('notification');
      old.end().catch(() => {});
    }
  };

  const scheduleReconnect = (reason: string) => {
    if (stopped || retryTimer) return;
    dropClient();
    const delay = Math.min(maxBackoff, minBackoff * 2 ** attempt) * (0.75 + Math.random() * 0.5);
    attempt += 1;
    logger.warn({ channel, reason, retryInMs: Math.round(delay) }, 'realtime: listening connection lost; reconnecting');
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
    retryTimer.unref();
  };

  const connect = async (): Promise<void> => {
    // Numbered before LISTEN: a notification can reach this client (and carry its number) before
    // `connected` is true; no read started under this number yet, so nothing relies on it.
    const mySession = ++sessions;
    const c = new pg.Client({
      connectionString: poolOptions.connectionString,
      host: poolOptions.host,
      port: poolOptions.port,
      user: poolOptions.user,
      password: poolOptions.password,
      database: poolOptions.database,
      ssl: poolOptions.ssl,
      keepAlive: true,
      connectionTimeoutMillis: 5000,
      application_name: opts.applicationName ?? 'ideahub-listen',
    });
    // Any error or end on the listening connection means: start again.
    c.on('error', (error) => {
      if (client === c) scheduleReconnect(error.message);
    });
    c.on('end', () => {
      if (client === c) scheduleReconnect('connection ended');
    });
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) handlers.onNotify(msg.payload, mySession);
    });
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN "${channel}"`);
    } catch (error) {
      if (client === c) scheduleReconnect((error as Error).message);
      return;
    }
    if (stopped) {
      dropClient();
      return;
    }
    connected = true;
    session = mySession;
    attempt = 0;
    pingTimer = setInterval(() => {
      c.query('select 1').catch((error: Error) => {
        if (client === c) scheduleReconnect(`ping failed: ${error.message}`);
      });
    }, pingMs);
    pingTimer.unref();
    if (everConnected) {
      logger.info({ channel }, 'realtime: listening again');
      handlers.onReconnect();
    }
    everConnected = true;
  };

  await connect();
  if (!connected) logger.error({ channel }, 'realtime: cannot listen yet; live updates start once the database answers');
  return {
    get connected() {
      return connected;
    },
    get session() {
      return session;
    },
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      const c = client;
      dropClient();
      if (c) await c.end().catch(() => {});
    },
  };
}
