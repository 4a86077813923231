/**
 * The browser side of accounts: plain calls to better-auth's endpoints under /api/auth (same
 * origin, session in an httpOnly cookie). Errors arrive in our one error body and are thrown as
 * ApiError by the api client; the screen that called decides which toast to show.
 */
import type { AuthConfig, SessionUser } from '@shared/schemas/auth';
import { DEFAULT_AFTER_SIGN_IN, safeReturnPath, signInPath, withReturnPath } from '@shared/rules/return-path';
// Not the zod role schema: zod must stay out of the home page's download.
import { sessionUserOf } from '@shared/session-user';
import { api } from './api-client';

/** Where confirmation links and Google sign-in bring people back to. */
export const AUTH_ROUTES = {
  auth: '/auth',
  verified: '/auth/verified',
  resetPassword: '/auth/reset-password',
  afterSignIn: DEFAULT_AFTER_SIGN_IN,
} as const;

interface BetterAuthUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role?: string | null;
}

function toSessionUser(user: BetterAuthUser): SessionUser {
  return sessionUserOf({ user })!;
}

/** Sign-in's answer: signed in, or the password was right and a code is asked for next. */
export type SignInResult = { status: 'signed-in'; user: SessionUser } | { status: 'two-factor' };

/** Setting up two-factor authentication: the authenticator app's otpauth:// address, and the backup codes. */
export interface TwoFactorSetup {
  totpURI: string;
  backupCodes: string[];
}

export const authClient = {
  /** The signed-in person, or null. Also renews the session cookie when it is due. */
  /**
   * Who is signed in. Never renews the session: the app rechecks it in the background (every
   * 10 minutes, on focus), and an open tab is not use, so the admin's idle timeout still ends it.
   */
  async getSession(): Promise<SessionUser | null> {
    return sessionUserOf(await api<{ user: BetterAuthUser } | null>('/api/auth/get-session', { query: { disableRefresh: true } }));
  },

  getAuthConfig(): Promise<AuthConfig> {
    return api<AuthConfig>('/api/auth-config');
  },

  /**
   * Creates the account and mails the confirmation link; does not sign in. The link lands on
   * /auth/verified, which then goes on to `returnTo` (the page that asked the person to sign in).
   */
  async signUp(input: { name: string; email: string; password: string; weeklyDigest?: boolean }, returnTo?: string | null): Promise<void> {
    await api('/api/auth/sign-up/email', { method: 'POST', body: { ...input, callbackURL: withReturnPath(AUTH_ROUTES.verified, returnTo) } });
  },

  async signIn(input: { email: string; password: string }): Promise<SignInResult> {
    const data = await api<{ user: BetterAuthUser } | { twoFactorRedirect: true }>('/api/auth/sign-in/email', { method: 'POST', body: input });
    if ('twoFactorRedirect' in data) return { status: 'two-factor' };
    return { status: 'signed-in', user: toSessionUser(data.user) };
  },

  /** Sign-in's second step: a code from the authenticator app, or a backup code (each works once). */
  async verifySignInCode(input: { code: string; backup: boolean }): Promise<SessionUser> {
    const path = input.backup ? '/api/auth/two-factor/verify-backup-code' : '/api/auth/two-factor/verify-totp';
    const data = await api<{ user: BetterAuthUser }>(path, { method: 'POST', body: { code: input.code } });
    return toSessionUser(data.user);
  },

  /** Whether the signed-in person's sign-in asks for a code. */
  async twoFactorEnabled(): Promise<boolean> {
    const data = await api<{ user: { twoFactorEnabled?: boolean | null } } | null>('/api/auth/get-session');
    return data?.user.twoFactorEnabled === true;
  },

  /** Starts turning two-factor on (password checked): the app's address and the backup codes. */
  startTwoFactor(password: string): Promise<TwoFactorSetup> {
    return api<TwoFactorSetup>('/api/auth/two-factor/enable', { method: 'POST', body: { password } });
  },

  /** Finishes turning it on with a first code from the app. */
  async confirmTwoFactor(code: string): Promise<void> {
    await api('/api/auth/two-factor/verify-totp', { method: 'POST', body: { code } });
  },

  /** Makes new backup codes (password checked); the old ones stop working. */
  async newBackupCodes(password: string): Promise<string[]> {
    const data = await api<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes', { method: 'POST', body: { password } });
    return data.backupCodes;
  },

  /** How the signed-in person can sign in: 'credential' (a password), 'google'… */
  async signInMethods(): Promise<string[]> {
    const data = await api<{ providerId: string }[]>('/api/auth/list-accounts');
    return data.map((a) => a.providerId);
  },

  async disableTwoFactor(password: string): Promise<void> {
    await api('/api/auth/two-factor/disable', { method: 'POST', body: { password } });
  },

  async signOut(): Promise<void> {
    await api('/api/auth/sign-out', { method: 'POST', body: {} });
  },

  async resendConfirmation(email: string, returnTo?: string | null): Promise<void> {
    await api('/api/auth/send-verification-email', { method: 'POST', body: { email, callbackURL: withReturnPath(AUTH_ROUTES.verified, returnTo) } });
  },

  async requestPasswordReset(email: string): Promise<void> {
    await api('/api/auth/request-password-reset', { method: 'POST', body: { email, redirectTo: AUTH_ROUTES.resetPassword } });
  },

  async resetPassword(input: { token: string; newPassword: string }): Promise<void> {
    await api('/api/auth/reset-password', { method: 'POST', body: input });
  },

  /**
   * Starts 'Continue with Google': returns the provider's address to send the browser to. Back from
   * it, the person lands on `returnTo` (or the dashboard); a failure lands on the sign-in page,
   * still carrying `returnTo`.
   */
  async googleSignInUrl(returnTo?: string | null): Promise<string> {
    const after = safeReturnPath(returnTo) ?? AUTH_ROUTES.afterSignIn;
    const data = await api<{ url: string }>('/api/auth/sign-in/social', {
      method: 'POST',
      body: { provider: 'google', callbackURL: after, newUserCallbackURL: after, errorCallbackURL: signInPath(returnTo) },
    });
    return data.url;
  },
};
