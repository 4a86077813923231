/**
 * The live side of discussions: one LISTEN per server instance on DISCUSSION_CHANNEL, a fan-out
 * per item, and the Server-Sent Events stream each viewer holds (lib/realtime/ does the work).
 *
 * Stream protocol (GET /api/ideas/{id}/messages/stream, text/event-stream):
 *   retry: 3000                      first, so a dropped client comes back after ~3 s
 *   id: <message id>                 on every 'message' event: the client's Last-Event-ID
 *   event: message                   data: the message as in the list endpoint
 *   event: message-deleted           data: { "id": n } (no id line: the resume point stays put)
 *   event: message-updated           data: the message as it now is (edited, or 'Message deleted'
 *                                    in the place of one with replies); no id line
 *   event: resync                    data: {} (removals may have been missed: reload the list)
 *   : ready                          replay is done, live from here
 *   : ping                           heartbeat, every 20 s by default
 * On connect the stream replays every message after Last-Event-ID (header, else ?lastEventId=),
 * in order, once, then continues live. Without either, it starts at the newest message.
 * While open, the viewer's access is re-checked every few seconds (access-watch.ts); when it is
 * gone the stream ends with `retry: 1000` and the reconnect is refused.
 */
import type { ServerResponse } from 'node:http';
import { type DiscussionMessage, discussionMessageSchema, STREAM_EVENTS } from '../../../shared/schemas/discussion.ts';
import type { Database } from '../../db/client.ts';
import { encodeSseEvent } from '../../lib/realtime/event-stream.ts';
import { type FanoutOptions, TopicFanout } from '../../lib/realtime/fanout.ts';
import { NOTIFY_PAYLOAD_MAX_BYTES, type NotificationHandlers } from '../../lib/realtime/listen.ts';
import { createLiveFeature, type LiveFeatureOptions, type LiveLifecycle, messageStreamSink } from '../../lib/realtime/live-streams.ts';
import type { Logger } from '../../logger.ts';
import type { StreamViewer } from '../../lib/access-watch.ts';
import { latestMessageId, messageById, messagesAfter, toMessage } from './queries.ts';

export const DISCUSSION_CHANNEL = 'ideahub_discussion';

/**
 * NOTIFY payload (PostgreSQL refuses 8000 bytes or more): which item, which message, what happened
 * (new, deleted, updated), and when it fits the message itself: 'r' for a new one (queries.ts
 * insertMessage writes it), 'd' for an updated one (as the API gives it).
 */
export interface DiscussionNotice {
  i: string;
  m: number;
  k: 'new' | 'del' | 'upd';
  /**
   * The new message: content, created_at in epoch milliseconds, author id and profile name, the
   * message it replies to and whom it mentions.
   */
  r?: { c: string; t: number; u: string; n: string | null; a?: string | null; p?: number | null; x?: { id: string; name: string }[] };
  d?: DiscussionMessage;
}

export function noticePayload(notice: DiscussionNotice): string {
  return JSON.stringify(notice);
}

/** The 'upd' notice of `message`: with the message when it fits, else by id only (read when it arrives). */
export function updatePayload(ideaId: string, message: DiscussionMessage): string {
  const full = noticePayload({ i: ideaId, m: message.id, k: 'upd', d: message });
  return Buffer.byteLength(full, 'utf8') <= NOTIFY_PAYLOAD_MAX_BYTES ? full : noticePayload({ i: ideaId, m: message.id, k: 'upd' });
}

function parseNotice(payload: string): DiscussionNotice | null {
  try {
    const n = JSON.parse(payload) as Partial<DiscussionNotice>;
    if (typeof n.i === 'string' && typeof n.m === 'number' && (n.k === 'new' || n.k === 'del' || n.k === 'upd')) return n as DiscussionNotice;
  } catch {
    /* not ours */
  }
  return null;
}

const isMention = (x: unknown): x is { id: string; name: string } =>
  typeof x === 'object' && x !== null && typeof (x as { id?: unknown }).id === 'string' && typeof (x as { name?: unknown }).name === 'string';

/** The message a notice carries, as the list endpoint gives it; null when it carries none (read it). */
function carriedMessage(notice: DiscussionNotice): DiscussionMessage | null {
  const r = notice.r;
  if (!r || typeof r.c !== 'string' || !Number.isSafeInteger(r.t) || typeof r.u !== 'string') return null;
  if (r.n !== null && typeof r.n !== 'string') return null;
  if (r.a !== undefined && r.a !== null && typeof r.a !== 'string') return null;
  const parentId = r.p === undefined || r.p === null ? null : Number.isSafeInteger(r.p) ? r.p : undefined;
  const mentioned = r.x ?? [];
  if (parentId === undefined || !Array.isArray(mentioned) || !mentioned.every(isMention)) return null;
  return toMessage({ id: notice.m, content: r.c, createdAt: new Date(r.t), userId: r.u, authorName: r.n, authorPhotoUrl: r.a ?? null, parentId }, mentioned);
}

/** The updated message a notice carries; null when it carries none or not a message. */
function carriedUpdate(notice: DiscussionNotice): DiscussionMessage | null {
  const parsed = discussionMessageSchema.safeParse(notice.d);
  return parsed.success && parsed.data.id === notice.m ? parsed.data : null;
}

export interface DiscussionRealtimeOptions extends LiveFeatureOptions {
  fanout?: FanoutOptions;
}

export interface DiscussionRealtime extends LiveLifecycle {
  /**
   * The event stream of one item's discussion for a viewer already found entitled; 503 while
   * shutting down. `response`: Node's response when Node serves the request (events are then
   * written to it directly). `viewer`: whose access is re-checked while the stream is open (it
   * ends when that access is gone).
   */
  openStream(ideaId: string, fromId: number | null, signal: AbortSignal, response?: ServerResponse, viewer?: StreamViewer): Response;
  /** Subscribers registered now, over all items (0 when nobody watches). */
  readonly subscriberCount: number;
}

export function createDiscussionRealtime(database: Database, logger: Logger, opts: DiscussionRealtimeOptions = {}): DiscussionRealtime {
  const live = createLiveFeature(database, logger, DISCUSSION_CHANNEL, () => handlers, opts);
  const fanout = new TopicFanout<DiscussionMessage>(
    {
      latestId: (ideaId) => latestMessageId(database.db, ideaId),
      loadAfter: (ideaId, afterId, limit) => messagesAfter(database.db, ideaId, afterId, limit),
    },
    logger,
    // Notices of one listening session arrive complete and in commit order: see TopicFanout.
    { ...opts.fanout, listenSession: live.listenSession },
  );
  live.onClose(() => fanout.closeAll());
  // A live row is one object handed to every subscriber of its item: encode it once, not per stream.
  const encoded = new WeakMap<DiscussionMessage, Uint8Array>();
  const messageChunk = (m: DiscussionMessage) => {
    let chunk = encoded.get(m);
    if (!chunk) {
      chunk = encodeSseEvent(STREAM_EVENTS.message, m, m.id);
      encoded.set(m, chunk);
    }
    return chunk;
  };
  const handlers: NotificationHandlers = {
    onNotify(payload, session) {
      const notice = parseNotice(payload);
      if (!notice) return;
      if (notice.k === 'new') {
        const row = carriedMessage(notice);
        fanout.notifyInserted(notice.i, row ? { row, session } : undefined);
      } else if (notice.k === 'upd') {
        fanout.notifyUpdated(notice.i, carriedUpdate(notice) ?? (() => messageById(database.db, notice.m)));
      } else fanout.notifyRemoved(notice.i, notice.m);
    },
    onReconnect: () => fanout.resyncAll(),
  };

  const realtime = Object.assign(live, {
    openStream(ideaId: string, fromId: number | null, signal: AbortSignal, response?: ServerResponse, viewer?: StreamViewer) {
      return live.open({
        signal,
        response,
        attach(stream) {
          const subscription = fanout.subscribe(ideaId, fromId, {
            ...messageStreamSink(stream, messageChunk),
            updated: (m) => stream.send(STREAM_EVENTS.messageUpdated, m),
          });
          return () => subscription.unsubscribe();
        },
        viewer,
      });
    },
  });
  return Object.defineProperty(realtime, 'subscriberCount', { get: () => fanout.subscriberCount }) as typeof realtime & { readonly subscriberCount: number };
}
