import type { IdeaListResponse } from '@shared/schemas/ideas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ideasKeys } from '../../../lib/ideas-keys';

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
