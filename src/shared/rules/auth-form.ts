/**
 * The sign-in and sign-up forms as plain form posts (issue 27 point 5): without JavaScript, or
 * pressed before the page's code took over, the forms post to the server, which signs in or up
 * through the same API and answers with a redirect. A failure comes back to /auth as
 * `?failed=<code>`, one of the codes below, whose text the page shows; only these codes are read,
 * so nobody can make the page say something of their own through a link.
 */
import { AUTH_MESSAGES, TWO_FACTOR_MESSAGES } from '../schemas/auth.ts';

export const AUTH_FORM_PATHS = { signIn: '/api/auth-form/sign-in', signUp: '/api/auth-form/sign-up', twoFactor: '/api/auth-form/two-factor' } as const;

/** The query parameter a failed form post comes back with. */
export const FAILED_PARAM = 'failed';
/** `?sent=1`: a sign-up went through and the confirmation mail is on its way. */
export const SENT_PARAM = 'sent';
/** `?step=two-factor`: the password was right; the person's authenticator code comes next. */
export const STEP_PARAM = 'step';

export const INVALID_EMAIL_OR_PASSWORD = 'Invalid email or password.';
export const EMAIL_NOT_VERIFIED =
  'Your email address is not confirmed yet. Open the link in the confirmation email we sent you, or ask for a new one.';

export const AUTH_FORM_FAILURES = {
  invalid_email_or_password: INVALID_EMAIL_OR_PASSWORD,
  email_not_verified: EMAIL_NOT_VERIFIED,
  email_required: AUTH_MESSAGES.emailRequired,
  email_invalid: AUTH_MESSAGES.emailInvalid,
  password_required: AUTH_MESSAGES.passwordRequired,
  full_name_required: AUTH_MESSAGES.fullNameRequired,
  passwords_do_not_match: AUTH_MESSAGES.passwordsDoNotMatch,
  password_too_common: AUTH_MESSAGES.passwordTooCommon,
  password_too_short: 'Your password is too short. Please choose a longer one.',
  registrations_closed: AUTH_MESSAGES.registrationsClosed,
  too_many_requests: 'Too many attempts. Please wait a few minutes and try again.',
  code_required: TWO_FACTOR_MESSAGES.codeRequired,
  code_format: TWO_FACTOR_MESSAGES.codeFormat,
  invalid_code: TWO_FACTOR_MESSAGES.wrongCode,
  code_already_used: TWO_FACTOR_MESSAGES.codeAlreadyUsed,
  invalid_backup_code: TWO_FACTOR_MESSAGES.wrongBackupCode,
  challenge_expired: TWO_FACTOR_MESSAGES.challengeExpired,
  failed: 'Something went wrong. Please try again.',
} as const;

export type AuthFormFailure = keyof typeof AUTH_FORM_FAILURES;

/** The failure a `?failed=` value names, or null for anything else. */
export function authFormFailureIn(value: string | null): AuthFormFailure | null {
  return value !== null && Object.hasOwn(AUTH_FORM_FAILURES, value) ? (value as AuthFormFailure) : null;
}
