/**
 * The live unread count (GET /api/notifications/stream): one EventSource per page, however many
 * bells it shows, opened by the bell once the page is interactive (this module is a chunk of its
 * own). Each 'unread' event sets the header's count and refreshes the notifications list if a
 * page shows it. EventSource reconnects by itself; a signed-out person's stream is refused and
 * stays closed.
 */
import { NOTIFICATION_STREAM_EVENT } from '@shared/rules/notifications';
import type { UnreadCount } from '@shared/schemas/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { notificationsKeys } from '../api/notifications-keys';

const open = new Map<QueryClient, { source: EventSource; users: number }>();

/** Starts (or joins) the page's stream; the returned function leaves it. */
export function followUnreadCount(client: QueryClient): () => void {
  let entry = open.get(client);
  if (!entry) {
    const source = new EventSource('/api/notifications/stream');
    source.addEventListener(NOTIFICATION_STREAM_EVENT, (event) => {
      let count: UnreadCount;
      try {
        count = JSON.parse((event as MessageEvent<string>).data) as UnreadCount;
      } catch {
        return;
      }
      if (typeof count.unread !== 'number') return;
      client.setQueryData(notificationsKeys.unread(), { unread: count.unread });
      // Something was added or read: an open list shows it (only a list on screen is fetched again).
      void client.invalidateQueries({ queryKey: notificationsKeys.list() });
    });
    entry = { source, users: 0 };
    open.set(client, entry);
  }
  entry.users += 1;
  const mine = entry;
  return () => {
    mine.users -= 1;
    if (mine.users === 0) {
      mine.source.close();
      if (open.get(client) === mine) open.delete(client);
    }
  };
}
