import { returnPathIn } from '@shared/rules/return-path';
import { useSearchParams } from 'react-router';

/**
 * The page to go back to after signing in (issue 15 point 2): this address's `?next=`, when it is
 * a page of this site (src/shared/rules/return-path.ts); null otherwise (then: the dashboard).
 */
export function useReturnTo(): string | null {
  const [params] = useSearchParams();
  return returnPathIn(params);
}
