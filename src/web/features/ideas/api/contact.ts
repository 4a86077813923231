import { api } from '../../../lib/api-client';

/** Records that the signed-in person wants to contact the creator (SPEC §2: nothing is shown). */
export function recordContact(id: string): Promise<void> {
  return api<void>(`/api/ideas/${encodeURIComponent(id)}/contact`, { method: 'POST' });
}
