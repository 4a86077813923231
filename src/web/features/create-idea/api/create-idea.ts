import type { IdeaCreated, IdeaCreateInput } from '@shared/schemas/ideas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ideasKeys } from '../../../lib/ideas-keys';
import { couponsKeys } from '../../coupons';

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
