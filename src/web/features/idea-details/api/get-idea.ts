import type { IdeaDetail } from '@shared/schemas/ideas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ideasKeys } from '../../ideas/api/ideas-keys';

export function useIdea(id: string) {
  return useQuery({
    queryKey: ideasKeys.detail(id),
    queryFn: () => api<IdeaDetail>(`/api/ideas/${encodeURIComponent(id)}`),
  });
}
