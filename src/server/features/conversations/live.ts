/**
 * The live side of private conversations: one LISTEN per server instance on PRIVATE_MESSAGES_CHANNEL,
 * a fan-out per conversation (lib/realtime.ts TopicFanout) and the Server-Sent Events stream each
 * of its two people holds. The same protocol as the discussion's stream (discussion/live.ts):
 * `retry:`, 'message' events with `id:` (resume with Last-Event-ID), 'message-deleted' (a
 * moderator removed a reported message), 'resync', `: ready`, `: ping`. Who may open it is decided
 * by the route (members only); while open, the viewer's session is re-checked (access-watch.ts), so
 * a stream ends within seconds of its person signing out, being banned or deleting their account.
 */
import type { ServerResponse } from 'node:http';
import { STREAM_EVENTS } from '../../../shared/rules/discussion-message.ts';
import type { PrivateMessage } from '../../../shared/schemas/conversations.ts';
import type { Database } from '../../db/client.ts';
import {
  createEventStream,
  encodeSseEvent,
  EVENT_STREAM_HEADERS,
  FanoutClosedError,
  Heartbeat,
  listenForNotifications,
  type ListenOptions,
  type NotificationListener,
  TopicFanout,
} from '../../lib/realtime.ts';
import type { Logger } from '../../logger.ts';
import { ACCESS_CHECK_MS, createAccessWatch } from '../discussion/access-watch.ts';
import { LIFETIME_RECONNECT_MS, MAX_STREAM_MS } from '../discussion/live.ts';
import { latestMessageId, messagesAfter, toPrivateMessage } from './queries.ts';

export const PRIVATE_MESSAGES_CHANNEL = 'ideahub_private_messages';

/** NOTIFY payload: which conversation, which message, what happened, and the new message when it fits (queries.ts). */
interface PrivateMessageNotice {
  c: string;
  m: number;
  k: 'new' | 'del';
  r?: { c: string; t: number; u: string; n: string | null };
}

function parseNotice(payload: string): PrivateMessageNotice | null {
  try {
    const n = JSON.parse(payload) as Partial<PrivateMessageNotice>;
    if (typeof n.c === 'string' && typeof n.m === 'number' && (n.k === 'new' || n.k === 'del')) return n as PrivateMessageNotice;
  } catch {
    /* not ours */
  }
  return null;
}

function carriedMessage(n: PrivateMessageNotice): PrivateMessage | null {
  const r = n.r;
  if (!r || typeof r.c !== 'string' || !Number.isSafeInteger(r.t) || typeof r.u !== 'string') return null;
  if (r.n !== null && typeof r.n !== 'string') return null;
  return toPrivateMessage({ id: n.m, content: r.c, createdAt: new Date(r.t), senderId: r.u, authorName: r.n });
}

const RECONNECT_SOON = new TextEncoder().encode(`retry: ${LIFETIME_RECONNECT_MS}\n\n`);

export interface ConversationRealtimeOptions {
  heartbeatMs?: number;
  retryMs?: number;
  /** A stream ends after this long (less up to a fifth) and the browser reconnects, resuming. */
  maxStreamMs?: number;
  accessCheckMs?: number;
  listen?: ListenOptions;
}

export interface ConversationStreamViewer {
  userId: string;
  sessionToken: string | null;
}

export interface ConversationRealtime {
  start(): Promise<void>;
  /** The stream of one conversation for one of its people (the route checked that); 503 while shutting down. */
  openStream(conversationId: string, fromId: number | null, signal: AbortSignal, viewer: ConversationStreamViewer, response?: ServerResponse): Response;
  closeAllStreams(): void;
  stop(): Promise<void>;
  readonly openStreams: number;
  readonly listening: boolean;
}

export function createConversationRealtime(database: Database, logger: Logger, opts: ConversationRealtimeOptions = {}): ConversationRealtime {
  let listener: NotificationListener | null = null;
  const fanout = new TopicFanout<PrivateMessage>(
    {
      latestId: (id) => latestMessageId(database.db, id),
      loadAfter: (id, afterId, limit) => messagesAfter(database.db, id, afterId, limit),
    },
    logger,
    { listenSession: () => (listener?.connected ? listener.session : null) },
  );
  const heartbeat = new Heartbeat(opts.heartbeatMs ?? 20_000);
  const maxStreamMs = opts.maxStreamMs ?? MAX_STREAM_MS;
  // Membership only ends with the account (whose sessions go with it): the session check suffices,
  // with the viewer as 'owner' of their own stream, as the notifications' stream does.
  const access = createAccessWatch(database.db, logger, opts.accessCheckMs ?? ACCESS_CHECK_MS);

  return {
    async start() {
      listener = await listenForNotifications(
        database,
        PRIVATE_MESSAGES_CHANNEL,
        {
          onNotify(payload, session) {
            const notice = parseNotice(payload);
            if (!notice) return;
            if (notice.k === 'new') {
              const row = carriedMessage(notice);
              fanout.notifyInserted(notice.c, row ? { row, session } : undefined);
            } else fanout.notifyRemoved(notice.c, notice.m);
          },
          onReconnect: () => fanout.resyncAll(),
        },
        logger,
        { applicationName: 'ideahub-listen-private', ...opts.listen },
      );
    },

    openStream(conversationId, fromId, signal, viewer, response) {
      let subscription: { unsubscribe(): void } | null = null;
      let lifetime: ReturnType<typeof setTimeout> | undefined;
      let unwatch: (() => void) | undefined;
      const stream = createEventStream({
        signal,
        response,
        retryMs: opts.retryMs,
        onClose() {
          clearTimeout(lifetime);
          unwatch?.();
          subscription?.unsubscribe();
          heartbeat.delete(stream);
        },
      });
      try {
        subscription = fanout.subscribe(conversationId, fromId, {
          row: (m) => stream.sendEncoded(encodeSseEvent(STREAM_EVENTS.message, m, m.id)),
          removed: (id) => stream.send(STREAM_EVENTS.messageDeleted, { id }),
          resync: () => stream.send(STREAM_EVENTS.resync, {}),
          ready: () => stream.comment('ready'),
          close: () => stream.close(),
        });
      } catch (error) {
        stream.close();
        if (error instanceof FanoutClosedError) {
          return Response.json(
            { error: { code: 'unavailable', message: 'The server is restarting. Please try again shortly.' } },
            { status: 503, headers: { 'Retry-After': '1' } },
          );
        }
        throw error;
      }
      if (stream.closed) subscription.unsubscribe();
      else {
        heartbeat.add(stream);
        lifetime = setTimeout(() => {
          stream.sendEncoded(RECONNECT_SOON);
          stream.close();
        }, maxStreamMs * (1 - Math.random() / 5));
        lifetime.unref();
        unwatch = access.watch({ userId: viewer.userId, sessionToken: viewer.sessionToken, ownerId: viewer.userId }, () => {
          stream.sendEncoded(RECONNECT_SOON);
          stream.close();
        });
      }
      return new Response(stream.body, { status: 200, headers: EVENT_STREAM_HEADERS });
    },

    closeAllStreams() {
      fanout.closeAll();
      heartbeat.closeAll();
    },

    async stop() {
      fanout.closeAll();
      heartbeat.closeAll();
      access.stop();
      await listener?.stop();
      listener = null;
    },

    get openStreams() {
      return heartbeat.size;
    },
    get listening() {
      return listener?.connected ?? false;
    },
  };
}
