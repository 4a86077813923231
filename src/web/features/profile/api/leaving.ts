/** Leaving with one's data: the export's address and DELETE /api/me. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ACCOUNT_DELETED_MESSAGE, type AccountDeleteInput } from '@shared/schemas/leaving';
import { toast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../auth';

/** A plain link: the browser saves the attachment itself (Content-Disposition), no script needed. */
export const DATA_EXPORT_PATH = '/api/me/export';

/** Deletes the account; the server clears the session cookie. Then home, signed out, with a toast. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: AccountDeleteInput) => api<{ deleted: true }>('/api/me', { method: 'DELETE', body: input }),
    onSuccess: async () => {
      // Leave first, as sign-out does: the profile page would otherwise redirect to /auth.
      await navigate('/', { replace: true });
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, null);
      toast({ title: ACCOUNT_DELETED_MESSAGE });
    },
  });
}
