/** Two-factor authentication of the signed-in person: whether it is on, turning it on and off. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';

export const twoFactorStatusQueryKey = ['two-factor', 'status'] as const;

export function useTwoFactorStatus() {
  return useQuery({ queryKey: twoFactorStatusQueryKey, queryFn: authClient.twoFactorEnabled });
}

/** Re-reads whether it is on (after the set-up dialog or turning it off). */
export function useRefreshTwoFactorStatus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryKey });
}

export function useStartTwoFactor() {
  return useMutation({ mutationFn: authClient.startTwoFactor });
}

export function useConfirmTwoFactor() {
  return useMutation({ mutationFn: authClient.confirmTwoFactor });
}

export function useDisableTwoFactor() {
  const refresh = useRefreshTwoFactorStatus();
  return useMutation({ mutationFn: authClient.disableTwoFactor, onSuccess: () => refresh() });
}
