/**
 * Part of bench/notifications.bench.ts, in its own process: a share of the benchmark's signed-in
 * people, each with their notification stream open (GET /api/notifications/stream) as their
 * browser would hold it. Separate processes stand for separate browsers.
 *
 * IPC with the benchmark:
 *   in:  { type: 'start', urls: [a, b], people: [{ who, cookie }] }   person `who` opens on urls[who % 2]
 *   out: { type: 'ready', ms }            every stream has sent its first count (the count at connect)
 *   out: { type: 'progress', received }   every 100 ms: 'unread' events after the first, so far
 *   in:  { type: 'report' }
 *   out: { type: 'report', deliveries }   flat numbers, 3 per event: who, the count it carried, receipt (Date.now)
 */
import http from 'node:http';
import { sseBlocks } from '../tests/load/sse.ts';

interface Start {
  type: 'start';
  urls: [string, string];
  people: { who: number; cookie: string }[];
}

const send = (message: unknown) => process.send!(message);
const requests: http.ClientRequest[] = [];
const deliveries: number[] = [];
let progress: NodeJS.Timeout | null = null;
let closing = false;
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

function follow(url: string, cookie: string, who: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let first = true;
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
          if (!block.includes('event: unread')) return;
          const now = Date.now();
          const { unread } = JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { unread: number };
          if (first) {
            first = false;
            resolve();
          } else deliveries.push(who, unread, now);
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

async function start({ urls, people }: Start) {
  const opened = Date.now();
  for (let i = 0; i < people.length; i += 100) {
    await Promise.all(people.slice(i, i + 100).map((p) => follow(`${urls[p.who % 2]}/api/notifications/stream`, p.cookie, p.who)));
  }
  progress = setInterval(() => send({ type: 'progress', received: deliveries.length / 3 }), 100);
  send({ type: 'ready', ms: Date.now() - opened });
}

process.on('message', (message: Start | { type: 'report' }) => {
  if (message.type === 'start') {
    start(message).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  } else {
    if (progress) clearInterval(progress);
    closing = true;
    for (const req of requests) req.destroy();
    send({ type: 'report', deliveries });
  }
});
process.on('disconnect', () => process.exit(0));
