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
import { openSse, type SseClient } from '../src/server/features/discussion/testing/sse-client.ts';

interface Start {
  type: 'start';
  urls: [string, string];
  ideaId: string;
  cookie: string;
  from: number;
  count: number;
}

const send = (message: unknown) => process.send!(message);
const subscribers: SseClient[] = [];
const deliveries: number[] = [];
let progress: NodeJS.Timeout | null = null;

async function start({ urls, ideaId, cookie, from, count }: Start) {
  const opened = Date.now();
  for (let i = 0; i < count; i += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, count - i) }, (_, k) => openSse(`${urls[(from + i + k) % 2]}/api/ideas/${ideaId}/messages/stream`, { cookie })),
    );
    batch.forEach((s, k) => {
      const who = from + i + k;
      if (s.status !== 200) throw new Error(`stream ${who} answered ${s.status}`);
      s.onEvent = (e) => {
        if (e.event !== 'message') return;
        const now = Date.now();
        const m = JSON.parse(e.data) as { id: number; content: string; createdAt: string };
        deliveries.push(who, m.id, Number(m.content.split(' ')[1]), now, Date.parse(m.createdAt));
      };
      subscribers.push(s);
    });
  }
  await Promise.all(subscribers.map((s) => s.waitUntil((c) => c.comments.includes('ready'), 60_000, 'ready')));
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
    for (const s of subscribers) s.close();
    send({ type: 'report', deliveries });
  }
});
// The benchmark going away (it timed out or failed) ends this process too.
process.on('disconnect', () => process.exit(0));
