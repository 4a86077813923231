/**
 * The better-auth instance (docs/product-readings.md decision 5): email + password with required email
 * confirmation, sessions in httpOnly cookies, database-backed rate limits, the admin plugin's
 * three roles, bearer + jwt for API clients, and 'Continue with Google' through the generic
 * OAuth plugin (any OpenID Connect issuer) when GOOGLE_CLIENT_ID is set. The admin settings
 * sessionTimeout (idle timeout, session-timeout.ts) and enableTwoFactor (the two-factor plugin's
 * authenticator codes) apply per request; welcome mails follow the email switches (mail-kinds.ts).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { type BetterAuthOptions, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { admin } from 'better-auth/plugins/admin';
import { adminAc, defaultAc, userAc } from 'better-auth/plugins/admin/access';
import { bearer } from 'better-auth/plugins/bearer';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { jwt } from 'better-auth/plugins/jwt';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { and, eq, isNotNull } from 'drizzle-orm';
import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH, TWO_FACTOR_MESSAGES } from '../../../shared/schemas/auth.ts';
import { PROFILE_TEXT_FIELDS } from '../../../shared/schemas/profile.ts';
import type { Config } from '../../config.ts';
import type { Database, Db } from '../../db/client.ts';
import { accounts, jwks, notificationPreferences, rateLimits, sessions, twoFactors, users, verifications } from '../../db/schema.ts';
import { type MailMessage, maskEmail } from '../../lib/mail.ts';
import type { MailKind } from '../../lib/mail-kinds.ts';
import { enqueueMail } from '../../lib/mail-outbox.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { type Logger, loggableError } from '../../logger.ts';
import { ensureProfile } from '../profiles/index.ts';
import { getCachedPlatformSettings, getPlatformSettings } from '../../lib/platform-settings.ts';
import { shouldPromoteToAdmin } from './admin-emails.ts';
import { CLIENT_IP_HEADER } from './client-ip.ts';
import type { AuthHookContext } from './hook-context.ts';
import { isTooGuessable, personalWords } from './password-strength.ts';
import { claimCodeStep, refuseUsedCode, TOTP, VERIFY_TOTP_PATH } from './totp-replay.ts';
import { existingAccountMail, newBackupCodesMail, resetPasswordMail, verificationMail, welcomeMail } from './mail-templates.ts';
import { DEFAULT_RULE, IP_RULES, TWO_FACTOR_LOCKOUT } from './rate-limits.ts';
import { LONGEST_SESSION_WINDOW, sessionWindow } from './session-timeout.ts';
import { createTransactionScope, type TransactionScope } from './transaction-scope.ts';
import { assertUserImage, checkedUserName } from './user-fields.ts';
import { siteOrigins } from './origin-guard.ts';
import { assertSafeRedirects } from './return-address.ts';

export const AUTH_BASE_PATH = '/api/auth';
/** The OAuth provider id of 'Continue with Google' (any OpenID Connect issuer, OIDC_ISSUER). */
export const GOOGLE_PROVIDER_ID = 'google';
export const COOKIE_PREFIX = 'ideahub';

/**
 * Whether a request carries anything that could be a session (the session cookie, with or without
 * its __Secure- prefix, or a bearer token). Without either it is a visitor, and no session lookup
 * is needed: most public traffic then costs no query for the session.
 */
export function carriesCredentials(headers: Headers | IncomingHttpHeaders): boolean {
  const [authorization, cookie] =
    headers instanceof Headers ? [headers.get('authorization'), headers.get('cookie')] : [headers.authorization, headers.cookie];
  if (authorization) return true;
  return cookie?.includes(`${COOKIE_PREFIX}.session_token=`) ?? false;
}

const VERIFICATION_LINK_SECONDS = 60 * 60 * 24;
const RESET_LINK_SECONDS = 60 * 60;

export interface AuthDeps {
  config: Config;
  database: Database;
  logger: Logger;
  secret: string;
}

const EMAIL_IN_TEXT = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[a-z]{2,}/gi;

/** better-auth's own log lines go to our logger, with any email address in them masked. */
function authLogger(logger: Logger) {
  return {
    level: 'warn' as const,
    log(level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) {
      const text = message.replace(EMAIL_IN_TEXT, (m) => maskEmail(m));
      const first = args[0];
      const err = first instanceof Error ? { err: { name: first.name, message: loggableError(first).message.replace(EMAIL_IN_TEXT, (m) => maskEmail(m)) } } : {};
      logger[level]({ component: 'better-auth', ...err }, text);
    },
  };
}

/** A new account's name (sign-up, Google): trimmed and cut to the full name's length limit. */
function signUpName(name: string | null | undefined): string {
  return (name ?? '').trim().slice(0, PROFILE_TEXT_FIELDS.fullName.max);
}

/** The passwords a request sets, by better-auth path (sign-up, reset, change, admin). */
function passwordsIn(path: string, body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const b = body as Record<string, unknown>;
  const found: string[] = [];
  if ((path === '/sign-up/email' || path === '/admin/create-user') && typeof b.password === 'string') found.push(b.password);
  if (typeof b.newPassword === 'string') found.push(b.newPassword);
  return found;
}

/** Who a new password is for, as far as the request says: sign-up's name and address, or the signed-in person. */
async function passwordOwner(ctx: AuthHookContext): Promise<{ name?: string | null; email?: string | null }> {
  if (ctx.path === '/sign-up/email') {
    const body = ctx.body as { name?: unknown; email?: unknown };
    return { name: typeof body.name === 'string' ? body.name : null, email: typeof body.email === 'string' ? body.email : null };
  }
  if (ctx.path === '/change-password') {
    const session = await getSessionFromCtx(ctx);
    return { name: session?.user.name, email: session?.user.email };
  }
  // A reset names its person only through its token, which better-auth checks after this.
  return {};
}

/** Whether the person has a password (a credential account): Google-only accounts have none. */
async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'), isNotNull(accounts.password)))
    .limit(1);
  return row !== undefined;
}

/**
 * The account mails. They go through the outbox (lib/mail-outbox.ts), in the request's
 * transaction when there is one (sign-up): sent within a second or two, retried while the mail
 * server is away; the email switches apply when it is sent. A database failure still fails the request.
 */
function accountMailer(config: Config, scope: TransactionScope, logger: Logger) {
  const sendMail = async (message: MailMessage, kind: MailKind = 'account') => {
    try {
      await enqueueMail(scope.current(), { ...message, kind });
    } catch (error) {
      logger.error({ to: maskEmail(message.to), subject: message.subject, err: loggableError(error).message.replace(EMAIL_IN_TEXT, (m) => maskEmail(m)) }, 'mail could not be queued');
      throw new APIError('SERVICE_UNAVAILABLE', {
        code: 'MAIL_NOT_SENT',
        message: 'We could not send the email right now. Please try again in a few minutes.',
      });
    }
  };

  /** The welcome mail, when welcome emails are on; a failure is logged and never undoes the sign-up. */
  const sendWelcome = async (user: { email: string; name: string | null }) => {
    try {
      await sendMail(welcomeMail({ to: user.email, name: user.name, link: `${config.PUBLIC_URL}/create-idea`, publicUrl: config.PUBLIC_URL }), 'welcome');
    } catch {
      // sendMail logged it.
    }
  };

  return { sendMail, sendWelcome };
}

/** 'Continue with Google' (any OpenID Connect issuer), when a client id is set. */
function googleSignIn(config: Config) {
  return config.GOOGLE_CLIENT_ID
    ? [
        genericOAuth({
          config: [
            {
              providerId: GOOGLE_PROVIDER_ID,
              name: 'Google',
              discoveryUrl: `${config.OIDC_ISSUER.replace(/\/+$/, '')}/.well-known/openid-configuration`,
              clientId: config.GOOGLE_CLIENT_ID,
              clientSecret: config.GOOGLE_CLIENT_SECRET,
              scopes: ['openid', 'email', 'profile'],
              pkce: true,
              requireIdTokenVerification: true,
            },
          ],
        }),
      ]
    : [];
}

/** ADMIN_EMAILS: a confirmed listed address holds the admin role from its next session on. */
function adminPromoter(config: Config, logger: Logger) {
  return async (db: Db, userId: string) => {
    if (config.ADMIN_EMAILS.length === 0) return;
    const [user] = await db
      .select({ email: users.email, emailVerified: users.emailVerified, role: users.role })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (user && shouldPromoteToAdmin(user, config.ADMIN_EMAILS)) {
      await db.update(users).set({ role: 'admin', updatedAt: new Date() }).where(eq(users.id, userId));
      logger.info({ userId }, 'admin role given (ADMIN_EMAILS)');
    }
  };
}

/** better-auth's failures: client mistakes stay quiet, ours are logged without secrets and answered with our error body. */
function accountErrorHandler(logger: Logger) {
  return (error: unknown) => {
    // Client mistakes are answered to the client; only our failures are worth a log line.
    if (isAPIError(error) && error.statusCode < 500) return;
    // loggableError drops a failed query's parameters (tokens, password hashes, addresses).
    const err = loggableError(error);
    const mask = (text: string | undefined) => text?.replace(EMAIL_IN_TEXT, (m) => maskEmail(m));
    logger.error({ component: 'better-auth', err: { name: err.name, code: err.code, message: mask(err.message), cause: mask(err.cause?.message) } }, 'account request failed');
    // Anything but an APIError would be printed whole to stderr by better-call's router
    // ('# SERVER_ERROR:', with a failed query's parameters: session tokens, password hashes).
    // Answered as an APIError instead, it becomes a plain 500 with our error body.
    if (!isAPIError(error)) {
      throw new APIError('INTERNAL_SERVER_ERROR', { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
    }
  };
}

/**
 * What every account request is checked for before better-auth handles it: safe return
 * addresses, the idle timeout and email switches as set now, two-factor set-up allowed, codes
 * used once, and, where a password is chosen, the admin's rules for names and passwords.
 */
async function checkAccountRequest(ctx: AuthHookContext, env: { database: Database; scope: TransactionScope; origins: string[] }): Promise<void> {
  const { database, scope, origins } = env;
  // Addresses this request asks to be sent to later (after Google, from a mail link): pages
  // of this site only, with a safe return address inside (return-address.ts).
  assertSafeRedirects(ctx.body, ctx.query, origins);
  // The idle timeout as it is set now, for this request only (ctx.context is this request's).
  const current = await getCachedPlatformSettings(database.db);
  ctx.context.sessionConfig = { ...ctx.context.sessionConfig, ...sessionWindow(current.sessionTimeout) };
  if (ctx.path === '/two-factor/enable') {
    const session = await getSessionFromCtx(ctx);
    if (!current.enableTwoFactor) {
      if (!session) throw new APIError('UNAUTHORIZED', { code: 'UNAUTHORIZED', message: TWO_FACTOR_MESSAGES.signInFirst });
      throw new APIError('FORBIDDEN', { code: 'TWO_FACTOR_OFF', message: TWO_FACTOR_MESSAGES.off });
    }
    // The set-up is confirmed with the password, which an account that signs in only with
    // Google does not have (and Google sign-in asks for no code anyway).
    if (session && !(await hasPassword(scope.current(), session.user.id))) {
      throw new APIError('BAD_REQUEST', { code: 'NO_PASSWORD', message: TWO_FACTOR_MESSAGES.googleOnly });
    }
  }
  // An authenticator code works once per account (totp-replay.ts; claimed when its session opens).
  if (ctx.path === VERIFY_TOTP_PATH) await refuseUsedCode(ctx, scope.current());
  const passwords = passwordsIn(ctx.path, ctx.body);
  const isSignUp = ctx.path === '/sign-up/email';
  const isSignIn = ctx.path === '/sign-in/email';
  if (!isSignUp && !isSignIn && passwords.length === 0) return;
  const settings = await getPlatformSettings(scope.current());
  // The admin setting 'requireEmailVerification' applies from the next request on. better-auth
  // reads these two options per request; the setting is platform-wide, so every request at a
  // given moment sees the same value. Confirmation mails are still sent, and the admin-email
  // rule still needs a confirmed address.
  const emailAndPassword = ctx.context.options.emailAndPassword;
  if (emailAndPassword) {
    emailAndPassword.requireEmailVerification = settings.requireEmailVerification;
    emailAndPassword.autoSignIn = !settings.requireEmailVerification;
  }
  if (!isSignUp && passwords.length === 0) return;
  if (isSignUp) {
    if (!settings.newRegistrations) {
      throw new APIError('FORBIDDEN', { code: 'REGISTRATIONS_CLOSED', message: AUTH_MESSAGES.registrationsClosed });
    }
    const name = (ctx.body as { name?: unknown } | undefined)?.name;
    if (typeof name !== 'string' || name.trim() === '') {
      throw new APIError('BAD_REQUEST', { code: 'NAME_REQUIRED', message: AUTH_MESSAGES.fullNameRequired });
    }
    if (name.trim().length > PROFILE_TEXT_FIELDS.fullName.max) {
      throw new APIError('BAD_REQUEST', { code: 'NAME_TOO_LONG', message: AUTH_MESSAGES.fullNameTooLong });
    }
    // Here too, not only when the user row is written: a taken address must be refused alike.
    assertUserImage((ctx.body as { image?: unknown }).image);
  }
  const min = Math.max(1, settings.passwordMinLength);
  if (passwords.some((p) => p.length < min)) {
    throw new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_SHORT', message: AUTH_MESSAGES.passwordTooShort(min) });
  }
  // Common and easily guessed passwords are refused before anything is stored or mailed (a
  // taken address included, so the answer tells nothing about it).
  const words = personalWords(await passwordOwner(ctx));
  for (const password of passwords) {
    if (await isTooGuessable(password, words)) {
      throw new APIError('BAD_REQUEST', {
        code: 'PASSWORD_TOO_COMMON',
        message: AUTH_MESSAGES.passwordTooCommon,
        fields: { [isSignUp ? 'password' : 'newPassword']: [AUTH_MESSAGES.passwordTooCommon] },
      });
    }
  }
}

/** Turns the weekly digest on for a new person (its day stays the default, Monday). */
async function enableWeeklyDigest(db: Db, userId: string): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, digestEnabled: true })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { digestEnabled: true } });
}

/**
 * What happens as rows are written: 'new registrations' and the two-factor switch honoured on
 * every way in, names and images checked, the profile written with the account, a new session
 * capped at the idle timeout, its authenticator code claimed, and ADMIN_EMAILS applied.
 */
function accountDatabaseHooks(env: {
  scope: TransactionScope;
  sendWelcome: (user: { email: string; name: string | null }) => Promise<void>;
  promoteAdmin: (db: Db, userId: string) => Promise<void>;
}): BetterAuthOptions['databaseHooks'] {
  const { scope, sendWelcome, promoteAdmin } = env;
  return {
    user: {
      create: {
        before: async (user, ctx) => {
          // Every way in (password sign-up, Google) honours 'new registrations' off; admins may still add people.
          if (!ctx?.path?.startsWith('/admin/')) {
            const settings = await getPlatformSettings(scope.current());
            if (!settings.newRegistrations) {
              throw new APIError('FORBIDDEN', { code: 'REGISTRATIONS_CLOSED', message: AUTH_MESSAGES.registrationsClosed });
            }
          }
          assertUserImage(user.image);
          return { data: { ...user, name: signUpName(user.name) } };
        },
        after: async (user) => {
          // A Google account's address is confirmed by the provider: welcome it now. (Password
          // sign-ups are welcomed when they confirm their address: afterEmailVerification.)
          if (user.emailVerified) await sendWelcome(user);
        },
      },
      update: {
        before: async (user) => {
          // Two-factor authentication is switched on only while the setting allows it (also when a
          // code confirms a set-up begun before the setting was turned off).
          if ((user as { twoFactorEnabled?: unknown }).twoFactorEnabled === true) {
            const settings = await getPlatformSettings(scope.current());
            if (!settings.enableTwoFactor) throw new APIError('FORBIDDEN', { code: 'TWO_FACTOR_OFF', message: TWO_FACTOR_MESSAGES.off });
          }
          if ('image' in user) assertUserImage(user.image);
          if (!('name' in user) || user.name === undefined) return;
          return { data: { ...user, name: checkedUserName(user.name) } };
        },
      },
    },
    account: {
      create: {
        // Runs inside the sign-up (and OAuth sign-up) transaction, right after the user row:
        // the profile is written in that same transaction.
        before: async (account, ctx) => {
          await ensureProfile(scope.current(), account.userId);
          // The sign-up form's 'weekly digest' box, left ticked (issue 28): the digest is on for them.
          if (ctx?.path === '/sign-up/email' && (ctx.body as { weeklyDigest?: unknown } | undefined)?.weeklyDigest === true) {
            await enableWeeklyDigest(scope.current(), account.userId);
          }
        },
      },
    },
    session: {
      create: {
        before: async (session, ctx) => {
          const db = scope.current();
          await ensureProfile(db, session.userId);
          // better-auth sets a new session's end from its start-up window: the idle timeout
          // (this request's window, or the setting read now) is the most it may last.
          const expiresIn = ctx?.context.sessionConfig.expiresIn ?? sessionWindow((await getPlatformSettings(db)).sessionTimeout).expiresIn;
          const latest = new Date(Date.now() + expiresIn * 1000);
          const data = new Date(session.expiresAt) > latest ? { ...session, expiresAt: latest } : session;
          // A session opened by an authenticator code takes that code's time step (totp-replay.ts).
          if (ctx?.path === VERIFY_TOTP_PATH) await claimCodeStep(db, ctx.context.secretConfig, session.userId, ctx.body);
          await promoteAdmin(db, session.userId);
          return { data };
        },
      },
    },
  };
}

export function createAuth(deps: AuthDeps) {
  const { config, database, logger } = deps;
  const scope = createTransactionScope(database.db);
  const https = config.PUBLIC_URL.startsWith('https://');
  // PUBLIC_URL's origin, and its loopback aliases when it is this machine (origin-guard.ts).
  const origins = siteOrigins(config.PUBLIC_URL);

  const { sendMail, sendWelcome } = accountMailer(config, scope, logger);
  const google = googleSignIn(config);
  const promoteAdmin = adminPromoter(config, logger);

  return betterAuth({
    appName: 'IdeaHub',
    baseURL: config.PUBLIC_URL,
    basePath: AUTH_BASE_PATH,
    secret: deps.secret,
    trustedOrigins: origins,
    telemetry: { enabled: false },
    logger: authLogger(logger),
    database: drizzleAdapter(scope.db, {
      provider: 'pg',
      // Sign-up writes the user, its credential account and (our hook) its profile atomically.
      transaction: true,
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits, jwks, twoFactor: twoFactors },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      // The real minimum is the platform setting (passwordMinLength), checked in hooks.before.
      minPasswordLength: 1,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: { hash: hashPassword, verify: ({ hash, password }) => verifyPassword(hash, password) },
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await sendMail(resetPasswordMail({ to: user.email, name: user.name, link: url, publicUrl: config.PUBLIC_URL }));
      },
      // Sign-up answers a taken address exactly as a new one (no account discovery); its owner
      // gets a mail instead, which also keeps the two answers' timings close.
      onExistingUserSignUp: async ({ user }) => {
        await sendMail(existingAccountMail({ to: user.email, name: user.name, link: `${config.PUBLIC_URL}/auth`, publicUrl: config.PUBLIC_URL }));
      },
      // The user that answer shows: what user.create.before and the admin plugin make of a new one.
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        name: signUpName(coreFields.name),
        role: 'user',
        banned: false,
        banReason: null,
        banExpires: null,
        ...additionalFields,
        id,
      }),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_LINK_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        await sendMail(verificationMail({ to: user.email, name: user.name, link: url, publicUrl: config.PUBLIC_URL }));
      },
      // Runs once, when an address is first confirmed.
      afterEmailVerification: async (user) => {
        await sendWelcome(user);
      },
    },
    session: {
      // The longest idle timeout the setting allows; hooks.before narrows it to the setting on
      // every request (session-timeout.ts): a session ends once unused for sessionTimeout hours,
      // and is renewed (cookie and row) while in use.
      expiresIn: LONGEST_SESSION_WINDOW.expiresIn,
      updateAge: LONGEST_SESSION_WINDOW.updateAge,
      // Every request checks the session row, so sign-out ends the session everywhere at once.
      cookieCache: { enabled: false },
    },
    account: {
      encryptOAuthTokens: true,
      // A provider account joins an existing password account only when both addresses are verified.
      accountLinking: { enabled: true, requireLocalEmailVerified: true, trustedProviders: [] },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: DEFAULT_RULE.window,
      max: DEFAULT_RULE.max,
      customRules: IP_RULES,
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: https, path: '/' },
      // Set by our handler from the socket (or trusted proxies); never a header a client chose.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth skips these under NODE_ENV=test; we want tests to see production behaviour.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    onAPIError: {
      // OAuth failures land on the sign-in page (?error=code), which explains them.
      errorURL: `${config.PUBLIC_URL}/auth`,
      onError: accountErrorHandler(logger),
    },
    plugins: [
      admin({
        defaultRole: 'user',
        adminRoles: ['admin'],
        roles: { admin: adminAc, moderator: defaultAc.newRole({ user: [], session: [] }), user: userAc },
      }),
      bearer(),
      jwt({ disableSettingJwtHeader: true }),
      // Authenticator-app codes (TOTP) as a second step after the password, with backup codes;
      // both stored encrypted with the secret (the plugin's defaults). Enabling needs the admin
      // setting enableTwoFactor (hooks below); people who enabled it keep it when it is turned off.
      twoFactor({ accountLockout: { enabled: true, ...TWO_FACTOR_LOCKOUT }, totpOptions: { ...TOTP } }),
      ...google,
    ],
    hooks: {
      before: createAuthMiddleware((ctx) => checkAccountRequest(ctx, { database, scope, origins })),
      after: createAuthMiddleware(async (ctx) => {
        // New backup codes: the person is told by mail (the old codes stopped working), so codes made
        // by someone else with their session and password do not go unnoticed.
        if (ctx.path !== '/two-factor/generate-backup-codes' || isAPIError(ctx.context.returned)) return;
        const session = ctx.context.session ?? (await getSessionFromCtx(ctx));
        if (!session) return;
        try {
          await sendMail(newBackupCodesMail({ to: session.user.email, name: session.user.name, link: `${config.PUBLIC_URL}/profile`, publicUrl: config.PUBLIC_URL }));
        } catch {
          // sendMail logged it; the new codes are still answered.
        }
      }),
    },
    databaseHooks: accountDatabaseHooks({ scope, sendWelcome, promoteAdmin }),
  });
}

export type Auth = ReturnType<typeof createAuth>;
