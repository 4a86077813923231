import type { IdeaDetail } from '@shared/schemas/ideas';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ideasKeys } from '../../ideas/api/ideas-keys';

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

const DETAILS_PATH = /^\/ideas\/([^/]+)\/?$/;

/**
 * A visit straight to /ideas/{id} on a page the server did not draw asks for the item as the app
 * starts, alongside the page's code, instead of after that code has arrived and rendered.
 */
export function prefetchIdeaForPath(client: QueryClient, pathname: string): void {
  const match = DETAILS_PATH.exec(pathname);
  if (!match) return;
  let id: string;
  try {
    id = decodeURIComponent(match[1]!);
  } catch {
    return;
  }
  void client.prefetchQuery(ideaQuery(id));
}
