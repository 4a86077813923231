/** The newsletter's calls (issue 15 point 4): subscribe from the footer; confirm and unsubscribe from the mail's links. */
import type { NewsletterState } from '@shared/schemas/newsletter';
import { api } from '../../../lib/api-client';

export function subscribeToNewsletter(email: string): Promise<{ message: string }> {
  return api<{ message: string }>('/api/newsletter', { method: 'POST', body: { email } });
}

export function confirmNewsletter(token: string): Promise<NewsletterState> {
  return api<NewsletterState>('/api/newsletter/confirm', { method: 'POST', body: { token } });
}

export function unsubscribeFromNewsletter(token: string): Promise<NewsletterState> {
  return api<NewsletterState>('/api/newsletter/unsubscribe', { method: 'POST', body: { token } });
}
