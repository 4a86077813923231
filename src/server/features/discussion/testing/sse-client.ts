/**
 * A small Server-Sent Events client for API tests and the benchmark: opens the stream with fetch,
 * parses events and comments as they arrive, and lets a test wait for what it expects.
 */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

export interface SseClient {
  readonly status: number;
  readonly contentType: string | null;
  readonly events: SseEvent[];
  readonly comments: string[];
  /** Every `retry:` value received, in order (the reconnect delay the server asks for). */
  readonly retries: number[];
  /** The last `id:` received (what EventSource would send as Last-Event-ID). */
  readonly lastEventId: string | undefined;
  readonly ended: boolean;
  /** Resolves once `predicate` holds for what has arrived; rejects after `timeoutMs`. */
  waitUntil(predicate: (c: SseClient) => boolean, timeoutMs?: number, what?: string): Promise<void>;
  /** The parsed data of every 'message' event so far. */
  messages<T = { id: number; content: string }>(): T[];
  close(): void;
  /** Called with each event as it is parsed (the benchmark measures latency here). */
  onEvent?: (e: SseEvent) => void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const controller = new AbortController();
  const connect = () => fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  // Like EventSource, a connection that fails before any answer is tried again: a pooled
  // keep-alive socket the server is closing at that moment resets (ECONNRESET) under load.
  const res = await connect().catch(async (error: unknown) => {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error;
    await new Promise((r) => setTimeout(r, 50));
    return connect();
  });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  let lastEventId: string | undefined;
  let ended = false;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of [...waiters]) w();
  };

  const client: SseClient = {
    status: res.status,
    contentType: res.headers.get('content-type'),
    events,
    comments,
    retries,
    get lastEventId() {
      return lastEventId;
    },
    get ended() {
      return ended;
    },
    waitUntil(predicate, timeoutMs = 10_000, what = 'condition') {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (predicate(client)) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve();
          } else if (ended) {
            clearTimeout(timer);
            waiters.delete(check);
            reject(new Error(`stream ended before ${what}; events: ${JSON.stringify(events)}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${what}; events: ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    messages<T>() {
      return events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data) as T);
    },
    close() {
      controller.abort();
    },
  };

  if (!res.ok || !res.body || !client.contentType?.startsWith('text/event-stream')) {
    ended = true;
    return client;
  }

  void (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const e: SseEvent = { event: 'message', data: '' };
          let isEvent = false;
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else {
              const i = line.indexOf(':');
              const field = i < 0 ? line : line.slice(0, i);
              const val = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
              if (field === 'event') {
                e.event = val;
                isEvent = true;
              } else if (field === 'data') {
                data.push(val);
                isEvent = true;
              } else if (field === 'id') {
                e.id = val;
                lastEventId = val;
              } else if (field === 'retry' && /^\d+$/.test(val)) retries.push(Number(val));
            }
          }
          if (isEvent) {
            e.data = data.join('\n');
            events.push(e);
            client.onEvent?.(e);
          }
        }
        wake();
      }
    } catch {
      /* aborted */
    } finally {
      ended = true;
      wake();
    }
  })();
  return client;
}
