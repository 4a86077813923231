import type { EligibilityResponse } from '@shared/schemas/ideas';
import type { CategoryLock, Eligibility } from '@shared/rules/eligibility';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ideasKeys } from '../../../lib/ideas-keys';

export function fetchEligibility() {
  return api<EligibilityResponse>('/api/me/eligibility');
}

/** Which categories the signed-in person may share now; always fresh from the server. */
export function useEligibility(enabled = true) {
  return useQuery({ queryKey: ideasKeys.eligibility(), queryFn: fetchEligibility, enabled, staleTime: 0, retry: 1 });
}

function toLock(lock: EligibilityResponse['idea']): CategoryLock {
  const until = lock.locked && lock.until ? new Date(lock.until) : null;
  return { locked: Boolean(until), until, remainingMs: until ? Math.max(0, lock.remainingMs) : 0 };
}

/** The server's answer in the shape the shared wording rules take. */
export function toEligibility(response: EligibilityResponse): Eligibility {
  const idea = toLock(response.idea);
  const product = toLock(response.product);
  return {
    idea,
    product,
    bothLocked: idea.locked && product.locked,
    preselect: idea.locked && !product.locked ? 'product' : !idea.locked && product.locked ? 'idea' : null,
  };
}
