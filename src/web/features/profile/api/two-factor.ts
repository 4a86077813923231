/**
 * Two-factor authentication of the signed-in person: whether it is on, whether they have a password
 * to set it up with, turning it on and off, new backup codes.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';

export const twoFactorStatusQueryKey = ['two-factor', 'status'] as const;

export const signInMethodsQueryKey = ['two-factor', 'sign-in-methods'] as const;

/** Whether the person has a password: an account that signs in only with Google has none. */
export function useHasPassword() {
  return useQuery({ queryKey: signInMethodsQueryKey, queryFn: authClient.signInMethods, select: (methods) => methods.includes('credential') });
}

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

export function useNewBackupCodes() {
  return useMutation({ mutationFn: authClient.newBackupCodes });
}
