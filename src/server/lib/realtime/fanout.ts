/**
 * The in-process subscribers of each topic (a discussion). A NOTIFY says "something changed in
 * topic T"; the fan-out then reads the rows after the topic's watermark ONCE per instance (not
 * once per subscriber) and hands each row to every subscriber that has not seen it. When the
 * NOTIFY carries the new row itself, and no notification can have been missed since the topic's
 * last read, the fan-out hands that row on without reading. A new subscriber replays from the
 * table first (Last-Event-ID), then goes live without a gap or a duplicate.
 * * Correctness rests on one property the writers guarantee: within one topic, row ids commit in
 * increasing order (the discussion service takes the item's row lock before the message gets its
 * id). So "rows with id > watermark" never skips a row that commits later with a smaller id. And since
 * PostgreSQL delivers notifications in commit order, within one listening session the notices of a
 * topic arrive in id order, none missing: a row carried by a notice is the next one after the
 * watermark when the watermark's read started in that session.
 */
import { type Logger, loggableError } from '../../logger.ts';

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
