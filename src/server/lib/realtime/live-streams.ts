/**
 * The live side every feature has alike (discussion, conversation, unread count): its listener,
 * and its open streams' heartbeats, lifetime, end on lost access, cleanup, and the 503 while
 * shutting down.
 */
import { STREAM_EVENTS } from '../../../shared/rules/discussion-message.ts';
import type { ServerResponse } from 'node:http';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { ACCESS_CHECK_MS, createAccessWatch, type StreamViewer } from '../access-watch.ts';
import { createEventStream, EVENT_STREAM_HEADERS, type EventStream, Heartbeat } from './event-stream.ts';
import { FanoutClosedError, type FanoutSink } from './fanout.ts';
import { type ListenOptions, listenForNotifications, type NotificationHandlers, type NotificationListener } from './listen.ts';

const encoder = new TextEncoder();

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

export interface LiveFeatureOptions extends LiveStreamsOptions {
  /** How often open streams re-check their viewers' access (lib/access-watch.ts). Default 2 s. */
  accessCheckMs?: number;
  listen?: ListenOptions;
}

/** What every live feature (discussion, conversation, unread count) exposes to the server. */
export interface LiveLifecycle {
  /** Starts listening (call once, before serving). */
  start(): Promise<void>;
  /** Ends every open stream and refuses new ones: lets the HTTP server close (shutdown). */
  closeAllStreams(): void;
  /** Stops listening (after closeAllStreams, before the database closes). */
  stop(): Promise<void>;
  readonly openStreams: number;
  readonly listening: boolean;
}

export interface LiveFeature extends LiveLifecycle {
  /** The listening session now, null while not listening (FanoutOptions.listenSession). */
  readonly listenSession: () => number | null;
  /** Opens a stream; while it is open, `viewer`'s access is re-checked and the stream ends when it is gone. */
  open(request: Omit<LiveStreamRequest, 'watch'> & { viewer?: StreamViewer }): Response;
  /** Also run when the streams end for good (the feature's fan-out, its registry of streams). */
  onClose(close: () => void): void;
}

/**
 * One live feature's lifecycle: its listener on `channel` (handlers made at start, so they may use
 * what is built with `listenSession`), its open streams and their access watch, and the order of
 * shutdown. The feature adds what its streams carry (`open`'s attach) and its own methods.
 */
export function createLiveFeature(
  database: Database,
  logger: Logger,
  channel: string,
  handlers: () => NotificationHandlers,
  opts: LiveFeatureOptions = {},
): LiveFeature {
  const streams = new LiveStreams(opts);
  const access = createAccessWatch(database.db, logger, opts.accessCheckMs ?? ACCESS_CHECK_MS);
  const closers: (() => void)[] = [];
  return {
    listenSession: streams.listenSession,
    start: () => streams.listen(database, channel, handlers(), logger, opts.listen),
    open: ({ viewer, ...request }) => streams.open({ ...request, watch: viewer && ((lost) => access.watch(viewer, lost)) }),
    onClose: (close) => void closers.push(close),
    closeAllStreams() {
      for (const close of closers) close();
      streams.closeAll();
    },
    async stop() {
      for (const close of closers) close();
      access.stop();
      await streams.stop();
    },
    get openStreams() {
      return streams.size;
    },
    get listening() {
      return streams.listening;
    },
  };
}
