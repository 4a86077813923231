import { useQuery } from '@tanstack/react-query';
import { type AuthConfig, DEFAULT_PASSWORD_MIN_LENGTH } from '@shared/schemas/auth';
import { authClient } from '../../../lib/auth-client';

export const authConfigQueryKey = ['auth-config'] as const;

const FALLBACK: AuthConfig = {
  googleEnabled: false,
  passwordMinLength: DEFAULT_PASSWORD_MIN_LENGTH,
  newRegistrations: true,
  devOutbox: false,
  twoFactor: false,
};

/**
 * What this site allows (Google configured, password minimum, registrations open). `settled`: the
 * answer came, or failed (then the defaults hold: no Google).
 */
export function useAuthConfig(): { config: AuthConfig; loaded: boolean; settled: boolean } {
  const q = useQuery({ queryKey: authConfigQueryKey, queryFn: authClient.getAuthConfig, staleTime: 5 * 60_000 });
  return { config: q.data ?? FALLBACK, loaded: q.isSuccess, settled: !q.isPending };
}
