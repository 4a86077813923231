import { browseCategoryOf, IDEAS_PAGE_SIZE, INITIAL_IDEAS_META_NAME } from '@shared/constants';
import type { IdeaListQuery, IdeaListResponse } from '@shared/schemas/ideas';
import { type InfiniteData, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
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

/**
 * A visitor's home page carries its list's first page (server: features/home-page/render.ts) and
 * shows it already painted: the list goes into the cache before the app's first render, which
 * then draws the very same cards (and hydrates them) without asking the API again.
 */
export function seedIdeasFromPage(client: QueryClient, location: Pick<Location, 'pathname' | 'search'>): void {
  if (location.pathname !== '/') return;
  const embedded = document.querySelector<HTMLMetaElement>(`meta[name="${INITIAL_IDEAS_META_NAME}"]`)?.content;
  const filter = browseFilterOf(new URLSearchParams(location.search));
  if (!embedded) return;
  try {
    const page = JSON.parse(embedded) as IdeaListResponse;
    if (!Array.isArray(page?.items)) return;
    const data: InfiniteData<IdeaListResponse, string | null> = { pages: [page], pageParams: [null] };
    client.setQueryData(ideasKeys.list(filter), data);
  } catch {
    // Not usable: the list is asked for as usual.
  }
}
