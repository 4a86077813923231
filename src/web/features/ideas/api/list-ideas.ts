import { type HomeFilter, homeFilterOf, homeListRequest } from '@shared/constants';
import type { IdeaListResponse } from '@shared/schemas/ideas';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ideasKeys } from './ideas-keys';

export type IdeaFilter = HomeFilter;

/** Home's filter from its address: the tab, the search, the sort and window, the price filters (shared: homeFilterOf). */
export function browseFilterOf(params: URLSearchParams): IdeaFilter {
  return homeFilterOf(params);
}

/** One page of home's list: the first page's request is exactly homeListRequest, which the server asks for a drawn home page too. */
export function fetchIdeasPage(filter: IdeaFilter, cursor: string | null) {
  return api<IdeaListResponse>(`${homeListRequest(filter)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
}

/**
 * Keyset pages of ideas in the filter's order; more load as the person scrolls. Filters the server
 * already refused (its page says why: page-loaders.ts) are not asked again as the page hydrates.
 */
export function useIdeas(filter: IdeaFilter) {
  const client = useQueryClient();
  const queryKey = ideasKeys.list(filter);
  const knownRefused = (client.getQueryState(queryKey)?.error as { status?: unknown } | null | undefined)?.status === 400;
  return useInfiniteQuery({
    queryKey,
    retryOnMount: !knownRefused,
    queryFn: ({ pageParam }) => fetchIdeasPage(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
