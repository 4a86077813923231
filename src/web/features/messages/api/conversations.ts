/**
 * Private conversations (issue 17 point 6): the Messages tab's list, one conversation, its
 * messages (latest page first, earlier pages on demand), sending and marking read. Live messages
 * come from the stream (hooks/use-conversation-stream.ts) into the same cache.
 */
import type { Conversation, ConversationList, PrivateMessage, PrivateMessageList } from '@shared/schemas/conversations';
import { type InfiniteData, type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const conversationsKeys = {
  all: ['conversations'] as const,
  list: () => [...conversationsKeys.all, 'list'] as const,
  one: (id: string) => [...conversationsKeys.all, 'one', id] as const,
  messages: (id: string) => [...conversationsKeys.all, 'messages', id] as const,
};

const path = (id: string) => `/api/conversations/${encodeURIComponent(id)}`;

export function useConversations() {
  return useInfiniteQuery({
    queryKey: conversationsKeys.list(),
    queryFn: ({ pageParam }) => api<ConversationList>('/api/conversations', { query: { cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useConversation(id: string) {
  return useQuery({ queryKey: conversationsKeys.one(id), queryFn: () => api<Conversation>(path(id)), retry: false });
}

type Pages = InfiniteData<PrivateMessageList, number | undefined>;

export function usePrivateMessages(id: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: conversationsKeys.messages(id),
    queryFn: ({ pageParam }) => api<PrivateMessageList>(`${path(id)}/messages`, { query: { before: pageParam } }),
    initialPageParam: undefined as number | undefined,
    // Pages go back in time: each next page is the one before the oldest message so far.
    getNextPageParam: (last) => (last.hasMore && last.items[0] ? last.items[0].id : undefined),
    enabled,
    staleTime: Infinity,
  });
}

/** Every loaded message, oldest first. */
export function flattenPrivateMessages(data: InfiniteData<PrivateMessageList, unknown> | undefined): PrivateMessage[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((p) => p.items);
}

/** Adds a message (once) to the newest page. */
export function addPrivateMessage(client: QueryClient, id: string, message: PrivateMessage): void {
  client.setQueryData<Pages>(conversationsKeys.messages(id), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((p) => p.items.some((m) => m.id === message.id))) return data;
    const [newest, ...rest] = data.pages;
    return { ...data, pages: [{ ...newest!, items: [...newest!.items, message].sort((a, b) => a.id - b.id) }, ...rest] };
  });
}

/** Removes a message wherever it is (a moderator removed a reported one). */
export function dropPrivateMessage(client: QueryClient, id: string, messageId: number): void {
  client.setQueryData<Pages>(conversationsKeys.messages(id), (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.filter((m) => m.id !== messageId) })) } : data,
  );
}

export function useSendPrivateMessage(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => api<PrivateMessage>(`${path(id)}/messages`, { method: 'POST', body: { content } }),
    onSuccess: (message) => {
      addPrivateMessage(client, id, message);
      void client.invalidateQueries({ queryKey: conversationsKeys.list() });
    },
  });
}

/** Tells the server what the reader has seen; the Messages tab's counts follow. */
export async function markConversationRead(client: QueryClient, id: string, upTo: number): Promise<void> {
  await api<{ lastReadId: number; unread: number }>(`${path(id)}/read`, { method: 'POST', body: { upTo } });
  void client.invalidateQueries({ queryKey: conversationsKeys.list() });
}
