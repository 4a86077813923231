/** PUT / DELETE /api/ideas/{id}/rating: 1 to 5 stars from signed-in people other than the owner. */
import type { RatingSummary } from '@shared/schemas/engagement';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api-client';
import { ideasKeys } from '../../../lib/ideas-keys';
import { updateIdea, withViewer } from './idea-cache';

export function rateIdea(id: string, value: number | null): Promise<RatingSummary> {
  const path = `/api/ideas/${encodeURIComponent(id)}/rating`;
  return value === null ? api<RatingSummary>(path, { method: 'DELETE' }) : api<RatingSummary>(path, { method: 'PUT', body: { value } });
}

export function useRateIdea(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (value: number | null) => rateIdea(id, value),
    onSuccess: (summary) => {
      updateIdea(client, id, (idea) =>
        withViewer({ ...idea, ratingAverage: summary.average, ratingCount: summary.count }, { rating: summary.mine }),
      );
      void client.invalidateQueries({ queryKey: ideasKeys.lists(), refetchType: 'none' });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: error.message }),
  });
}
