/**
 * GET /api/notifications/unread-count: the header's count. Kept in the home route's code, so it
 * stays this small; the live stream that updates it is a chunk of its own (notification-stream.ts).
 */
import type { UnreadCount } from '@shared/schemas/notifications';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationsKeys } from './notifications-keys';

export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: notificationsKeys.unread(),
    queryFn: () => api<UnreadCount>('/api/notifications/unread-count'),
    enabled,
    // The live stream keeps it current; a page drawn by the server brings it along.
    staleTime: 5 * 60_000,
  });
}
