import { IDEAS_PAGE_SIZE } from '@shared/constants';
import type { IdeaListResponse } from '@shared/schemas/ideas';
import type { Maker } from '@shared/schemas/makers';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ideasKeys } from '../../../lib/ideas-keys';

/** Under 'ideas', so a share, an edit or a delete refreshes maker pages too (ideasKeys.all). */
export const makerKeys = {
  profile: (userId: string) => [...ideasKeys.all, 'maker', userId] as const,
  /** The maker's items from `cursor` on (a page reached without JavaScript starts from its address's cursor). */
  ideas: (userId: string, cursor: string | null = null) => [...ideasKeys.all, 'maker', userId, 'ideas', cursor] as const,
};

/** The request for a page of a maker's items, as the app sends it and the server asks it for a drawn page. */
export function makerIdeasRequest(userId: string, cursor: string | null = null): string {
  return `/api/makers/${encodeURIComponent(userId)}/ideas?limit=${IDEAS_PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
}

/** The maker. A 'not found' already known (the server drew the not-found page) is final, as an item's (get-idea.ts). */
export function useMaker(userId: string) {
  const client = useQueryClient();
  const queryKey = makerKeys.profile(userId);
  const knownMissing = (client.getQueryState(queryKey)?.error as { status?: unknown } | null | undefined)?.status === 404;
  return useQuery({ queryKey, queryFn: () => api<Maker>(`/api/makers/${encodeURIComponent(userId)}`), retryOnMount: !knownMissing });
}

/** The maker's items, newest first, from `start` on; more load on 'Load more'. */
export function useMakerIdeas(userId: string, start: string | null) {
  return useInfiniteQuery({
    queryKey: makerKeys.ideas(userId, start),
    queryFn: ({ pageParam }) => api<IdeaListResponse>(makerIdeasRequest(userId, pageParam)),
    initialPageParam: start,
    getNextPageParam: (last) => last.nextCursor,
  });
}
