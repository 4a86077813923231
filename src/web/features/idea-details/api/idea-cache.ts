/** Small updaters of the cached idea details, shared by likes, ratings and the live discussion. */
import type { IdeaDetail } from '@shared/schemas/ideas';
import type { QueryClient } from '@tanstack/react-query';
import { ideasKeys } from '../../../lib/ideas-keys';

export function updateIdea(client: QueryClient, id: string, update: (idea: IdeaDetail) => IdeaDetail): void {
  client.setQueryData<IdeaDetail>(ideasKeys.detail(id), (idea) => (idea ? update(idea) : idea));
}

/** The viewer's own state, completed with defaults when the cache has none yet. */
export function withViewer(idea: IdeaDetail, patch: Partial<NonNullable<IdeaDetail['viewer']>>): IdeaDetail {
  const current = idea.viewer ?? { saved: false, liked: false, rating: null };
  return { ...idea, viewer: { ...current, ...patch } };
}
