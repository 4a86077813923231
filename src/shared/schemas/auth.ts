/**
 * Accounts: the sign-in, sign-up and new-password forms (SPEC §2 Auth, §5 sign-in / sign-up),
 * the account settings the web needs (/api/auth-config), the session user, and the development
 * outbox. The server checks the same limits (password length from the platform settings).
 */
import { z } from 'zod';
import { ROLES } from '../constants.ts';
import { PROFILE_TEXT_FIELDS } from './profile.ts';

export const DEFAULT_PASSWORD_MIN_LENGTH = 8;
/** Long passphrases work; there are no composition rules. */
export const PASSWORD_MAX_LENGTH = 256;

export const AUTH_MESSAGES = {
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Password is required.',
  passwordTooShort: (min: number) => `Password must be at least ${min} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  /** The server's check of new passwords against common and easily guessed ones (sign-up, reset, change). */
  passwordTooCommon: 'This password is too common or too easy to guess. Choose a longer, less predictable one: a few unrelated words work well.',
  fullNameRequired: 'Full name is required.',
  fullNameTooLong: `Full name must be at most ${PROFILE_TEXT_FIELDS.fullName.max} characters.`,
  confirmPasswordRequired: 'Please confirm your password.',
  passwordsDoNotMatch: 'Passwords do not match.',
  registrationsClosed: 'New registrations are closed at the moment. Please try again later.',
} as const;

/** Two-factor authentication (authenticator app codes and backup codes), server and screens alike. */
export const TWO_FACTOR_MESSAGES = {
  off: 'Two-factor authentication is not available on this site.',
  signInFirst: 'Please sign in first.',
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  codeFormat: 'The code is 6 digits.',
  backupCodeRequired: 'Enter one of your backup codes.',
  wrongCode: 'That code is not right. Check your authenticator app and try again.',
  codeAlreadyUsed: 'That code has been used already. Wait for the next code in your authenticator app.',
  wrongBackupCode: 'That backup code is not right, or it has been used already.',
  wrongPassword: 'That password is not right.',
  challengeExpired: 'Your sign-in has expired. Please sign in again.',
  tooManyCodes: 'Too many wrong codes. Please sign in again.',
  /** An account that signs in only with Google has no password to confirm the set-up with. */
  googleOnly:
    'You sign in with Google, so there is no IdeaHub password to protect with a code: your Google account’s own 2-Step Verification protects your sign-in.',
} as const;

/** A code from an authenticator app: 6 digits (spaces ignored). */
export const twoFactorCodeSchema = z
  .string()
  .transform((text) => text.replace(/\s+/g, ''))
  .pipe(z.string().min(1, TWO_FACTOR_MESSAGES.codeRequired).regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeFormat));

/** A backup code as better-auth writes them ('abcde-12345'), however it was typed or pasted. */
export function normalizeBackupCode(text: string): string {
  const plain = text.replace(/[\s-]+/g, '');
  return plain.length === 10 ? `${plain.slice(0, 5)}-${plain.slice(5)}` : text.trim();
}

const email = z
  .string()
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .pipe(z.email(AUTH_MESSAGES.emailInvalid));

export const signInFormSchema = z.object({
  email,
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong),
});

function newPassword(minLength: number) {
  return z
    .string()
    .min(1, AUTH_MESSAGES.passwordRequired)
    .min(minLength, AUTH_MESSAGES.passwordTooShort(minLength))
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong);
}

export function signUpFormSchema(passwordMinLength = DEFAULT_PASSWORD_MIN_LENGTH) {
  return z
    .object({
      fullName: z
        .string()
        .trim()
        .min(1, AUTH_MESSAGES.fullNameRequired)
        .max(PROFILE_TEXT_FIELDS.fullName.max, AUTH_MESSAGES.fullNameTooLong),
      email,
      password: newPassword(passwordMinLength),
      confirmPassword: z.string().min(1, AUTH_MESSAGES.confirmPasswordRequired),
      /** The weekly digest, ticked by default (issue 28 point 2). */
      weeklyDigest: z.boolean().optional(),
    })
    .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: AUTH_MESSAGES.passwordsDoNotMatch });
}

export function newPasswordFormSchema(passwordMinLength = DEFAULT_PASSWORD_MIN_LENGTH) {
  return z
    .object({
      password: newPassword(passwordMinLength),
      confirmPassword: z.string().min(1, AUTH_MESSAGES.confirmPasswordRequired),
    })
    .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: AUTH_MESSAGES.passwordsDoNotMatch });
}

export const forgotPasswordFormSchema = z.object({ email });

/** GET /api/auth-config: what the sign-in screens need to know about this site. */
export const authConfigSchema = z.object({
  /** 'Continue with Google' is configured (GOOGLE_CLIENT_ID set and the issuer reachable at start-up). */
  googleEnabled: z.boolean(),
  passwordMinLength: z.number().int(),
  newRegistrations: z.boolean(),
  /** Mails go to the development outbox (/dev/outbox) instead of a mail server. */
  devOutbox: z.boolean(),
  /** People may turn on two-factor authentication (admin setting enableTwoFactor). */
  twoFactor: z.boolean(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

export { ROLES } from '../constants.ts';
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** The signed-in person, as the web app keeps it. */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  role: roleSchema,
  /** Their avatar (the profile photo's small square), or null: initials. */
  image: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/dev/outbox (development only). */
export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  sentAt: z.iso.datetime(),
});
export const outboxResponseSchema = z.object({ mails: z.array(outboxMailSchema) });
export type OutboxMail = z.infer<typeof outboxMailSchema>;
