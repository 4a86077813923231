/** Texts of the account screens that the spec does not quote (its quoted texts stay inline). */
import { AUTH_MESSAGES } from '@shared/schemas/auth';

export const GOOGLE_NOT_CONFIGURED =
  'Continue with Google is not set up on this site. Please sign in with your email and password.';

/** What to tell a person the Google sign-in sent back with ?error=<code>. */
export function googleErrorDescription(code: string, description?: string | null): string {
  switch (code.toLowerCase()) {
    case 'account_not_linked':
    case 'unable_to_link_account':
      return 'This email address already has an IdeaHub account. Sign in with your email and password (after confirming your address); Continue with Google works for it after that.';
    case 'registrations_closed':
      return AUTH_MESSAGES.registrationsClosed;
    case 'access_denied':
      return 'Google sign-in was cancelled.';
    case 'email_not_found':
      return 'Google did not share your email address, which IdeaHub needs for your account.';
    case 'oauth_provider_not_found':
      return GOOGLE_NOT_CONFIGURED;
    default:
      return description?.trim() || 'Google sign-in did not complete. Please try again.';
  }
}

/**
 * What the server said about a new password that a form should show under its password field
 * (too common or too easy to guess), or null for any other error (a toast).
 */
export function newPasswordError(error: unknown): string | null {
  const fields = (error as { fields?: Record<string, string[] | undefined> } | null)?.fields;
  return fields?.password?.[0] ?? fields?.newPassword?.[0] ?? null;
}
