import type { IdeaListQuery, IdeaListResponse } from '@shared/schemas/ideas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ideasKeys } from './ideas-keys';

export type IdeaFilter = Pick<IdeaListQuery, 'category' | 'q'>;

export function fetchIdeasPage(filter: IdeaFilter, cursor: string | null, limit = 20) {
  return api<IdeaListResponse>('/api/ideas', {
    query: { category: filter.category, q: filter.q, cursor, limit },
  });
}

/** Keyset pages of ideas, newest first; more load as the person scrolls. */
export function useIdeas(filter: IdeaFilter) {
  return useInfiniteQuery({
    queryKey: ideasKeys.list(filter),
    queryFn: ({ pageParam }) => fetchIdeasPage(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
