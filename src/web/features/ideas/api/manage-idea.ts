import type { IdeaCreated, IdeaCreateInput, IdeaUpdateInput, OwnIdea } from '@shared/schemas/ideas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { couponsKeys } from '../../coupons/api/coupons-keys';
import { ideasKeys } from './ideas-keys';

/** POST /api/ideas: share an item; the author gets a coupon in the same transaction. */
export function useCreateIdea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: IdeaCreateInput) => api<IdeaCreated>('/api/ideas', { method: 'POST', body: input }),
    onSuccess: () => {
      // Every list, own items, stats, eligibility, and the new coupon.
      void queryClient.invalidateQueries({ queryKey: ideasKeys.all });
      void queryClient.invalidateQueries({ queryKey: couponsKeys.all });
    },
  });
}

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
