/** Following makers and topics (issue 28): the viewer's state per maker or topic, Follow / Unfollow, and the profile's lists. */
import type { FollowedMakersResponse, FollowedTopicsResponse, FollowState } from '@shared/schemas/follows';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api-client';
import { ideasKeys } from '../../../lib/ideas-keys';

/** What a Follow button follows: a maker (their user id) or a topic (its id, and its slug for its page's data). */
export type FollowTarget = { kind: 'maker'; id: string } | { kind: 'topic'; id: string; slug?: string };

export const followKeys = {
  all: ['follows'] as const,
  state: (target: FollowTarget) => [...followKeys.all, 'state', target.kind, target.id] as const,
  mine: (kind: FollowTarget['kind']) => [...followKeys.all, 'mine', kind] as const,
};

const followPath = (target: FollowTarget) => `/api/${target.kind === 'maker' ? 'makers' : 'topics'}/${encodeURIComponent(target.id)}/follow`;

/** Whether the viewer follows the maker or topic, with the follower count (false for visitors). */
export function useFollowState(target: FollowTarget, enabled = true) {
  return useQuery({ queryKey: followKeys.state(target), queryFn: () => api<FollowState>(followPath(target)), enabled });
}

/** Follow (true) or unfollow (false): the answer is the new state; 'Error' toast on failure. */
export function useSetFollow(target: FollowTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (following: boolean) => api<FollowState>(followPath(target), { method: following ? 'PUT' : 'DELETE' }),
    // A state read under way (a follow pressed, or finished after sign-in, as the page loads) could answer from before the change and overwrite it.
    onMutate: () => client.cancelQueries({ queryKey: followKeys.state(target) }),
    onSuccess: (state) => client.setQueryData(followKeys.state(target), state),
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: error.message }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: followKeys.mine(target.kind) });
      // The maker page's follower total and the Following feed change with it.
      if (target.kind === 'maker') void client.invalidateQueries({ queryKey: [...ideasKeys.all, 'maker', target.id] });
      void client.invalidateQueries({ queryKey: ideasKeys.lists(), refetchType: 'none' });
    },
  });
}

/** The makers the viewer follows, latest first; more on 'Load more'. */
export function useFollowedMakers() {
  return useInfiniteQuery({
    queryKey: followKeys.mine('maker'),
    queryFn: ({ pageParam }) => api<FollowedMakersResponse>(`/api/me/following?limit=20${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The topics the viewer follows, latest first; more on 'Load more'. */
export function useFollowedTopics() {
  return useInfiniteQuery({
    queryKey: followKeys.mine('topic'),
    queryFn: ({ pageParam }) => api<FollowedTopicsResponse>(`/api/me/following/topics?limit=20${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
