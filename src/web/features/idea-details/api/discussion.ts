/**
 * The discussion of an item: GET /api/ideas/{id}/messages (latest page first, earlier pages on
 * demand), POST a message, DELETE /api/messages/{id}. Live additions and removals come from the
 * stream (hooks/use-discussion-stream.ts) and go into the same cache.
 */
import type { DiscussionMessage, MessageList } from '@shared/schemas/discussion';
import { type InfiniteData, type QueryClient, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api-client';
import { updateIdea } from './idea-cache';

export const discussionKeys = {
  all: ['discussion'] as const,
  messages: (ideaId: string) => [...discussionKeys.all, ideaId, 'messages'] as const,
};

type Pages = InfiniteData<MessageList, number | undefined>;

export function useMessages(ideaId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: discussionKeys.messages(ideaId),
    queryFn: ({ pageParam }) =>
      api<MessageList>(`/api/ideas/${encodeURIComponent(ideaId)}/messages`, { query: { before: pageParam } }),
    initialPageParam: undefined as number | undefined,
    // Pages go back in time: each next page is the one before the oldest message so far.
    getNextPageParam: (last) => (last.hasMore && last.items[0] ? last.items[0].id : undefined),
    enabled,
    staleTime: Infinity,
  });
}

/** Every loaded message, oldest first. */
export function flattenMessages(data: InfiniteData<MessageList, unknown> | undefined): DiscussionMessage[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((p) => p.items);
}

/** Adds a message (once) to the newest page; true when it was new. */
export function addMessage(client: QueryClient, ideaId: string, message: DiscussionMessage): boolean {
  let added = false;
  client.setQueryData<Pages>(discussionKeys.messages(ideaId), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((p) => p.items.some((m) => m.id === message.id))) return data;
    added = true;
    const [newest, ...rest] = data.pages;
    const items = [...newest!.items, message].sort((a, b) => a.id - b.id);
    return { ...data, pages: [{ ...newest!, items }, ...rest] };
  });
  if (added) updateIdea(client, ideaId, (idea) => ({ ...idea, commentCount: idea.commentCount + 1 }));
  return added;
}

/** Removes a message wherever it is; true when it was there. */
export function dropMessage(client: QueryClient, ideaId: string, messageId: number): boolean {
  let removed = false;
  client.setQueryData<Pages>(discussionKeys.messages(ideaId), (data) => {
    if (!data) return data;
    const pages = data.pages.map((p) => {
      const items = p.items.filter((m) => m.id !== messageId);
      if (items.length !== p.items.length) removed = true;
      return items.length === p.items.length ? p : { ...p, items };
    });
    return removed ? { ...data, pages } : data;
  });
  if (removed) updateIdea(client, ideaId, (idea) => ({ ...idea, commentCount: Math.max(0, idea.commentCount - 1) }));
  return removed;
}

export function usePostMessage(ideaId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      api<DiscussionMessage>(`/api/ideas/${encodeURIComponent(ideaId)}/messages`, { method: 'POST', body: { content } }),
    onSuccess: (message) => addMessage(client, ideaId, message),
    onError: (error) => toast({ variant: 'destructive', title: 'Failed to post', description: error.message }),
  });
}

export function useRemoveMessage(ideaId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, reason }: { messageId: number; reason?: string }) =>
      api<void>(`/api/messages/${messageId}`, { method: 'DELETE', body: reason?.trim() ? { reason } : undefined }),
    onSuccess: (_data, { messageId }) => dropMessage(client, ideaId, messageId),
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: error.message }),
  });
}
