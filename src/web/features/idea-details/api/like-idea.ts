/** PUT / DELETE /api/ideas/{id}/like: optimistic, rolled back with toast 'Error' on failure (SPEC §4, §8). */
import type { LikeState } from '@shared/schemas/engagement';
import type { IdeaDetail } from '@shared/schemas/ideas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { toast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api-client';
import { ideasKeys } from '../../../lib/ideas-keys';
import { updateIdea, withViewer } from './idea-cache';

export function setLike(id: string, liked: boolean): Promise<LikeState> {
  return api<LikeState>(`/api/ideas/${encodeURIComponent(id)}/like`, { method: liked ? 'PUT' : 'DELETE' });
}

export function useToggleLike(id: string) {
  const client = useQueryClient();
  // Only the newest click's answer may set the count (answers to quick double clicks can cross).
  const latest = useRef(0);
  return useMutation({
    mutationFn: (liked: boolean) => setLike(id, liked),
    onMutate: async (liked) => {
      const seq = ++latest.current;
      await client.cancelQueries({ queryKey: ideasKeys.detail(id) });
      const before = client.getQueryData<IdeaDetail>(ideasKeys.detail(id));
      updateIdea(client, id, (idea) =>
        withViewer({ ...idea, likeCount: Math.max(0, idea.likeCount + (liked ? 1 : -1)) }, { liked }),
      );
      return { before, seq };
    },
    onError: (error, _vars, context) => {
      if (context?.before && context.seq === latest.current) client.setQueryData(ideasKeys.detail(id), context.before);
      toast({ variant: 'destructive', title: 'Error', description: error.message });
    },
    onSuccess: (state, _vars, context) => {
      if (context?.seq !== latest.current) return;
      updateIdea(client, id, (idea) => withViewer({ ...idea, likeCount: state.likeCount }, { liked: state.liked }));
    },
    onSettled: () => client.invalidateQueries({ queryKey: ideasKeys.lists(), refetchType: 'none' }),
  });
}
