import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../logger.ts';
import { createEventStream, Heartbeat, sseEvent } from './event-stream.ts';
import { FanoutClosedError, type FanoutSink, TopicFanout } from './fanout.ts';

type Row = { id: number; text: string };
const logger = createLogger('silent');
const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

/** An in-memory table; loadAfter can be held back to simulate a slow read. */
function fakeSource() {
  const rows = new Map<string, Row[]>();
  let gate: Promise<void> | null = null;
  const source = {
    calls: 0,
    add(topic: string, id: number) {
      const list = rows.get(topic) ?? [];
      list.push({ id, text: `row ${id}` });
      list.sort((a, b) => a.id - b.id);
      rows.set(topic, list);
    },
    remove(topic: string, id: number) {
      rows.set(topic, (rows.get(topic) ?? []).filter((r) => r.id !== id));
    },
    hold() {
      let release!: () => void;
      gate = new Promise((r) => (release = r));
      return () => {
        gate = null;
        release();
      };
    },
    async latestId(topic: string) {
      return rows.get(topic)?.at(-1)?.id ?? 0;
    },
    async loadAfter(topic: string, afterId: number, limit: number) {
      source.calls += 1;
      const snapshot = (rows.get(topic) ?? []).filter((r) => r.id > afterId).slice(0, limit);
      if (gate) await gate;
      return snapshot;
    },
  };
  return source;
}

function recorder() {
  const log: string[] = [];
  const sink: FanoutSink<Row> & { log: string[]; closed: boolean; isReady: boolean } = {
    log,
    closed: false,
    isReady: false,
    row: (r) => log.push(`row ${r.id}`),
    removed: (id) => log.push(`removed ${id}`),
    updated: (r) => log.push(`updated ${r.id}`),
    resync: () => log.push('resync'),
    ready() {
      sink.isReady = true;
    },
    close() {
      sink.closed = true;
    },
  };
  return sink;
}

async function until(check: () => boolean) {
  for (let i = 0; i < 500 && !check(); i++) await tick(2);
  expect(check()).toBe(true);
}

/** The source's next `count` reads fail, as when the database connection drops. */
function failNextReads(source: { loadAfter: (...args: never[]) => Promise<unknown> }, count: number) {
  const original = source.loadAfter;
  let failures = count;
  source.loadAfter = async (...args) => {
    if (failures-- > 0) throw new Error('connection lost');
    return original(...args);
  };
}

describe('TopicFanout', () => {
  it('replays after the resume point, then delivers live rows once, in order', async () => {
    const source = fakeSource();
    for (const id of [1, 2, 3]) source.add('t', id);
    const fanout = new TopicFanout<Row>(source, logger);
    const sink = recorder();
    fanout.subscribe('t', 1, sink);
    await until(() => sink.isReady);
    expect(sink.log).toEqual(['row 2', 'row 3']);
    source.add('t', 4);
    fanout.notifyInserted('t');
    fanout.notifyInserted('t');
    await until(() => sink.log.length === 3);
    await tick(5);
    expect(sink.log).toEqual(['row 2', 'row 3', 'row 4']);
  });

  it('starts at the newest row without a resume point', async () => {
    const source = fakeSource();
    source.add('t', 5);
    const fanout = new TopicFanout<Row>(source, logger);
    const sink = recorder();
    fanout.subscribe('t', null, sink);
    await until(() => sink.isReady);
    expect(sink.log).toEqual([]);
  });

  it('buffers what arrives during a slow replay and delivers it after, without duplicates', async () => {
    const source = fakeSource();
    for (const id of [1, 2]) source.add('t', id);
    const fanout = new TopicFanout<Row>(source, logger);
    const live = recorder();
    fanout.subscribe('t', null, live);
    await until(() => live.isReady);
    const release = source.hold();
    const late = recorder();
    fanout.subscribe('t', 0, late);
    await tick(5);
    // Row 3 arrives, and row 1 is removed, while `late` is still replaying.
    source.add('t', 3);
    fanout.notifyInserted('t');
    fanout.notifyRemoved('t', 1);
    await tick(5);
    release();
    await until(() => late.isReady && live.log.length === 2);
    await tick(5);
    expect(late.log).toEqual(['row 1', 'row 2', 'row 3', 'removed 1']);
    expect(live.log).toEqual(['row 3', 'removed 1']);
  });

  it('hands a changed row to subscribers that have it, in turn with removals, and reads it once when not carried', async () => {
    const source = fakeSource();
    for (const id of [1, 2]) source.add('t', id);
    const fanout = new TopicFanout<Row>(source, logger);
    const sink = recorder();
    fanout.subscribe('t', 0, sink);
    await until(() => sink.isReady);
    fanout.notifyUpdated('t', { id: 1, text: 'edited' });
    // Read when it arrives (slowly): the removal that follows still comes after it.
    let reads = 0;
    fanout.notifyUpdated('t', async () => {
      reads += 1;
      await tick(10);
      return { id: 2, text: 'edited too' };
    });
    fanout.notifyRemoved('t', 2);
    // Gone by the time it is read: nothing is sent.
    fanout.notifyUpdated('t', async () => null);
    // A row the subscriber has not had yet is not an update for it.
    fanout.notifyUpdated('t', { id: 9, text: 'not yet delivered' });
    await until(() => sink.log.length === 5);
    await tick(5);
    expect(sink.log).toEqual(['row 1', 'row 2', 'updated 1', 'updated 2', 'removed 2']);
    expect(reads).toBe(1);
  });

  it('reads new rows once per topic, however many subscribers it has', async () => {
    const source = fakeSource();
    const fanout = new TopicFanout<Row>(source, logger);
    const sinks = Array.from({ length: 100 }, () => recorder());
    for (const s of sinks) fanout.subscribe('t', null, s);
    await until(() => sinks.every((s) => s.isReady));
    source.calls = 0;
    source.add('t', 1);
    source.add('t', 2);
    for (let i = 0; i < 10; i++) fanout.notifyInserted('t');
    await until(() => sinks.every((s) => s.log.length === 2));
    expect(source.calls).toBeLessThanOrEqual(2);
  });

  it('forgets subscribers and topics: 10,000 subscribe/unsubscribe cycles leave nothing behind', async () => {
    const source = fakeSource();
    source.add('a', 1);
    const fanout = new TopicFanout<Row>(source, logger);
    for (let i = 0; i < 10_000; i++) {
      const sub = fanout.subscribe(i % 3 ? 'a' : 'b', i % 2 ? 0 : null, recorder());
      if (i % 5 === 0) await tick();
      sub.unsubscribe();
      sub.unsubscribe();
    }
    expect(fanout.subscriberCount).toBe(0);
    expect(fanout.topicCount).toBe(0);
    await tick(20);
    expect(fanout.subscriberCount).toBe(0);
  });

  it('closes every subscriber on closeAll and refuses new ones', async () => {
    const fanout = new TopicFanout<Row>(fakeSource(), logger);
    const sinks = [recorder(), recorder()];
    fanout.subscribe('a', null, sinks[0]!);
    fanout.subscribe('b', null, sinks[1]!);
    fanout.closeAll();
    expect(sinks.every((s) => s.closed)).toBe(true);
    expect(fanout.subscriberCount).toBe(0);
    expect(() => fanout.subscribe('a', null, recorder())).toThrow(FanoutClosedError);
  });

  it('tells live subscribers to resync after the listener reconnects, and reads what was missed', async () => {
    const source = fakeSource();
    const fanout = new TopicFanout<Row>(source, logger);
    const sink = recorder();
    fanout.subscribe('t', null, sink);
    await until(() => sink.isReady);
    source.add('t', 7);
    fanout.resyncAll();
    await until(() => sink.log.length === 2);
    expect(sink.log).toEqual(['row 7', 'resync']);
  });

  it('retries a failed read', async () => {
    const source = fakeSource();
    const fanout = new TopicFanout<Row>(source, logger, { retryMs: 5 });
    const sink = recorder();
    fanout.subscribe('t', null, sink);
    await until(() => sink.isReady);
    failNextReads(source, 1);
    source.add('t', 1);
    fanout.notifyInserted('t');
    await until(() => sink.log.length === 1);
  });
});

describe('TopicFanout with rows carried by notices', () => {
  const carried = (id: number, session: number) => ({ row: { id, text: `carried ${id}` }, session });

  it('hands a carried row to every subscriber without reading the table, once, in order', async () => {
    const source = fakeSource();
    const fanout = new TopicFanout<Row>(source, logger, { listenSession: () => 1 });
    const sinks = Array.from({ length: 3 }, () => recorder());
    for (const s of sinks) fanout.subscribe('t', null, s);
    await until(() => sinks.every((s) => s.isReady));
    source.calls = 0;
    // Rows 4 and 5 are not in the table: only the notices can have delivered them.
    fanout.notifyInserted('t', carried(4, 1));
    fanout.notifyInserted('t', carried(4, 1));
    fanout.notifyInserted('t', carried(5, 1));
    await until(() => sinks.every((s) => s.log.length === 2));
    await tick(5);
    for (const s of sinks) expect(s.log).toEqual(['row 4', 'row 5']);
    expect(source.calls).toBe(0);
  });

  it('reads instead for the first carried row of a new listening session: notices may have been lost in between', async () => {
    const source = fakeSource();
    let session = 1;
    const fanout = new TopicFanout<Row>(source, logger, { listenSession: () => session });
    const sink = recorder();
    fanout.subscribe('t', null, sink);
    await until(() => sink.isReady);
    source.calls = 0;
    // The listener reconnects; row 2 was written meanwhile and its notice is lost.
    session = 2;
    source.add('t', 2);
    source.add('t', 3);
    fanout.notifyInserted('t', carried(3, 2));
    await until(() => sink.log.length === 2);
    expect(sink.log).toEqual(['row 2', 'row 3']);
    expect(source.calls).toBe(1);
    // That read started in session 2: the next carried row follows unread.
    fanout.notifyInserted('t', carried(4, 2));
    await until(() => sink.log.length === 3);
    expect(sink.log).toEqual(['row 2', 'row 3', 'row 4']);
    expect(source.calls).toBe(1);
  });

  it('reads instead when it was not listening at its last read, or cannot tell', async () => {
    for (const opts of [{ listenSession: () => null }, {}]) {
      const source = fakeSource();
      const fanout = new TopicFanout<Row>(source, logger, opts);
      const sink = recorder();
      fanout.subscribe('t', null, sink);
      await until(() => sink.isReady);
      source.add('t', 1);
      source.add('t', 2);
      fanout.notifyInserted('t', carried(2, 1));
      await until(() => sink.log.length === 2);
      expect(sink.log).toEqual(['row 1', 'row 2']);
    }
  });

  it('after a failed read, a carried row does not skip the rows that read missed', async () => {
    const source = fakeSource();
    const fanout = new TopicFanout<Row>(source, logger, { listenSession: () => 1, retryMs: 60_000 });
    const sink = recorder();
    fanout.subscribe('t', null, sink);
    await until(() => sink.isReady);
    failNextReads(source, 1);
    // Row 2's notice carries no row (too long for a notice) and its read fails.
    source.add('t', 2);
    fanout.notifyInserted('t');
    await tick(5);
    source.add('t', 3);
    fanout.notifyInserted('t', carried(3, 1));
    await until(() => sink.log.length === 2);
    expect(sink.log).toEqual(['row 2', 'row 3']);
  });
});

describe('createEventStream', () => {
  async function readAll(body: ReadableStream<Uint8Array>, chunks: number) {
    const reader = body.getReader();
    let text = '';
    for (let i = 0; i < chunks; i++) text += new TextDecoder().decode((await reader.read()).value);
    return { text, reader };
  }

  it('writes the retry hint, events with and without id, and comments', async () => {
    const stream = createEventStream({ onClose: () => {} });
    stream.send('message', { id: 3, content: 'a\nb' }, 3);
    stream.send('message-deleted', { id: 2 });
    stream.comment('ping');
    const { text } = await readAll(stream.body, 4);
    expect(text).toBe(
      'retry: 3000\n\n' +
        'id: 3\nevent: message\ndata: {"id":3,"content":"a\\nb"}\n\n' +
        'event: message-deleted\ndata: {"id":2}\n\n' +
        ': ping\n\n',
    );
    expect(sseEvent('x', {})).toBe('event: x\ndata: {}\n\n');
  });

  it('cleans up once when the client goes away (abort or cancel)', async () => {
    const onClose = vi.fn();
    const controller = new AbortController();
    const stream = createEventStream({ signal: controller.signal, onClose });
    controller.abort();
    stream.close();
    expect(onClose).toHaveBeenCalledTimes(1);
    const onClose2 = vi.fn();
    const other = createEventStream({ onClose: onClose2 });
    await other.body.cancel();
    expect(onClose2).toHaveBeenCalledTimes(1);
    expect(other.closed).toBe(true);
  });

  it('closes a stream whose client stops reading, rather than buffering without end', () => {
    const onClose = vi.fn();
    const stream = createEventStream({ onClose, maxQueuedBytes: 10_000 });
    for (let i = 0; i < 200 && !stream.closed; i++) stream.send('message', { text: 'x'.repeat(100) }, i);
    expect(stream.closed).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('createEventStream served by Node', () => {
  /** What the stream uses of Node's response, recorded. */
  function fakeResponse() {
    const written: string[] = [];
    return {
      headersSent: false,
      destroyed: false,
      writableEnded: false,
      writableLength: 0,
      written,
      write(chunk: Uint8Array) {
        written.push(new TextDecoder().decode(chunk));
        return true;
      },
    };
  }
  const decode = (r: ReadableStreamReadResult<Uint8Array>) => (r.done ? 'done' : new TextDecoder().decode(r.value));

  it('writes events to the response once the head and every queued chunk are out, in order', async () => {
    const response = fakeResponse();
    const stream = createEventStream({ onClose: () => {}, response: response as never });
    const reader = stream.body.getReader();
    // As @hono/node-server does: read before writing the head, then keep one read pending.
    expect(decode(await reader.read())).toBe('retry: 3000\n\n');
    const pending = reader.read();
    await tick();
    stream.send('message', { id: 1 }, 1);
    response.headersSent = true;
    expect(decode(await pending)).toBe('id: 1\nevent: message\ndata: {"id":1}\n\n');
    // The server writes it and reads again: the queue is empty, from now on events go straight out.
    const last = reader.read();
    await tick();
    stream.send('message', { id: 2 }, 2);
    stream.comment('ping');
    stream.send('message', { id: 3 }, 3);
    expect(response.written).toEqual([
      'id: 2\nevent: message\ndata: {"id":2}\n\n',
      ': ping\n\n',
      'id: 3\nevent: message\ndata: {"id":3}\n\n',
    ]);
    // Closing ends the body, which is how the server knows to end the response.
    stream.close();
    expect(decode(await last)).toBe('done');
  });

  it('keeps using the stream until the head is out, and closes when the client stops reading', async () => {
    const response = fakeResponse();
    const onClose = vi.fn();
    const stream = createEventStream({ onClose, response: response as never, maxQueuedBytes: 100 });
    const reader = stream.body.getReader();
    await reader.read();
    const beforeHead = reader.read();
    await tick();
    stream.send('message', { id: 1 }, 1);
    expect(response.written).toEqual([]);
    expect(decode(await beforeHead)).toContain('"id":1');
    response.headersSent = true;
    void reader.read();
    await tick();
    response.writableLength = 101;
    stream.send('message', { id: 2 }, 2);
    expect(response.written).toHaveLength(1);
    expect(stream.closed).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    stream.send('message', { id: 3 }, 3);
    expect(response.written).toHaveLength(1);
  });
});

describe('Heartbeat', () => {
  it('pings every open stream on one timer and stops when none is left', async () => {
    const heartbeat = new Heartbeat(10);
    const stream = createEventStream({ onClose: () => heartbeat.delete(stream) });
    heartbeat.add(stream);
    const reader = stream.body.getReader();
    await reader.read();
    const next = new TextDecoder().decode((await reader.read()).value);
    expect(next).toBe(': ping\n\n');
    await reader.cancel();
    expect(heartbeat.size).toBe(0);
  });

  it('closes all streams on shutdown', () => {
    const heartbeat = new Heartbeat(1000);
    const streams = [0, 1, 2].map(() => createEventStream({ onClose: () => {} }));
    for (const s of streams) heartbeat.add(s);
    heartbeat.closeAll();
    expect(streams.every((s) => s.closed)).toBe(true);
    expect(heartbeat.size).toBe(0);
  });
});
