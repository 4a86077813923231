import { type HomeFilter, homeFilterOf, homeListRequest } from '@shared/constants';
import type { IdeaListResponse } from '@shared/schemas/ideas';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ideasKeys } from '../../../lib/ideas-keys';

export type IdeaFilter = HomeFilter;

/** Home's filter from its address: the tab, the search, the sort and window, the price filters (shared: homeFilterOf). */
export function browseFilterOf(params: URLSearchParams): IdeaFilter {
  return homeFilterOf(params);
}

/** The request of one page of home's list: the first page's is exactly homeListRequest. */
export function ideasPageRequest(filter: IdeaFilter, cursor: string | null): string {
  return `${homeListRequest(filter)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
}

/** Where the list starts: the address's `?cursor=` (a page reached through 'More' without JavaScript), else the top. */
export const listStartOf = (params: URLSearchParams): string | null => params.get('cursor') || null;

/** One page of home's list, as the server asks it for a drawn home page too. */
export function fetchIdeasPage(filter: IdeaFilter, cursor: string | null) {
  return api<IdeaListResponse>(ideasPageRequest(filter, cursor));
}

/**
 * Keyset pages of ideas in the filter's order; more load as the person scrolls. Filters the server
 * already refused (its page says why: page-loaders.ts) are not asked again as the page hydrates.
 */
export function useIdeas(filter: IdeaFilter, start: string | null = null) {
  const client = useQueryClient();
  const queryKey = ideasKeys.listFrom(filter, start);
  const knownRefused = (client.getQueryState(queryKey)?.error as { status?: unknown } | null | undefined)?.status === 400;
  return useInfiniteQuery({
    queryKey,
    retryOnMount: !knownRefused,
    queryFn: ({ pageParam }) => fetchIdeasPage(filter, pageParam),
    initialPageParam: start,
    getNextPageParam: (last) => last.nextCursor,
  });
}
