/** The profile 'Photo': POST (multipart field 'file') and DELETE /api/profile/photo. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfilePhoto } from '@shared/schemas/profile';
import { PROFILE_PHOTO_PATH } from '@shared/schemas/profile';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../auth';
import { profileQueryKey } from './profile';

function usePhotoChange(send: (file?: File) => Promise<ProfilePhoto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (photo) => {
      queryClient.setQueryData<Profile>(profileQueryKey, (profile) => (profile ? { ...profile, ...photo } : profile));
      // The header's account button shows the avatar the session carries; lists show it on every card.
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== profileQueryKey[0] && q.queryKey[0] !== sessionQueryKey[0] });
    },
  });
}

export function useUploadPhoto() {
  return usePhotoChange((file) => {
    const body = new FormData();
    if (file) body.append('file', file);
    return api<ProfilePhoto>(PROFILE_PHOTO_PATH, { method: 'POST', body });
  });
}

export function useRemovePhoto() {
  return usePhotoChange(() => api<ProfilePhoto>(PROFILE_PHOTO_PATH, { method: 'DELETE' }));
}
