/**
 * Part of bench/realtime.bench.ts, in its own process: a share of the benchmark's subscribers
 * (they stand for separate browsers, so one process parsing all 1,000 streams would measure the
 * benchmark's own event loop rather than IdeaHub).
 *
 * Talks to the benchmark over the IPC channel:
 *   in:  { type: 'start', urls: [a, b], ideaId, cookie, from, count }
 *        subscriber `who` (from ≤ who < from + count) opens on urls[who % 2], as in one process
 *   out: { type: 'ready', ms }                  all of this share's streams replayed and live
 *   out: { type: 'progress', received }         every 100 ms: deliveries so far
 *   in:  { type: 'report' }
 *   out: { type: 'report', deliveries }         flat numbers, 5 per delivery: who, message id,
 *                                               its sequence number (content 'bench N'),
 *                                               receipt (Date.now), created_at (ms)
 * Receipt is taken the moment the event is parsed, on the machine's clock like the benchmark's.
 */
import http from 'node:http';
import { sseBlocks } from '../tests/load/sse.ts';

interface Start {
  type: 'start';
  urls: [string, string];
  ideaId: string;
  cookie: string;
  from: number;
  count: number;
}

const send = (message: unknown) => process.send!(message);
const requests: http.ClientRequest[] = [];
const deliveries: number[] = [];
let progress: NodeJS.Timeout | null = null;
// One socket per stream, as each browser has its own.
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

/**
 * One subscriber: a plain HTTP stream parsed as Server-Sent Events, as lean as a browser's native
 * EventSource, so that the client's own work stays small beside the server's. Resolves once the
 * stream has replayed (': ready'); then records each 'message' event the moment it is parsed.
 */
function subscribe(url: string, cookie: string, who: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { accept: 'text/event-stream', cookie } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream ${who} answered ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      res.on(
        'data',
        sseBlocks((block) => {
          if (block === ': ready') resolve();
          else if (block.includes('\nevent: message\n')) {
            const now = Date.now();
            const m = JSON.parse(block.slice(block.indexOf('\ndata: ') + 7)) as { id: number; content: string; createdAt: string };
            deliveries.push(who, m.id, Number(m.content.split(' ')[1]), now, Date.parse(m.createdAt));
          }
        }),
      );
      res.on('error', () => {});
    });
    req.on('error', (error) => {
      if (!closing) reject(error);
    });
    requests.push(req);
  });
}

let closing = false;

async function start({ urls, ideaId, cookie, from, count }: Start) {
  const opened = Date.now();
  for (let i = 0; i < count; i += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, count - i) }, (_, k) => subscribe(`${urls[(from + i + k) % 2]}/api/ideas/${ideaId}/messages/stream`, cookie, from + i + k)),
    );
  }
  progress = setInterval(() => send({ type: 'progress', received: deliveries.length / 5 }), 100);
  send({ type: 'ready', ms: Date.now() - opened });
}

process.on('message', (message: Start | { type: 'report' }) => {
  if (message.type === 'start') {
    start(message).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  } else if (message.type === 'report') {
    if (progress) clearInterval(progress);
    closing = true;
    for (const req of requests) req.destroy();
    send({ type: 'report', deliveries });
  }
});
// The benchmark going away (it timed out or failed) ends this process too.
process.on('disconnect', () => process.exit(0));
