import { INITIAL_IDEA_META_NAME } from '@shared/constants';
import type { IdeaDetail } from '@shared/schemas/ideas';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ideasKeys } from '../../ideas/api/ideas-keys';

export const ideaQuery = (id: string) =>
  queryOptions({
    queryKey: ideasKeys.detail(id),
    queryFn: () => api<IdeaDetail>(`/api/ideas/${encodeURIComponent(id)}`),
  });

export function useIdea(id: string) {
  return useQuery(ideaQuery(id));
}

const DETAILS_PATH = /^\/ideas\/([^/]+)\/?$/;

/**
 * A visit straight to /ideas/{id} asks for the item as the app starts, alongside the page's code
 * (which the server preloads), instead of after that code has arrived and rendered: the picture
 * and text appear one round trip sooner. useIdea then finds the answer in the cache.
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
  // A visitor's page carries the item already (idea-page/render.ts): no request needed to show it.
  const embedded = document.querySelector<HTMLMetaElement>(`meta[name="${INITIAL_IDEA_META_NAME}"]`)?.content;
  if (embedded) {
    try {
      const idea = JSON.parse(embedded) as IdeaDetail;
      if (idea.id === id) {
        client.setQueryData(ideaQuery(id).queryKey, idea);
        return;
      }
    } catch {
      // Not usable: ask the API as usual.
    }
  }
  void client.prefetchQuery(ideaQuery(id));
}
