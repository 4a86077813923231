import type { IdeaCard, IdeaListResponse } from '@shared/schemas/ideas';
import { type InfiniteData, type QueryKey, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { toast } from '../../../components/ui/use-toast';
import { ideasKeys } from './ideas-keys';

/** The bookmarked items (dashboard 'Saved'), newest bookmark first. */
export function useSavedIdeas(enabled = true) {
  return useInfiniteQuery({
    queryKey: ideasKeys.saved(),
    queryFn: ({ pageParam }) => api<IdeaListResponse>('/api/me/saved', { query: { cursor: pageParam, limit: 20 } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

type Pages = InfiniteData<IdeaListResponse, string | null>;

function withSaved(data: Pages | undefined, id: string, saved: boolean): Pages | undefined {
  if (!data?.pages) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item): IdeaCard =>
        item.id === id ? { ...item, viewer: { liked: item.viewer?.liked ?? false, own: item.viewer?.own ?? false, saved } } : item,
      ),
    })),
  };
}

/**
 * Bookmark or un-bookmark an item. Optimistic: every cached list shows the new state at once and
 * goes back (with a toast) if the server refuses; once the server has it, a toast says so
 * (issue 15 point 8: not only the icon).
 */
export function useToggleSaved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, saved }: { id: string; saved: boolean }) =>
      api<void>(`/api/ideas/${encodeURIComponent(id)}/save`, { method: saved ? 'PUT' : 'DELETE' }),
    onMutate: async ({ id, saved }) => {
      const snapshot: [QueryKey, Pages | undefined][] = [];
      for (const queryKey of [ideasKeys.lists(), ideasKeys.saved()]) {
        await queryClient.cancelQueries({ queryKey });
        snapshot.push(...queryClient.getQueriesData<Pages>({ queryKey }));
        queryClient.setQueriesData<Pages>({ queryKey }, (data) => withSaved(data, id, saved));
      }
      return { snapshot };
    },
    onError: (error, { saved }, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      toast({
        variant: 'destructive',
        title: saved ? 'Could not save' : 'Could not remove from Saved',
        description: error.message,
      });
    },
    onSuccess: (_data, { saved }) => {
      toast(
        saved
          ? { title: 'Saved', description: 'You can find it in your dashboard, under Saved.' }
          : { title: 'Removed from Saved', description: 'It is no longer in your saved items.' },
      );
    },
    onSettled: (_data, _error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: ideasKeys.saved() });
      void queryClient.invalidateQueries({ queryKey: ideasKeys.detail(id) });
    },
  });
}
