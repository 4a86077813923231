import type { IdeaDetail } from '@shared/schemas/ideas';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ideasKeys } from '../../../lib/ideas-keys';

export const ideaQuery = (id: string) =>
  queryOptions({
    queryKey: ideasKeys.detail(id),
    queryFn: () => api<IdeaDetail>(`/api/ideas/${encodeURIComponent(id)}`),
  });

/**
 * The item. A 'not found' already known (the server's page says so: entry.server.tsx) is final:
 * it is not asked again on mount, so the page hydrates showing what the server showed.
 */
export function useIdea(id: string) {
  const client = useQueryClient();
  const options = ideaQuery(id);
  const knownMissing = (client.getQueryState(options.queryKey)?.error as { status?: unknown } | null | undefined)?.status === 404;
  return useQuery({ ...options, retryOnMount: !knownMissing });
}
