/**
 * Rate limits on the account endpoints, stored in the database (rate_limits) so several
 * instances share the counters. Two kinds:
 * - per client address and path: better-auth's own limiter (customRules below);
 * - ours (email-rate-limit.ts): per email address for mails, and sign-in failures per client
 *   address and per (email address, client address) pair (SIGN_IN_FAILURE_RULES).
 * Windows are rolling, as better-auth counts them: a window restarts at the last allowed request.
 * Keep every window at or under LONGEST_WINDOW_SECONDS: better-auth prunes rate_limits rows older
 * than its longest configured window, which would otherwise cut our per-email windows short.
 */
export interface RateRule {
  /** Seconds. */
  window: number;
  max: number;
}

/** Per client address, keyed by better-auth path (relative to /api/auth). */
export const IP_RULES: Record<string, RateRule> = {
  '/sign-in/*': { window: 60, max: 30 },
  '/sign-up/*': { window: 600, max: 10 },
  '/send-verification-email': { window: 600, max: 5 },
  '/request-password-reset': { window: 600, max: 5 },
  '/reset-password': { window: 600, max: 10 },
  '/reset-password/*': { window: 600, max: 10 },
  '/change-password': { window: 600, max: 10 },
  // Authenticator and backup codes, and the password checks of turning two-factor on and off.
  // Each sign-in challenge also allows only 5 codes, and TWO_FACTOR_LOCKOUT caps an account.
  '/two-factor/*': { window: 600, max: 20 },
};

/** Per email address (lower-cased), keyed by better-auth path: every request counts (each may send a mail). */
export const EMAIL_RULES: Record<string, RateRule> = {
  '/sign-up/email': { window: 600, max: 3 },
  '/send-verification-email': { window: 600, max: 3 },
  '/request-password-reset': { window: 600, max: 3 },
};

/**
 * Wrong passwords at sign-in (a slot is taken before the password is checked and given back unless
 * it was wrong, so concurrent attempts never exceed a limit). No rule locks an account for
 * everyone: the limits are per client address, and per (email address, client address) pair.
 */
export const SIGN_IN_FAILURE_RULES = {
  /** Per client address, across email addresses. */
  perClient: { window: 600, max: 20 },
  /** Per (email address, client address) pair; a success there clears it. */
  perPair: { window: 600, max: 10 },
  /** Once an address has this many wrong passwords (from anywhere) in the window… */
  emailSlowdown: { window: 600, max: 10 },
  /** …each pair may try only this many times (the owner's own address included, so keep it > 1). */
  perPairUnderAttack: { window: 600, max: 3 },
} as const satisfies Record<string, RateRule>;

/**
 * Wrong authenticator or backup codes in a row, for one account (the two-factor plugin's lock,
 * across sign-in attempts): past the limit the second step is locked for the duration. Only
 * someone who knows the password gets this far, so this lock cannot be set off by a stranger.
 */
export const TWO_FACTOR_LOCKOUT = { maxFailedAttempts: 10, durationSeconds: 15 * 60 } as const;

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
