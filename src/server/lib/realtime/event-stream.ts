/** One Server-Sent Events response with back-pressure, heartbeats and cleanup on disconnect. */
import type { ServerResponse } from 'node:http';

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
