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
  encodeSseEvent,
  type ListenOptions,
  LiveStreams,
  messageStreamSink,
  TopicFanout,
} from '../../lib/realtime.ts';
import type { Logger } from '../../logger.ts';
import { ACCESS_CHECK_MS, createAccessWatch } from '../discussion/access-watch.ts';
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
  const streams = new LiveStreams(opts);
  const fanout = new TopicFanout<PrivateMessage>(
    {
      latestId: (id) => latestMessageId(database.db, id),
      loadAfter: (id, afterId, limit) => messagesAfter(database.db, id, afterId, limit),
    },
    logger,
    { listenSession: streams.listenSession },
  );
  // Membership only ends with the account (whose sessions go with it): the session check suffices,
  // with the viewer as 'owner' of their own stream, as the notifications' stream does.
  const access = createAccessWatch(database.db, logger, opts.accessCheckMs ?? ACCESS_CHECK_MS);

  return {
    async start() {
      await streams.listen(
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
      return streams.open({
        signal,
        response,
        attach(stream) {
          const subscription = fanout.subscribe(
            conversationId,
            fromId,
            messageStreamSink(stream, (m: PrivateMessage) => encodeSseEvent(STREAM_EVENTS.message, m, m.id)),
          );
          return () => subscription.unsubscribe();
        },
        watch: (lost) => access.watch({ userId: viewer.userId, sessionToken: viewer.sessionToken, ownerId: viewer.userId }, lost),
      });
    },

    closeAllStreams() {
      fanout.closeAll();
      streams.closeAll();
    },

    async stop() {
      fanout.closeAll();
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
