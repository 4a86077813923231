import { browseCategoryOf, IDEAS_PAGE_SIZE } from '@shared/constants';
import type { IdeaListQuery, IdeaListResponse } from '@shared/schemas/ideas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ideasKeys } from './ideas-keys';

export type IdeaFilter = Pick<IdeaListQuery, 'category' | 'q'>;

/** Home's filter from its address: `?category=` (a tab) and `?q=` (the search, trimmed). */
export function browseFilterOf(params: URLSearchParams): IdeaFilter {
  return { category: browseCategoryOf(params.get('category')), q: params.get('q')?.trim() || undefined };
}

// The first page's request is homeListRequest (shared): the server asks the same for a visitor's home page.
export function fetchIdeasPage(filter: IdeaFilter, cursor: string | null, limit = IDEAS_PAGE_SIZE) {
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

