import type { IdeaUpdateInput, OwnIdea } from '@shared/schemas/ideas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ideasKeys } from '../../../lib/ideas-keys';

/** PATCH /api/ideas/{id}: the Edit Idea dialog. */
export function useUpdateIdea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: IdeaUpdateInput }) =>
      api<OwnIdea>(`/api/ideas/${encodeURIComponent(id)}`, { method: 'PATCH', body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ideasKeys.all }),
  });
}

/** DELETE /api/ideas/{id} (204). */
export function useDeleteIdea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/ideas/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ideasKeys.all }),
  });
}
