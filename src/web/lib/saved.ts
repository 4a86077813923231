/**
 * Saving an item (the bookmark), shared by the cards (features/ideas) and the details page, which
 * saves after a person signed in from a card's Save (issue 27 point 5): below both features.
 */
import type { IdeaCard, IdeaListResponse } from '@shared/schemas/ideas';
import { type InfiniteData, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../components/ui/use-toast';
import { api } from './api-client';
import { ideasKeys } from './ideas-keys';

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
