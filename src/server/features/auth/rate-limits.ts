/**
 * Rate limits on the account endpoints, stored in the database (rate_limits) so several
 * instances share the counters. Two kinds:
 * - per client address and path: better-auth's own limiter (customRules below);
 * - per email address: ours (email-rate-limit.ts), so one address cannot be flooded with mails
 *   or have its password guessed from many addresses.
 * Windows are rolling, as better-auth counts them: a window restarts at the last allowed request.
 * Keep every window at or under LONGEST_WINDOW_SECONDS: better-auth prunes rate_limits rows older
 * than its longest configured window, which would otherwise cut our per-email windows short.
 */
export interface RateRule {
  /** Seconds. */
  window: number;
  max: number;
}

export const LONGEST_WINDOW_SECONDS = 600;

/** Per client address, keyed by better-auth path (relative to /api/auth). */
export const IP_RULES: Record<string, RateRule> = {
  '/sign-in/*': { window: 60, max: 30 },
  '/sign-up/*': { window: 600, max: 10 },
  '/send-verification-email': { window: 600, max: 5 },
  '/request-password-reset': { window: 600, max: 5 },
  '/reset-password': { window: 600, max: 10 },
  '/reset-password/*': { window: 600, max: 10 },
  '/change-password': { window: 600, max: 10 },
};

/** Per email address (lower-cased), keyed by better-auth path: every request counts (each may send a mail). */
export const EMAIL_RULES: Record<string, RateRule> = {
  '/sign-up/email': { window: 600, max: 3 },
  '/send-verification-email': { window: 600, max: 3 },
  '/request-password-reset': { window: 600, max: 3 },
};

/**
 * Per email address, failures only: wrong passwords for one account, from any number of client
 * addresses. A successful sign-in clears the count, so people who sign in often are never slowed.
 */
export const EMAIL_FAILURE_RULES: Record<string, RateRule> = {
  '/sign-in/email': { window: 600, max: 10 },
};

/** Requests that do not match a rule above: generous, they are reads and session upkeep. */
export const DEFAULT_RULE: RateRule = { window: 60, max: 300 };

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return `Too many attempts. Please wait ${waitText(retryAfterSeconds)} and try again.`;
}

export function tooManyMailsMessage(retryAfterSeconds: number): string {
  return `Too many requests for this email address. Please wait ${waitText(retryAfterSeconds)} and try again.`;
}

export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? '1 second' : `${s} seconds`;
  const m = Math.ceil(s / 60);
  return m === 1 ? '1 minute' : `${m} minutes`;
}
