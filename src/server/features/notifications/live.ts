/**
 * The live unread count (issue 17 point 1): one stream per signed-in page, fed through the realtime
 * fan-out of decision 0005. notify.ts and markAllRead announce each person's new count on
 * NOTIFICATIONS_CHANNEL in the writing transaction; every instance LISTENs once and hands the count
 * to that person's open streams, whichever instance or tab caused it.
 *
 * Stream protocol (GET /api/notifications/stream, text/event-stream):
 *   retry: 3000                 first
 *   event: unread               data: { "unread": n }: the count now; first on connect, then on every change
 *                               (a like joining an unread group sends the same count: the list changed)
 *   : ping                      heartbeat
 * There is nothing to replay: the count is the whole state, and a reconnecting client is sent it
 * first. The count carried by a notice is the one its transaction wrote on the person's inbox row
 * (changes of one person are serialised there), and notices arrive in commit order, so the last
 * one a stream gets is the current count. After the listening connection was lost, every open
 * stream is sent its count read again. A stream ends within seconds of its session ending.
 */
import type { ServerResponse } from 'node:http';
import { inArray } from 'drizzle-orm';
import { NOTIFICATION_STREAM_EVENT } from '../../../shared/schemas/notifications.ts';
import type { Database } from '../../db/client.ts';
import { notificationInboxes } from '../../db/schema.ts';
import { encodeSseEvent } from '../../lib/realtime/event-stream.ts';
import { createLiveFeature, type LiveFeatureOptions, type LiveLifecycle } from '../../lib/realtime/live-streams.ts';
import { type Logger, loggableError } from '../../logger.ts';
import { NOTIFICATIONS_CHANNEL, parseUnreadNotice } from './channel.ts';
import { unreadCount } from './queries.ts';

/** People per query when counts are read again after a reconnect. */
const BATCH = 1000;

export type NotificationRealtimeOptions = LiveFeatureOptions;

export interface NotificationStreamViewer {
  userId: string;
  /** The session the stream was opened with (null when unknown: then only the account is checked). */
  sessionToken: string | null;
}

export interface NotificationRealtime extends LiveLifecycle {
  /** The person's stream; 503 while shutting down. */
  openStream(viewer: NotificationStreamViewer, signal: AbortSignal, response?: ServerResponse): Response;
}

interface Stream {
  send(chunk: Uint8Array): void;
  /** True once a notice's count went out (the count read on connect is then older). */
  told: boolean;
}

export function createNotificationRealtime(database: Database, logger: Logger, opts: NotificationRealtimeOptions = {}): NotificationRealtime {
  const byPerson = new Map<string, Set<Stream>>();
  const live = createLiveFeature(
    database,
    logger,
    NOTIFICATIONS_CHANNEL,
    () => ({
      onNotify(payload) {
        const notice = parseUnreadNotice(payload);
        if (notice) tell(notice.u, notice.n);
      },
      onReconnect: () => void resendAll(),
    }),
    { ...opts, listen: { applicationName: 'ideahub-listen-notifications', ...opts.listen } },
  );
  live.onClose(() => byPerson.clear());
  const countEvent = (unread: number) => encodeSseEvent(NOTIFICATION_STREAM_EVENT, { unread });

  const tell = (userId: string, unread: number) => {
    const entries = byPerson.get(userId);
    if (!entries) return;
    const chunk = countEvent(unread);
    for (const s of entries) {
      s.told = true;
      s.send(chunk);
    }
  };

  /** After a reconnect: every open stream gets its count as it is now. */
  const resendAll = async () => {
    const people = [...byPerson.keys()];
    try {
      for (let i = 0; i < people.length; i += BATCH) {
        const batch = people.slice(i, i + BATCH);
        const rows = await database.db
          .select({ userId: notificationInboxes.userId, unread: notificationInboxes.unread })
          .from(notificationInboxes)
          .where(inArray(notificationInboxes.userId, batch));
        const counts = new Map(rows.map((r) => [r.userId, r.unread]));
        for (const userId of batch) tell(userId, counts.get(userId) ?? 0);
      }
    } catch (error) {
      logger.warn({ err: loggableError(error).message }, 'notifications: reading counts again after a reconnect failed');
    }
  };

  return Object.assign(live, {
    openStream(viewer: NotificationStreamViewer, signal: AbortSignal, response?: ServerResponse) {
      return live.open({
        signal,
        response,
        attach(stream) {
          const entry: Stream = { send: (chunk) => stream.sendEncoded(chunk), told: false };
          let set = byPerson.get(viewer.userId);
          if (!set) byPerson.set(viewer.userId, (set = new Set()));
          set.add(entry);
          // Registered first, read second: a change committed meanwhile arrives as a notice, and
          // then the count read here (possibly older) is not sent.
          unreadCount(database.db, viewer.userId).then(
            (unread) => {
              if (!entry.told) stream.sendEncoded(countEvent(unread));
            },
            (error: unknown) => {
              logger.warn({ err: loggableError(error).message }, 'notifications: reading the unread count failed');
              stream.close();
            },
          );
          return () => {
            const set = byPerson.get(viewer.userId);
            set?.delete(entry);
            if (set?.size === 0) byPerson.delete(viewer.userId);
          };
        },
        // Open streams' sessions are re-checked like the discussion's; a person is always 'the owner' of their own stream.
        viewer: { userId: viewer.userId, sessionToken: viewer.sessionToken, ownerId: viewer.userId },
      });
    },
  });
}
