/**
 * better-auth answers errors as `{ code, message }`; the rest of our API answers
 * `{ error: { code, message, fields? } }` (docs/product-readings.md decision 3). Its error responses are
 * rewritten to ours on the way out, with messages a person can act on.
 */
import { EMAIL_NOT_VERIFIED, INVALID_EMAIL_OR_PASSWORD } from '../../../shared/rules/auth-form.ts';
import { TWO_FACTOR_MESSAGES } from '../../../shared/schemas/auth.ts';
import { FOREIGN_ORIGIN_MESSAGE } from './origin-guard.ts';
import { tooManyAttemptsMessage, TWO_FACTOR_LOCKOUT } from './rate-limits.ts';
import { RETURN_ADDRESS_MESSAGE } from './return-address.ts';

export const AUTH_ERROR_MESSAGES: Record<string, string> = {
  invalid_email_or_password: INVALID_EMAIL_OR_PASSWORD,
  email_not_verified: EMAIL_NOT_VERIFIED,
  provider_not_found: 'Continue with Google is not set up on this site.',
  invalid_token: 'This link is invalid or has expired. Please ask for a new one.',
  token_expired: 'This link has expired. Please ask for a new one.',
  invalid_origin: FOREIGN_ORIGIN_MESSAGE,
  missing_or_null_origin: FOREIGN_ORIGIN_MESSAGE,
  cross_site_navigation_login_blocked: FOREIGN_ORIGIN_MESSAGE,
  invalid_callback_url: RETURN_ADDRESS_MESSAGE,
  invalid_new_user_callback_url: RETURN_ADDRESS_MESSAGE,
  invalid_error_callback_url: RETURN_ADDRESS_MESSAGE,
  invalid_redirect_url: RETURN_ADDRESS_MESSAGE,
  invalid_email: 'Please enter a valid email address.',
  password_too_long: 'Password is too long.',
  failed_to_create_user: 'We could not create your account. Please try again.',
  banned_user: 'This account has been suspended.',
  invalid_password: TWO_FACTOR_MESSAGES.wrongPassword,
  invalid_code: TWO_FACTOR_MESSAGES.wrongCode,
  invalid_backup_code: TWO_FACTOR_MESSAGES.wrongBackupCode,
  invalid_two_factor_cookie: TWO_FACTOR_MESSAGES.challengeExpired,
  too_many_attempts_request_new_code: TWO_FACTOR_MESSAGES.tooManyCodes,
};

/** The two-factor plugin's lock on an account (429 without a Retry-After of its own). */
const TWO_FACTOR_LOCKED = 'account_temporarily_locked';

/** How long a 429 asks to wait: its Retry-After, else the lock's length, else a minute. */
function waitSeconds(code: string, retryAfterSeconds: number | null | undefined): number {
  return retryAfterSeconds ?? (code === TWO_FACTOR_LOCKED ? TWO_FACTOR_LOCKOUT.durationSeconds : 60);
}

const STATUS_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  422: 'validation_failed',
  429: 'too_many_requests',
  500: 'internal',
  503: 'unavailable',
};

function sentence(text: string): string {
  const t = text.trim();
  if (!t) return t;
  const capital = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

export interface AuthErrorInput {
  status: number;
  body: unknown;
  retryAfterSeconds?: number | null;
}

/** The error body for one better-auth error response. */
export function toErrorBody(input: AuthErrorInput): { error: { code: string; message: string; fields?: Record<string, string[]> } } {
  const body = (input.body && typeof input.body === 'object' ? input.body : {}) as Record<string, unknown>;
  const rawCode = typeof body.code === 'string' && body.code ? body.code : STATUS_CODES[input.status] ?? 'http_error';
  const code = input.status === 429 ? 'too_many_requests' : rawCode.toLowerCase();
  let message: string;
  if (input.status === 429) message = tooManyAttemptsMessage(waitSeconds(rawCode.toLowerCase(), input.retryAfterSeconds));
  else if (AUTH_ERROR_MESSAGES[code]) message = AUTH_ERROR_MESSAGES[code];
  else if (typeof body.message === 'string' && body.message.trim()) message = sentence(body.message);
  else message = input.status >= 500 ? 'Something went wrong on our side. Please try again.' : 'The request could not be handled.';
  const fields = body.fields;
  const validFields =
    fields && typeof fields === 'object' && Object.values(fields).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'))
      ? (fields as Record<string, string[]>)
      : undefined;
  return { error: { code, message, ...(validFields ? { fields: validFields } : {}) } };
}

/** Rewrites a better-auth error response (JSON, status >= 400) into our error body; others pass. */
export async function rewriteAuthErrorResponse(res: Response): Promise<Response> {
  if (res.status < 400) return res;
  const type = res.headers.get('content-type') ?? '';
  let body: unknown = null;
  if (type.includes('application/json')) {
    body = await res
      .clone()
      .json()
      .catch(() => null);
    if (body && typeof body === 'object' && 'error' in body && typeof (body as { error: unknown }).error === 'object') return res;
  } else if (res.body !== null && type !== '') {
    return res;
  }
  const retryHeader = Number(res.headers.get('x-retry-after') ?? res.headers.get('retry-after'));
  const retryAfterSeconds = Number.isFinite(retryHeader) && retryHeader > 0 ? retryHeader : null;
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json; charset=utf-8');
  if (res.status === 429) {
    const code = (body as { code?: unknown } | null)?.code;
    headers.set('retry-after', String(waitSeconds(typeof code === 'string' ? code.toLowerCase() : '', retryAfterSeconds)));
  }
  return new Response(JSON.stringify(toErrorBody({ status: res.status, body, retryAfterSeconds })), { status: res.status, headers });
}
