/**
 * A discussion subscriber that behaves like the web app's EventSource: the first connect resumes
 * with ?lastEventId=, and after the stream ends or fails it waits the server's `retry:` delay and
 * connects again with a Last-Event-ID header, to whichever instance the load balancer (`pick`)
 * offers. It keeps every message id in the order received, duplicates included, so a test can
 * prove none was missed and none came twice.
 */
import http from 'node:http';
import type { Instance } from './instances.ts';

export interface SubscriberOptions {
  name: string;
  ideaId: string;
  cookie: string;
  ip: string;
  /** The first connect's ?lastEventId= (the newest message already seen; 0 for all). */
  fromId: number;
  /** The instance to (re)connect to; null when none is in rotation right now. */
  pick(previous: Instance | null): Instance | null;
}

export interface Subscriber {
  readonly name: string;
  readonly ideaId: string;
  /** Message ids in the order they arrived (duplicates kept). */
  readonly ids: number[];
  /** When each id first arrived (performance.now()). */
  readonly arrivedAt: Map<number, number>;
  readonly connects: { instance: string; at: number; status: number | string; lastEventId: string | null }[];
  readonly resyncs: number;
  readonly instance: Instance | null;
  /** True while a stream is open and has answered 200. */
  readonly live: boolean;
  /** Resolves once `predicate` holds (checked on every event and every 100 ms); rejects at the deadline. */
  waitFor(predicate: () => boolean, timeoutMs: number, what: string): Promise<void>;
  close(): void;
}

/** Feeds text chunks of an event stream in; calls `onBlock` with each complete event block (without its blank line). */
export function sseBlocks(onBlock: (block: string) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      onBlock(block);
    }
  };
}

export function subscribe(opts: SubscriberOptions): Subscriber {
  const ids: number[] = [];
  const arrivedAt = new Map<number, number>();
  const connects: Subscriber['connects'] = [];
  let resyncs = 0;
  let retryMs = 3000;
  let lastEventId: string | null = null;
  let current: Instance | null = null;
  let live = false;
  let closed = false;
  let req: http.ClientRequest | null = null;
  let timer: NodeJS.Timeout | null = null;

  const schedule = () => {
    live = false;
    req = null;
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      connect();
    }, retryMs);
  };

  const handleBlock = (block: string) => {
    let event = 'message';
    let id: string | null = null;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const i = line.indexOf(':');
      const field = i < 0 ? line : line.slice(0, i);
      const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') id = value;
      else if (field === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
    }
    if (id !== null) lastEventId = id;
    if (event === 'message' && data.length) {
      const message = JSON.parse(data.join('\n')) as { id: number };
      ids.push(message.id);
      if (!arrivedAt.has(message.id)) arrivedAt.set(message.id, performance.now());
    } else if (event === 'resync') resyncs++;
  };

  const connect = () => {
    if (closed) return;
    const inst = opts.pick(current);
    if (!inst) {
      schedule();
      return;
    }
    current = inst;
    const u = new URL(inst.url);
    const first = connects.length === 0;
    const path = `/api/ideas/${opts.ideaId}/messages/stream${first ? `?lastEventId=${opts.fromId}` : ''}`;
    const headers: Record<string, string> = { accept: 'text/event-stream', cookie: opts.cookie, 'x-forwarded-for': opts.ip };
    if (!first && lastEventId !== null) headers['last-event-id'] = lastEventId;
    const entry = { instance: inst.name, at: performance.now(), status: 0 as number | string, lastEventId: first ? String(opts.fromId) : lastEventId };
    connects.push(entry);
    const r = http.request({ host: u.hostname, port: u.port, path, method: 'GET', headers, agent: false });
    req = r;
    // end, error and aborted may all fire for one connection: reconnect once.
    let ended = false;
    const onEnd = () => {
      if (ended) return;
      ended = true;
      if (req === r) schedule();
    };
    r.on('response', (res) => {
      entry.status = res.statusCode ?? 0;
      if (res.statusCode !== 200) {
        res.resume();
        res.on('end', onEnd);
        res.on('error', onEnd);
        return;
      }
      live = true;
      res.setEncoding('utf8');
      res.on('data', sseBlocks(handleBlock));
      res.on('end', onEnd);
      res.on('error', onEnd);
      res.on('aborted', onEnd);
      res.on('close', onEnd);
    });
    r.on('error', (e: NodeJS.ErrnoException) => {
      if (entry.status === 0) entry.status = e.code ?? e.message;
      onEnd();
    });
    r.end();
  };

  connect();

  return {
    name: opts.name,
    ideaId: opts.ideaId,
    ids,
    arrivedAt,
    connects,
    get resyncs() {
      return resyncs;
    },
    get instance() {
      return current;
    },
    get live() {
      return live;
    },
    waitFor(predicate, timeoutMs, what) {
      return new Promise((resolve, reject) => {
        const deadline = performance.now() + timeoutMs;
        const check = () => {
          if (predicate()) return resolve();
          if (performance.now() > deadline) return reject(new Error(`${opts.name}: timed out after ${timeoutMs} ms waiting for ${what}`));
          setTimeout(check, 50);
        };
        check();
      });
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      req?.destroy();
      live = false;
    },
  };
}
