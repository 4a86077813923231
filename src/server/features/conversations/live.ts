/**
 * The live side of private conversations: one LISTEN per server instance on PRIVATE_MESSAGES_CHANNEL,
 * a fan-out per conversation (lib/realtime/fanout.ts) and the Server-Sent Events stream each
 * of its two people holds. The same protocol as the discussion's stream (discussion/live.ts):
 * `retry:`, 'message' events with `id:` (resume with Last-Event-ID), 'message-deleted' (a
 * moderator removed a reported message), 'resync', `: ready`, `: ping`. Who may open it is decided
 * by the route (members only); while open, the viewer's session is re-checked (lib/access-watch.ts), so
 * a stream ends within seconds of its person signing out, being banned or deleting their account.
 * The lifecycle (listening, access watch, shutdown) is lib/realtime/live-streams.ts createLiveFeature.
 */
import type { ServerResponse } from 'node:http';
import { STREAM_EVENTS } from '../../../shared/rules/discussion-message.ts';
import type { PrivateMessage } from '../../../shared/schemas/conversations.ts';
import type { Database } from '../../db/client.ts';
import { encodeSseEvent } from '../../lib/realtime/event-stream.ts';
import { TopicFanout } from '../../lib/realtime/fanout.ts';
import type { NotificationHandlers } from '../../lib/realtime/listen.ts';
import { createLiveFeature, type LiveFeatureOptions, type LiveLifecycle, messageStreamSink } from '../../lib/realtime/live-streams.ts';
import type { Logger } from '../../logger.ts';
import { latestMessageId, messagesAfter, toPrivateMessage } from './queries.ts';

export const PRIVATE_MESSAGES_CHANNEL = 'ideahub_private_messages';

/** NOTIFY payload: which conversation, which message, what happened, and the new message when it fits (queries.ts). */
interface PrivateMessageNotice {
  c: string;
  m: number;
  k: 'new' | 'del';
  r?: { c: string; t: number; u: string; n: string | null; a?: string | null };
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
  if (r.a !== undefined && r.a !== null && typeof r.a !== 'string') return null;
  return toPrivateMessage({ id: n.m, content: r.c, createdAt: new Date(r.t), senderId: r.u, authorName: r.n, authorPhotoUrl: r.a ?? null });
}

export type ConversationRealtimeOptions = LiveFeatureOptions;

export interface ConversationStreamViewer {
  userId: string;
  sessionToken: string | null;
}

export interface ConversationRealtime extends LiveLifecycle {
  /** The stream of one conversation for one of its people (the route checked that); 503 while shutting down. */
  openStream(conversationId: string, fromId: number | null, signal: AbortSignal, viewer: ConversationStreamViewer, response?: ServerResponse): Response;
}

export function createConversationRealtime(database: Database, logger: Logger, opts: ConversationRealtimeOptions = {}): ConversationRealtime {
  const live = createLiveFeature(database, logger, PRIVATE_MESSAGES_CHANNEL, () => handlers, {
    ...opts,
    listen: { applicationName: 'ideahub-listen-private', ...opts.listen },
  });
  const fanout = new TopicFanout<PrivateMessage>(
    {
      latestId: (id) => latestMessageId(database.db, id),
      loadAfter: (id, afterId, limit) => messagesAfter(database.db, id, afterId, limit),
    },
    logger,
    { listenSession: live.listenSession },
  );
  live.onClose(() => fanout.closeAll());
  const handlers: NotificationHandlers = {
    onNotify(payload, session) {
      const notice = parseNotice(payload);
      if (!notice) return;
      if (notice.k === 'new') {
        const row = carriedMessage(notice);
        fanout.notifyInserted(notice.c, row ? { row, session } : undefined);
      } else fanout.notifyRemoved(notice.c, notice.m);
    },
    onReconnect: () => fanout.resyncAll(),
  };

  return Object.assign(live, {
    openStream(conversationId: string, fromId: number | null, signal: AbortSignal, viewer: ConversationStreamViewer, response?: ServerResponse) {
      return live.open({
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
        // Membership only ends with the account (whose sessions go with it): the session check
        // suffices, with the viewer as 'owner' of their own stream, as the notifications' stream does.
        viewer: { userId: viewer.userId, sessionToken: viewer.sessionToken, ownerId: viewer.userId },
      });
    },
  });
}
