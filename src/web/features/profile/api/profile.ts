/** The signed-in person's profile: GET and PATCH /api/profile. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileUpdateInput } from '@shared/schemas/profile';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../auth';
import { ideasKeys } from '../../../lib/ideas-keys';

export const profileQueryKey = ['profile', 'me'] as const;

export function useOwnProfile() {
  return useQuery({ queryKey: profileQueryKey, queryFn: () => api<Profile>('/api/profile') });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdateInput) => api<Profile>('/api/profile', { method: 'PATCH', body: update }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      // The full name is also the name the dashboard greets with.
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      // Whether the profile is complete enough to share (name and contact) comes with the eligibility.
      void queryClient.invalidateQueries({ queryKey: ideasKeys.eligibility() });
    },
  });
}
