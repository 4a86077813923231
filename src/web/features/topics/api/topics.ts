import type { Topic, TopicList } from '@shared/schemas/topics';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const topicKeys = {
  all: ['topics'] as const,
  list: () => [...topicKeys.all, 'list'] as const,
  one: (slug: string) => [...topicKeys.all, 'one', slug] as const,
};

/** Every topic, by name (the form's picker). */
export function useTopics() {
  return useQuery({ queryKey: topicKeys.list(), queryFn: () => api<TopicList>('/api/topics'), staleTime: 60_000 });
}

/** One topic for its page. A 'not found' already known (the server drew the not-found page) is final. */
export function useTopic(slug: string) {
  const client = useQueryClient();
  const queryKey = topicKeys.one(slug);
  const knownMissing = (client.getQueryState(queryKey)?.error as { status?: unknown } | null | undefined)?.status === 404;
  return useQuery({ queryKey, queryFn: () => api<Topic>(`/api/topics/${encodeURIComponent(slug)}`), retryOnMount: !knownMissing, retry: false });
}
