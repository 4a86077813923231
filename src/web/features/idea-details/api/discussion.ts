/**
 * The discussion of an item: GET /api/ideas/{id}/messages (latest page first, earlier pages on
 * demand), POST a message or a reply, PATCH (edit) and DELETE /api/messages/{id}. Live additions,
 * changes and removals come from the stream (hooks/use-discussion-stream.ts) and go into the same
 * cache.
 */
import type { DiscussionMessage, MentionSuggestions, MessageList } from '@shared/schemas/discussion';
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

/** The loaded message `id`, or undefined. */
function findMessage(data: Pages | undefined, id: number): DiscussionMessage | undefined {
  for (const p of data?.pages ?? []) for (const m of p.items) if (m.id === id) return m;
  return undefined;
}

/** Puts `message` in the place of the loaded one with its id (a newer edit, or 'Message deleted'); true when it was there. */
export function replaceMessage(client: QueryClient, ideaId: string, message: DiscussionMessage): boolean {
  const key = discussionKeys.messages(ideaId);
  const before = findMessage(client.getQueryData<Pages>(key), message.id);
  if (!before) return false;
  client.setQueryData<Pages>(key, (data) =>
    data ? { ...data, pages: data.pages.map((p) => (p.items.some((m) => m.id === message.id) ? { ...p, items: p.items.map((m) => (m.id === message.id ? message : m)) } : p)) } : data,
  );
  // A placeholder no longer counts as a message.
  if (message.deleted && !before.deleted) updateIdea(client, ideaId, (idea) => ({ ...idea, commentCount: Math.max(0, idea.commentCount - 1) }));
  return true;
}

/** Removes a message wherever it is; true when it was there. */
export function dropMessage(client: QueryClient, ideaId: string, messageId: number): boolean {
  const key = discussionKeys.messages(ideaId);
  const before = findMessage(client.getQueryData<Pages>(key), messageId);
  if (!before) return false;
  client.setQueryData<Pages>(key, (data) => {
    if (!data) return data;
    return { ...data, pages: data.pages.map((p) => (p.items.some((m) => m.id === messageId) ? { ...p, items: p.items.filter((m) => m.id !== messageId) } : p)) };
  });
  if (!before.deleted) updateIdea(client, ideaId, (idea) => ({ ...idea, commentCount: Math.max(0, idea.commentCount - 1) }));
  return true;
}

/**
 * What the server does when a message is deleted, done at once here (the stream then confirms it):
 * a message with replies becomes 'Message deleted', one without goes, and a placeholder whose last
 * reply went goes too.
 */
export function deleteMessageLocally(client: QueryClient, ideaId: string, messageId: number): void {
  const data = client.getQueryData<Pages>(discussionKeys.messages(ideaId));
  const message = findMessage(data, messageId);
  if (!message) return;
  const all = data?.pages.flatMap((p) => p.items) ?? [];
  if (all.some((m) => m.parentId === messageId)) {
    replaceMessage(client, ideaId, { ...message, content: '', author: { id: null, name: null, avatarUrl: null }, editedAt: null, deleted: true, mentions: [] });
    return;
  }
  dropMessage(client, ideaId, messageId);
  const parent = message.parentId === null ? undefined : all.find((m) => m.id === message.parentId);
  if (parent?.deleted && !all.some((m) => m.parentId === parent.id && m.id !== messageId)) dropMessage(client, ideaId, parent.id);
}

/** What the message box sends: the text, the people chosen from the suggestions, and for a reply the message answered. */
export interface MessageDraft {
  content: string;
  mentions: string[];
  parentId?: number;
}

export function usePostMessage(ideaId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: MessageDraft) =>
      api<DiscussionMessage>(`/api/ideas/${encodeURIComponent(ideaId)}/messages`, { method: 'POST', body: draft }),
    onSuccess: (message) => addMessage(client, ideaId, message),
    onError: (error) => toast({ variant: 'destructive', title: 'Failed to post', description: error.message }),
  });
}

export function useEditMessage(ideaId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, draft }: { messageId: number; draft: MessageDraft }) =>
      api<DiscussionMessage>(`/api/messages/${messageId}`, { method: 'PATCH', body: { content: draft.content, mentions: draft.mentions } }),
    onSuccess: (message) => replaceMessage(client, ideaId, message),
    onError: (error) => toast({ variant: 'destructive', title: 'Failed to save', description: error.message }),
  });
}

/** Deletes one's own message, or (moderators and admins) removes anyone's with an optional reason. */
export function useRemoveMessage(ideaId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, reason }: { messageId: number; reason?: string }) =>
      api<void>(`/api/messages/${messageId}`, { method: 'DELETE', body: reason?.trim() ? { reason } : undefined }),
    onSuccess: (_data, { messageId }) => deleteMessageLocally(client, ideaId, messageId),
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: error.message }),
  });
}

/** People to mention after '@' + `q` (names and ids), while the box is open on them. */
export function fetchMentionSuggestions(ideaId: string, q: string, signal?: AbortSignal) {
  return api<MentionSuggestions>(`/api/ideas/${encodeURIComponent(ideaId)}/mention-suggestions`, { query: { q }, signal });
}
