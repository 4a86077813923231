/**
 * Live delivery across server instances (ARCHITECTURE.md decision 6, docs/decisions/0005):
 *
 * - `listenForNotifications`: ONE listening connection per instance. On PostgreSQL a dedicated
 *   pg.Client (outside the pool) that LISTENs, pings itself, and on any loss reconnects with
 *   back-off, LISTENs again and reports `onReconnect` so callers can re-read what they may have
 *   missed from the table. On PGlite, `pglite.listen`.
 * - `TopicFanout`: the in-process subscribers of each topic (a discussion). A NOTIFY says
 *   "something changed in topic T"; the fan-out then reads the rows after the topic's watermark
 *   ONCE per instance (not once per subscriber) and hands each row to every subscriber that has
 *   not seen it. When the NOTIFY carries the new row itself, and no notification can have been
 *   missed since the topic's last read, the fan-out hands that row on without reading.
 *   A new subscriber replays from the table first (Last-Event-ID), then goes live without a gap
 *   or a duplicate.
 * - `createEventStream`: one Server-Sent Events response with back-pressure, heartbeats and
 *   cleanup on disconnect.
 * - `LiveStreams`: the live side every feature has alike (discussion, conversation, unread
 *   count): its listener, and its open streams' heartbeats, lifetime, end on lost access, cleanup,
 *   and the 503 while shutting down.
 *
 * Correctness rests on one property the writers guarantee: within one topic, row ids commit in
 * increasing order (the discussion service takes the item's row lock before the message gets its
 * id). So "rows with id > watermark" never skips a row that commits later with a smaller id. And since
 * PostgreSQL delivers notifications in commit order, within one listening session the notices of a
 * topic arrive in id order, none missing: a row carried by a notice is the next one after the
 * watermark when the watermark's read started in that session.
 */
import type { ServerResponse } from 'node:http';
import pg from 'pg';
import { STREAM_EVENTS } from '../../shared/rules/discussion-message.ts';
import type { Database } from '../db/client.ts';
import { type Logger, loggableError } from '../logger.ts';

// ── LISTEN ─────────────────────────────────────────────────────────────────────────────────

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

// ── Fan-out ────────────────────────────────────────────────────────────────────────────────

export interface FanoutSource<Row extends { id: number }> {
  /** The highest row id of the topic now (0 when none). */
  latestId(topic: string): Promise<number>;
  /** Rows of the topic with id > afterId, ascending, at most `limit`. */
  loadAfter(topic: string, afterId: number, limit: number): Promise<Row[]>;
}

export interface FanoutSink<Row> {
  row(row: Row): void;
  removed(id: number): void;
  /** A row the subscriber may have changed (edited, or left as a placeholder); topics whose rows never change leave it out. */
  updated?(row: Row): void;
  /** Removals may have been missed (the listener reconnected): reload. */
  resync(): void;
  /** Replay is done; the subscriber is live. */
  ready(): void;
  /** The fan-out ends this subscriber (shutdown, replay failure, too far behind). */
  close(): void;
}

export interface Subscription {
  unsubscribe(): void;
}

type Pending<Row> = { kind: 'row'; row: Row } | { kind: 'removed'; id: number } | { kind: 'updated'; row: Row };

interface Subscriber<Row> {
  sink: FanoutSink<Row>;
  /** Highest row id handed to the sink. */
  lastId: number;
  replaying: boolean;
  /** Live events that arrived during replay, in order. */
  buffer: Pending<Row>[];
  closed: boolean;
}

interface Topic<Row> {
  subscribers: Set<Subscriber<Row>>;
  /** Highest row id this instance has read for the topic; null until the first subscriber joined. */
  cursor: number | null;
  /** Serialises joins, reads and removals of the topic. */
  queue: Promise<unknown>;
  fetchQueued: boolean;
  /**
   * The listening session in which the cursor's last read started (null: not listening then, or
   * the read failed). Rows carried by notices of this session can follow the cursor unread.
   */
  session: number | null;
}

export interface FanoutOptions {
  /** Rows read per query (replay and live). */
  batchSize?: number;
  /** A subscriber whose replay buffer grows past this is closed (it resumes by reconnecting). */
  maxBuffered?: number;
  /** Retry delay after a failed read. */
  retryMs?: number;
  /**
   * The listener's current session, null while it is not listening (NotificationListener).
   * Without it, rows carried by notices are never trusted: every notice is followed by a read.
   */
  listenSession?: () => number | null;
}

export class FanoutClosedError extends Error {}

export class TopicFanout<Row extends { id: number }> {
  private readonly topics = new Map<string, Topic<Row>>();
  private subscribers = 0;
  private closed = false;
  private readonly batch: number;
  private readonly maxBuffered: number;
  private readonly retryMs: number;
  private readonly listenSession: () => number | null;

  constructor(
    private readonly source: FanoutSource<Row>,
    private readonly logger: Logger,
    opts: FanoutOptions = {},
  ) {
    this.batch = opts.batchSize ?? 500;
    this.maxBuffered = opts.maxBuffered ?? 10_000;
    this.retryMs = opts.retryMs ?? 1000;
    this.listenSession = opts.listenSession ?? (() => null);
  }

  /** Subscribers currently registered (replaying or live), over all topics. */
  get subscriberCount(): number {
    return this.subscribers;
  }

  get topicCount(): number {
    return this.topics.size;
  }

  /**
   * Registers `sink` on `topic`. With `fromId`, rows after it are replayed from the table first;
   * without, the subscriber starts at the newest row. Either way it then receives every later row
   * exactly once, in id order.
   */
  subscribe(topic: string, fromId: number | null, sink: FanoutSink<Row>): Subscription {
    if (this.closed) throw new FanoutClosedError('the server is shutting down');
    let t = this.topics.get(topic);
    if (!t) {
      t = { subscribers: new Set(), cursor: null, queue: Promise.resolve(), fetchQueued: false, session: null };
      this.topics.set(topic, t);
    }
    const sub: Subscriber<Row> = { sink, lastId: fromId ?? 0, replaying: true, buffer: [], closed: false };
    t.subscribers.add(sub);
    this.subscribers += 1;
    const topicState = t;
    const joined = this.enqueue(topicState, async () => {
      if (topicState.cursor === null) {
        topicState.session = this.listenSession();
        topicState.cursor = await this.source.latestId(topic);
      }
      return topicState.cursor;
    });
    void joined.then(
      (upTo) => this.replay(topic, sub, fromId, upTo),
      (error: unknown) => this.fail(sub, error, 'join'),
    );
    return { unsubscribe: () => this.remove(topic, topicState, sub) };
  }

  /**
   * A row was added to `topic` (somewhere): read what is new, once, and deliver it.
   * With `carried` (the row as the notice carried it, and the listening session the notice came
   * through) the row is delivered without a read when nothing can be missing before it: the
   * topic's last read started in that same session, so every row committed after that read was
   * announced, in order, ahead of this one. Otherwise (the first notice after a reconnect, after a
   * failed read) it reads, as for a notice without a row.
   */
  notifyInserted(topic: string, carried?: { row: Row; session: number }): void {
    const t = this.topics.get(topic);
    if (!t) return;
    if (carried) {
      const { row, session } = carried;
      void this.enqueue(t, async () => {
        if (t.cursor === null || t.subscribers.size === 0 || row.id <= t.cursor) return;
        if (t.session !== session) return this.fetchNew(topic, t);
        t.cursor = row.id;
        for (const sub of t.subscribers) this.push(sub, { kind: 'row', row });
      });
      return;
    }
    if (t.fetchQueued) return;
    t.fetchQueued = true;
    void this.enqueue(t, async () => {
      t.fetchQueued = false;
      await this.fetchNew(topic, t);
    });
  }

  /** Row `id` of `topic` was removed. */
  notifyRemoved(topic: string, id: number): void {
    const t = this.topics.get(topic);
    if (!t) return;
    void this.enqueue(t, async () => {
      for (const sub of t.subscribers) this.push(sub, { kind: 'removed', id });
    });
  }

  /**
   * A row of `topic` changed: `changed` is the row as it now is, or reads it (in turn with the
   * topic's other events, so a later removal is never overtaken); nothing is sent when it is gone.
   */
  notifyUpdated(topic: string, changed: Row | (() => Promise<Row | null>)): void {
    const t = this.topics.get(topic);
    if (!t) return;
    void this.enqueue(t, async () => {
      if (t.subscribers.size === 0) return;
      let row: Row | null;
      try {
        row = typeof changed === 'function' ? await changed() : changed;
      } catch (error) {
        // Missed: subscribers reload the list to see the change.
        this.logger.warn({ err: loggableError(error).message, topic }, 'realtime: reading a changed row failed; resyncing');
        for (const sub of t.subscribers) if (!sub.replaying && !sub.closed) sub.sink.resync();
        return;
      }
      if (row) for (const sub of t.subscribers) this.push(sub, { kind: 'updated', row });
    });
  }

  /** After the listener reconnected: read every topic again and tell live subscribers to reload. */
  resyncAll(): void {
    for (const [topic, t] of this.topics) {
      void this.enqueue(t, async () => {
        await this.fetchNew(topic, t);
        for (const sub of t.subscribers) if (!sub.replaying && !sub.closed) sub.sink.resync();
      });
    }
  }

  /** Ends every subscriber and refuses new ones (shutdown). */
  closeAll(): void {
    this.closed = true;
    for (const t of this.topics.values()) {
      for (const sub of t.subscribers) {
        sub.closed = true;
        sub.sink.close();
      }
      t.subscribers.clear();
    }
    this.topics.clear();
    this.subscribers = 0;
  }

  private enqueue<T>(t: Topic<Row>, op: () => Promise<T>): Promise<T> {
    const run = t.queue.then(op);
    t.queue = run.catch(() => undefined);
    return run;
  }

  private async fetchNew(topic: string, t: Topic<Row>): Promise<void> {
    if (t.cursor === null || t.subscribers.size === 0) return;
    t.session = this.listenSession();
    try {
      for (;;) {
        const rows = await this.source.loadAfter(topic, t.cursor, this.batch);
        for (const row of rows) {
          if (row.id <= t.cursor) continue;
          t.cursor = row.id;
          for (const sub of t.subscribers) this.push(sub, { kind: 'row', row });
        }
        if (rows.length < this.batch || t.subscribers.size === 0) break;
      }
    } catch (error) {
      // Rows after the cursor were announced but not read: later carried rows must not skip them.
      t.session = null;
      this.logger.warn({ err: loggableError(error).message, topic }, 'realtime: reading new rows failed; retrying');
      const timer = setTimeout(() => this.notifyInserted(topic), this.retryMs);
      timer.unref();
    }
  }

  private push(sub: Subscriber<Row>, event: Pending<Row>): void {
    if (sub.closed) return;
    if (sub.replaying) {
      sub.buffer.push(event);
      if (sub.buffer.length > this.maxBuffered) this.fail(sub, new Error('too far behind'), 'buffer');
      return;
    }
    this.deliver(sub, event);
  }

  private deliver(sub: Subscriber<Row>, event: Pending<Row>): void {
    if (event.kind === 'removed') sub.sink.removed(event.id);
    // A row not delivered yet arrives as it now is; one replayed or delivered gets the change.
    else if (event.kind === 'updated') {
      if (event.row.id <= sub.lastId) sub.sink.updated?.(event.row);
    } else if (event.row.id > sub.lastId) {
      sub.lastId = event.row.id;
      sub.sink.row(event.row);
    }
  }

  private async replay(topic: string, sub: Subscriber<Row>, fromId: number | null, upTo: number): Promise<void> {
    try {
      let last = fromId ?? upTo;
      while (last < upTo && !sub.closed) {
        const rows = await this.source.loadAfter(topic, last, this.batch);
        for (const row of rows) {
          if (row.id > upTo || sub.closed) break;
          sub.sink.row(row);
          last = row.id;
        }
        if (rows.length < this.batch || (rows.at(-1)?.id ?? upTo) >= upTo) break;
      }
      if (sub.closed) return;
      sub.lastId = Math.max(last, upTo);
      sub.replaying = false;
      const buffered = sub.buffer;
      sub.buffer = [];
      for (const event of buffered) this.deliver(sub, event);
      sub.sink.ready();
    } catch (error) {
      this.fail(sub, error, 'replay');
    }
  }

  private fail(sub: Subscriber<Row>, error: unknown, stage: string): void {
    if (sub.closed) return;
    this.logger.warn({ err: loggableError(error).message, stage }, 'realtime: closing a subscriber');
    // The sink's close ends the stream, whose cleanup unsubscribes; the client reconnects and resumes.
    sub.closed = true;
    sub.sink.close();
  }

  private remove(topic: string, t: Topic<Row>, sub: Subscriber<Row>): void {
    sub.closed = true;
    sub.buffer = [];
    if (!t.subscribers.delete(sub)) return;
    this.subscribers -= 1;
    if (t.subscribers.size === 0 && this.topics.get(topic) === t) this.topics.delete(topic);
  }
}

// ── Server-Sent Events ─────────────────────────────────────────────────────────────────────

export interface EventStream {
  readonly body: ReadableStream<Uint8Array>;
  readonly closed: boolean;
  /** One event. `id` sets the client's last event id (omit it to leave that unchanged). */
  send(event: string, data: unknown, id?: number): void;
  /** An event already encoded with encodeSseEvent (one encoding shared by many streams). */
  sendEncoded(chunk: Uint8Array): void;
  /** A comment line (heartbeats, markers); ignored by EventSource. */
  comment(text: string): void;
  close(): void;
}

export interface EventStreamOptions {
  /** Aborted when the client goes away. */
  signal?: AbortSignal;
  /** Reconnect delay the client should use. */
  retryMs?: number;
  /** Bytes queued for a slow client before the stream is closed (the client resumes on reconnect). */
  maxQueuedBytes?: number;
  /**
   * Node's response for this request, when Node serves it (@hono/node-server's `outgoing`). Once
   * the response's head and every chunk the body stream held have gone out, events are written
   * to it directly instead of through the web stream (see createEventStream).
   */
  response?: ServerResponse;
  onClose(): void;
}

const encoder = new TextEncoder();

export function sseEvent(event: string, data: unknown, id?: number): string {
  const json = JSON.stringify(data);
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${json}\n\n`;
}

/** An event as bytes, to encode once and send to many streams. */
export function encodeSseEvent(event: string, data: unknown, id?: number): Uint8Array {
  return encoder.encode(sseEvent(event, data, id));
}

/**
 * One Server-Sent Events response. Its body is a web stream, which is how Hono hands a response
 * to the server. When Node serves it (opts.response), the stream only carries what comes before
 * the server's first read of an empty stream; from that moment (`pull`, called by the reader once
 * every earlier chunk has been written, and only after the head went out) each event is written
 * to Node's response directly: a fan-out to 500 streams then costs 500 socket writes, not 500
 * trips through the web stream's queue, promises and reader as well (bench/RESULTS.md,
 * realtime). The order of events is kept: nothing is written directly while the stream still
 * holds a chunk. Closing closes the stream, and the server ends the response after its last write.
 */
export function createEventStream(opts: EventStreamOptions): EventStream {
  const maxQueued = opts.maxQueuedBytes ?? 1024 * 1024;
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let closed = false;
  let direct: ServerResponse | null = null;

  const finish = () => {
    if (closed) return;
    closed = true;
    opts.signal?.removeEventListener('abort', finish);
    try {
      controller?.close();
    } catch {
      /* already closed or cancelled */
    }
    opts.onClose();
  };

  const write = (chunk: Uint8Array) => {
    if (closed || !controller) return;
    if (direct) {
      if (direct.destroyed || direct.writableEnded) return finish();
      direct.write(chunk);
      if (direct.writableLength > maxQueued) finish();
      return;
    }
    try {
      controller.enqueue(chunk);
    } catch {
      finish();
      return;
    }
    if ((controller.desiredSize ?? 0) < -maxQueued) finish();
  };

  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        c.enqueue(encoder.encode(`retry: ${opts.retryMs ?? 3000}\n\n`));
      },
      pull() {
        // The reader wants more and the queue is empty: everything so far has been written.
        if (opts.response?.headersSent && !closed) direct = opts.response;
      },
      cancel() {
        finish();
      },
    },
    { highWaterMark: 0, size: (chunk) => chunk.byteLength },
  );
  if (opts.signal?.aborted) finish();
  else opts.signal?.addEventListener('abort', finish, { once: true });

  return {
    body,
    get closed() {
      return closed;
    },
    send: (event, data, id) => write(encodeSseEvent(event, data, id)),
    sendEncoded: write,
    comment: (text) => write(encoder.encode(`: ${text.replace(/[\r\n]+/g, ' ')}\n\n`)),
    close: finish,
  };
}

export const EVENT_STREAM_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  // Proxies such as nginx must not buffer a live stream.
  'X-Accel-Buffering': 'no',
};

const PING = encoder.encode(': ping\n\n');

/** Heartbeats for a set of open streams: one timer per instance, not one per stream. */
export class Heartbeat {
  private readonly streams = new Set<EventStream>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly intervalMs: number) {}

  get size(): number {
    return this.streams.size;
  }

  add(stream: EventStream): void {
    this.streams.add(stream);
    if (!this.timer) {
      this.timer = setInterval(() => {
        for (const s of this.streams) s.sendEncoded(PING);
      }, this.intervalMs);
      this.timer.unref();
    }
  }

  delete(stream: EventStream): void {
    this.streams.delete(stream);
    if (this.streams.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** Closes every stream (shutdown). */
  closeAll(): void {
    for (const s of [...this.streams]) s.close();
    this.streams.clear();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

// ── Live streams ───────────────────────────────────────────────────────────────────────────

/** How long a live stream lasts before the browser reconnects and is checked again. */
export const MAX_STREAM_MS = 5 * 60_000;
/** The reconnect delay a stream ending for its lifetime asks for (a new stream asks for the usual again). */
export const LIFETIME_RECONNECT_MS = 1000;
const RECONNECT_SOON = encoder.encode(`retry: ${LIFETIME_RECONNECT_MS}\n\n`);

/** Last-Event-ID (header, sent by EventSource on reconnect) wins over ?lastEventId= (first connect). */
export function resumeFrom(header: string | undefined, query: string | undefined): number | null {
  const raw = (header ?? query ?? '').trim();
  if (!/^[0-9]{1,16}$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) ? n : null;
}

/** The answer to a stream asked for while the server shuts down. */
function restartingResponse(): Response {
  return Response.json(
    { error: { code: 'unavailable', message: 'The server is restarting. Please try again shortly.' } },
    { status: 503, headers: { 'Retry-After': '1' } },
  );
}

/** A fan-out subscriber writing a message stream's events (discussion/live.ts: the protocol) to `stream`. */
export function messageStreamSink<M>(stream: EventStream, messageChunk: (m: M) => Uint8Array): FanoutSink<M> {
  return {
    row: (m) => stream.sendEncoded(messageChunk(m)),
    removed: (id) => stream.send(STREAM_EVENTS.messageDeleted, { id }),
    resync: () => stream.send(STREAM_EVENTS.resync, {}),
    ready: () => stream.comment('ready'),
    close: () => stream.close(),
  };
}

export interface LiveStreamsOptions {
  heartbeatMs?: number;
  /** The reconnect delay streams ask clients to use. */
  retryMs?: number;
  /**
   * A stream is ended after this long (less up to a fifth, so streams opened together do not all
   * reconnect together); the browser reconnects on its own and the reconnect is checked like a new
   * one. Default MAX_STREAM_MS.
   */
  maxStreamMs?: number;
}

export interface LiveStreamRequest {
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  /** Node's response, when Node serves the request (events are then written to it directly). */
  response?: ServerResponse;
  /**
   * Registers the open stream with what feeds it and returns how to unregister it (called once,
   * when the stream ends). A FanoutClosedError it throws is answered 503.
   */
  attach(stream: EventStream): () => void;
  /** Watches the viewer's access: calls `lost` when it is gone, returns how to stop watching. */
  watch?(lost: () => void): () => void;
}

/**
 * The open Server-Sent Events streams of one kind (discussion, conversation, unread count): each
 * gets heartbeats, a lifetime, an end when its viewer's access is gone, and cleanup on disconnect;
 * while shutting down, a new one is answered 503. What a stream carries is its caller's (`attach`).
 */
export class LiveStreams {
  private readonly heartbeat: Heartbeat;
  private readonly retryMs: number | undefined;
  private readonly maxStreamMs: number;
  private closed = false;
  private listener: NotificationListener | null = null;

  constructor(opts: LiveStreamsOptions = {}) {
    this.heartbeat = new Heartbeat(opts.heartbeatMs ?? 20_000);
    this.retryMs = opts.retryMs;
    this.maxStreamMs = opts.maxStreamMs ?? MAX_STREAM_MS;
  }

  /** Streams open now. */
  get size(): number {
    return this.heartbeat.size;
  }

  /** Starts listening on the feature's channel (call once, before serving): see listenForNotifications. */
  async listen(database: Database, channel: string, handlers: NotificationHandlers, logger: Logger, opts?: ListenOptions): Promise<void> {
    this.listener = await listenForNotifications(database, channel, handlers, logger, opts);
  }

  get listening(): boolean {
    return this.listener?.connected ?? false;
  }

  /** The listening session now, null while not listening (FanoutOptions.listenSession). */
  readonly listenSession = (): number | null => (this.listener?.connected ? this.listener.session : null);

  open(request: LiveStreamRequest): Response {
    if (this.closed) return restartingResponse();
    let detach: (() => void) | undefined;
    let lifetime: ReturnType<typeof setTimeout> | undefined;
    let unwatch: (() => void) | undefined;
    const heartbeat = this.heartbeat;
    const stream = createEventStream({
      signal: request.signal,
      response: request.response,
      retryMs: this.retryMs,
      onClose() {
        clearTimeout(lifetime);
        unwatch?.();
        detach?.();
        heartbeat.delete(stream);
      },
    });
    if (stream.closed) return new Response(stream.body, { status: 200, headers: EVENT_STREAM_HEADERS });
    try {
      detach = request.attach(stream);
    } catch (error) {
      stream.close();
      if (error instanceof FanoutClosedError) return restartingResponse();
      throw error;
    }
    if (stream.closed) detach();
    else {
      heartbeat.add(stream);
      // Back within a second rather than the usual 3 s: what the gap held is replayed or read again anyway.
      const reconnectSoon = () => {
        stream.sendEncoded(RECONNECT_SOON);
        stream.close();
      };
      lifetime = setTimeout(reconnectSoon, this.maxStreamMs * (1 - Math.random() / 5));
      lifetime.unref();
      // Access gone (signed out, banned, no longer entitled): the reconnect, soon, is refused.
      unwatch = request.watch?.(reconnectSoon);
    }
    return new Response(stream.body, { status: 200, headers: EVENT_STREAM_HEADERS });
  }

  /** Ends every open stream and refuses new ones (shutdown). */
  closeAll(): void {
    this.closed = true;
    this.heartbeat.closeAll();
  }

  /** Ends every open stream, then stops listening (before the database closes). */
  async stop(): Promise<void> {
    this.closeAll();
    await this.listener?.stop();
    this.listener = null;
  }
}
