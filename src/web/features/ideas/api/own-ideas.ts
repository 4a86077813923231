import type { OwnIdeaListResponse, OwnStats } from '@shared/schemas/ideas';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ideasKeys } from '../../../lib/ideas-keys';

/** The signed-in person's own items, newest first, in keyset pages. */
export function useOwnIdeas() {
  return useInfiniteQuery({
    queryKey: ideasKeys.mine(),
    queryFn: ({ pageParam }) => api<OwnIdeaListResponse>('/api/me/ideas', { query: { cursor: pageParam, limit: 20 } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The dashboard's stat cards: total shared, ideas, products. */
export function useOwnStats() {
  return useQuery({ queryKey: ideasKeys.stats(), queryFn: () => api<OwnStats>('/api/me/stats') });
}
