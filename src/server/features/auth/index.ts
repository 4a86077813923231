/**
 * The accounts feature, assembled once per server: the better-auth instance, the mailer, who is
 * asking (resolveViewer), and the HTTP routes. server.ts builds it and hands it to createApp.
 */
import { createHmac } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { SessionUser } from '../../../shared/schemas/auth.ts';
import { sessionUserOf } from '../../../shared/session-user.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { unavailable } from '../../lib/errors.ts';
import { createMailer, type Mailer } from '../../lib/mail.ts';
import type { Logger } from '../../logger.ts';
import type { Viewer } from '../../app-env.ts';
import { getCachedPlatformSettings, getPlatformSettings } from '../../lib/platform-settings.ts';
import { AUTH_BASE_PATH, type Auth, carriesCredentials, createAuth, GOOGLE_PROVIDER_ID } from './auth.ts';
import { trustedProxyMatcher } from './client-ip.ts';
import { clientIpOf, devOutboxOpenTo, registerAuthRoutes } from './routes.ts';
import { resolveAuthSecret } from './secret.ts';
import { createWatchedSessionCache } from './session-cache.ts';
import { createSessionLookup, type FastPerson } from './session-lookup.ts';
import { sessionWindow, shortenIdleSessions } from './session-timeout.ts';

export interface Accounts {
  readonly auth: Auth;
  readonly mailer: Mailer;
  readonly googleEnabled: boolean;
  /** The signed-in person of a request (session cookie or bearer token), or null. */
  resolveViewer(c: Context<AppEnv>): Promise<Viewer | null>;
  /**
   * The person a page is drawn for, as the app knows them (their session, as get-session answers
   * it) and as the API does (their viewer); a renewed session's cookies go on the page's answer.
   */
  pagePerson(c: Context<AppEnv>): Promise<Person | null>;
  /** Mounts /api/auth/*, /api/auth-config and (development) /api/dev/outbox. */
  register(app: OpenAPIHono<AppEnv>): void;
  /** Whether this request may see the development outbox (its API and its page): this machine only. */
  devOutboxOpenTo(c: Context): boolean;
  /** The client address of a request (the socket, or a trusted proxy's X-Forwarded-For), or null. */
  clientIpOf(c: Context<AppEnv>): string | null;
  /** A key for `purpose` derived from AUTH_SECRET (HMAC-SHA-256), for tokens other than sessions (unsubscribe links). */
  derivedKey(purpose: string): Buffer;
  /** Ends the session cache's listening connection and the mailer. */
  close(): Promise<void>;
}

/** A signed-in person: to the app (SessionUser) and to the API (Viewer). */
export interface Person {
  user: SessionUser;
  viewer: Viewer;
}

/** The person of a user row as better-auth answers it (get-session's `user`), with their item count when known. */
function personOf(user: unknown, itemCount?: number): Person | null {
  const sessionUser = sessionUserOf({ user });
  if (!sessionUser) return null;
  return { user: sessionUser, viewer: { userId: sessionUser.id, role: sessionUser.role, ...(itemCount === undefined ? {} : { itemCount }) } };
}

const personOfFast = (fast: FastPerson) =>
  personOf({ id: fast.userId, name: fast.name, email: fast.email, emailVerified: fast.emailVerified, role: fast.role, image: fast.image }, fast.itemCount);

export interface AccountsOptions {
  config: Config;
  database: Database;
  logger: Logger;
  /** Replaces the mailer made from the config (tests). */
  mailer?: Mailer;
}

export async function createAccounts(opts: AccountsOptions): Promise<Accounts> {
  const { config, database, logger } = opts;
  const isTrustedProxy = trustedProxyMatcher(config.TRUSTED_PROXIES);
  const mailer = opts.mailer ?? createMailer(config, logger);
  const secret = resolveAuthSecret(config, logger);
  const auth = createAuth({ config, database, logger, secret });
  // Initialises better-auth now (plugins, and the OpenID Connect discovery of 'Continue with Google').
  const context = await auth.$context;
  // Sessions this instance knows already (SESSION_CACHE_MS; 0: none), emptied across instances on every change.
  const kept = config.SESSION_CACHE_MS > 0 ? await createWatchedSessionCache<FastPerson>(database, logger, config.SESSION_CACHE_MS) : null;
  const fastSession = createSessionLookup(database.db, {
    secret,
    cookieName: context.authCookies.sessionToken.name,
    dontRememberCookieName: context.authCookies.dontRememberToken.name,
    cache: kept?.cache,
  });
  // Sessions opened under a longer idle timeout (before an upgrade, say) end by the current one.
  await shortenIdleSessions(database.db, (await getPlatformSettings(database.db)).sessionTimeout);
  const googleEnabled = context.socialProviders.some((p) => p.id === GOOGLE_PROVIDER_ID);
  if (config.GOOGLE_CLIENT_ID && !googleEnabled) {
    logger.error(
      { issuer: config.OIDC_ISSUER },
      'Continue with Google is off: the OpenID Connect issuer (OIDC_ISSUER) could not be reached or described at start-up',
    );
  }

  /**
   * The signed-in person of a request (session cookie or bearer token), or null: the plain case in
   * one prepared query, anything else (renewal, expiry, bearer tokens, bans) by better-auth's
   * getSession. `renew`: a renewed session's cookies go on this request's answer (a page), as the
   * browser's own get-session would set them.
   */
  const lookUpPerson = async (c: Context<AppEnv>, renew: boolean): Promise<Person | null> => {
    if (!carriesCredentials(c.req.raw.headers)) return null;
    // A database failure in the plain case is a 503 like any other.
    const settings = await getCachedPlatformSettings(c.var.db);
    const fast = await fastSession(c, sessionWindow(settings.sessionTimeout));
    if (fast === null) return null;
    if (fast !== 'ask-better-auth') return personOfFast(fast);
    const lookup = async () => {
      const answer = await auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
      if (renew) for (const cookie of answer.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
      return answer.response;
    };
    let session;
    try {
      session = await lookup();
    } catch (error) {
      // better-auth turns a failed session query into a bare 500 'Failed to get session' without
      // its cause. When the database does not answer, say so (503), as every other route does;
      // when it answers again (it was restarting a moment ago), look the session up once more.
      if (!(await databaseAnswers(database))) throw unavailable();
      try {
        session = await lookup();
      } catch {
        if (!(await databaseAnswers(database))) throw unavailable();
        throw error;
      }
    }
    return session ? personOf(session.user) : null;
  };

  return {
    auth,
    mailer,
    googleEnabled,
    async resolveViewer(c) {
      if (c.req.path.startsWith(`${AUTH_BASE_PATH}/`)) return null;
      return (await lookUpPerson(c, false))?.viewer ?? null;
    },
    async pagePerson(c) {
      return lookUpPerson(c, true);
    },
    register(app) {
      registerAuthRoutes(app, { auth, mailer, isTrustedProxy, googleEnabled });
    },
    devOutboxOpenTo: (c) => devOutboxOpenTo(mailer, c),
    clientIpOf: (c) => clientIpOf(c, isTrustedProxy),
    derivedKey: (purpose) => createHmac('sha256', secret).update(`ideahub-derived-key|${purpose}`).digest(),
    async close() {
      mailer.close();
      await kept?.stop();
    },
  };
}

/** Whether the database answers a ping within a second. */
async function databaseAnswers(database: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      database.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), 1000);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export type { Auth } from './auth.ts';

// What other features use of this one.
export { COOKIE_PREFIX } from './auth.ts';
export { consumeEmailLimit, emailLimitKey } from './email-rate-limit.ts';
export { twoFactorResetMail } from './mail-templates.ts';
export { tooManyAttemptsMessage, tooManyMailsMessage } from './rate-limits.ts';
export { shortenIdleSessions } from './session-timeout.ts';
export { sessionTokenOf } from './stream-session.ts';
