/** The notifications page and the preferences card: one's list, marking read, preferences, unsubscribe links. */
import type {
  DigestPreference,
  NotificationList,
  NotificationPreferences,
  NotificationPreferencesInput,
  UnreadCount,
  UnsubscribeState,
} from '@shared/schemas/notifications';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationsKeys } from './notifications-keys';

/** GET /api/notifications: newest first, a page at a time. */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationsKeys.list(),
    queryFn: ({ pageParam }) => api<NotificationList>('/api/notifications', { query: { cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
    staleTime: 0,
  });
}

/** POST /api/notifications/read: every notification read, the count 0 (here and, by the stream, in every tab). */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<UnreadCount>('/api/notifications/read', { method: 'POST' }),
    onSuccess: (count) => {
      client.setQueryData(notificationsKeys.unread(), count);
    },
  });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationsKeys.preferences(),
    queryFn: () => api<NotificationPreferences>('/api/notifications/preferences'),
    staleTime: 0,
  });
}

/** PUT /api/notifications/preferences with one switch; the screen shows the change at once and the answer after. */
export function useUpdateNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: NotificationPreferencesInput) => api<NotificationPreferences>('/api/notifications/preferences', { method: 'PUT', body: change }),
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey: notificationsKeys.preferences() });
      const before = client.getQueryData<NotificationPreferences>(notificationsKeys.preferences());
      if (before) {
        const next = structuredClone(before);
        for (const [kind, choice] of Object.entries(change) as [keyof NotificationPreferences, Partial<NotificationPreferences[keyof NotificationPreferences]>][]) {
          next[kind] = { ...next[kind], ...choice };
        }
        client.setQueryData(notificationsKeys.preferences(), next);
      }
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) client.setQueryData(notificationsKeys.preferences(), context.before);
    },
    onSuccess: (saved) => {
      client.setQueryData(notificationsKeys.preferences(), saved);
    },
  });
}

/** GET /api/notifications/digest: the weekly digest, on or off, and its day. */
export function useDigestPreference() {
  return useQuery({ queryKey: notificationsKeys.digest(), queryFn: () => api<DigestPreference>('/api/notifications/digest'), staleTime: 0 });
}

/** PUT /api/notifications/digest: shown at once, put back on failure. */
export function useUpdateDigestPreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<DigestPreference>) => api<DigestPreference>('/api/notifications/digest', { method: 'PUT', body: change }),
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey: notificationsKeys.digest() });
      const before = client.getQueryData<DigestPreference>(notificationsKeys.digest());
      if (before) client.setQueryData(notificationsKeys.digest(), { ...before, ...change });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) client.setQueryData(notificationsKeys.digest(), context.before);
    },
    onSuccess: (saved) => client.setQueryData(notificationsKeys.digest(), saved),
  });
}

/** GET /api/unsubscribe: what an email's unsubscribe link turns off, and whether it is on. */
export function unsubscribeQuery(token: string) {
  return {
    queryKey: notificationsKeys.unsubscribe(token),
    queryFn: () => api<UnsubscribeState>('/api/unsubscribe', { query: { token } }),
    retry: false,
  };
}

export function useUnsubscribeState(token: string) {
  return useQuery(unsubscribeQuery(token));
}
