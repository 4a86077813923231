/**
 * Accounts over HTTP: better-auth's handler at /api/auth/* (with the client address set from
 * the socket, per-email limits, and our error body), the sign-in and sign-up forms as plain form
 * posts (form-routes.ts), GET /api/auth-config for the sign-in
 * screens, and, in development without SMTP_URL, GET /api/dev/outbox for this machine only.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { authConfigSchema, outboxResponseSchema } from '../../../shared/schemas/auth.ts';
import type { AppEnv } from '../../app-env.ts';
import { notFound } from '../../lib/errors.ts';
import { isLocalRequest, socketAddress } from '../../lib/local-peer.ts';
import type { Mailer } from '../../lib/mail.ts';
import { getPlatformSettings } from '../../lib/platform-settings.ts';
import { AUTH_BASE_PATH, type Auth } from './auth.ts';
import { CLIENT_IP_HEADER, normalizeIp, resolveClientIp } from './client-ip.ts';
import { consumeEmailLimit, emailLimitKey } from './email-rate-limit.ts';
import { rewriteAuthErrorResponse } from './error-body.ts';
import { EMAIL_RULES, tooManyAttemptsMessage, tooManyMailsMessage } from './rate-limits.ts';
import { scrubSessionTokens } from './session-token-scrub.ts';
import { withLongLivedSessionCookie } from './session-timeout.ts';
import { admitSignIn } from './sign-in-throttle.ts';
import { registerAuthFormRoutes } from './form-routes.ts';

export interface AuthRoutesDeps {
  auth: Auth;
  mailer: Mailer;
  isTrustedProxy: (ip: string) => boolean;
  /** Whether 'Continue with Google' loaded (configured, and its issuer answered at start-up). */
  googleEnabled: boolean;
}

/**
 * better-auth endpoints the app does not offer: its admin endpoints (set-role, ban, impersonate…)
 * bypass our rules (the last admin, the role matrix; roles change only through /api/admin/users),
 * update-user writes the name and image around the profile's rules (PATCH /api/profile is
 * the one way to change a name), and the two-factor plugin's codes by email or text message are
 * not set up (authenticator apps and backup codes only).
 */
const CLOSED_PATHS = new Set(['/update-user', '/two-factor/send-otp', '/two-factor/verify-otp']);
function closedPath(path: string): boolean {
  const p = path.replace(/\/+$/, '');
  return p === '/admin' || p.startsWith('/admin/') || CLOSED_PATHS.has(p);
}

/**
 * Whether this request may see the development outbox: there is one, and the request comes from
 * this machine (anyone else could read a reset link for any account and take it).
 */
export function devOutboxOpenTo(mailer: Mailer, c: Context): boolean {
  return mailer.outbox !== null && isLocalRequest(c);
}

export function clientIpOf(c: Context<AppEnv>, isTrustedProxy: (ip: string) => boolean): string | null {
  const socket = socketAddress(c);
  // No socket: a request the server makes to itself (app.request, a page asking the API as its
  // reader: lib/page-data.ts), which names the address of the request it is made for. Nothing
  // from outside arrives without a socket.
  if (socket === null) return normalizeIp(c.req.header(CLIENT_IP_HEADER));
  return resolveClientIp({ socketAddress: socket, forwardedFor: c.req.header('x-forwarded-for'), isTrustedProxy });
}

/** The email address a sign-up / sign-in / mail request is about, from its JSON or form body. */
export function emailInBody(text: string, contentType: string | undefined): string | null {
  let value: unknown;
  try {
    value = contentType?.includes('application/x-www-form-urlencoded')
      ? new URLSearchParams(text).get('email')
      : (JSON.parse(text) as { email?: unknown } | null)?.email;
  } catch {
    return null;
  }
  return typeof value === 'string' && value.includes('@') ? value.trim().toLowerCase() : null;
}

const authConfigRoute = createRoute({
  method: 'get',
  path: '/api/auth-config',
  tags: ['accounts'],
  summary: 'What the sign-in and sign-up screens need to know about this site',
  responses: { 200: { description: 'Account settings', content: { 'application/json': { schema: authConfigSchema } } } },
});

const outboxRoute = createRoute({
  method: 'get',
  path: '/api/dev/outbox',
  tags: ['development'],
  summary: 'Development only (no SMTP_URL), from this machine only: the last 50 mails, newest first',
  responses: { 200: { description: 'Mails', content: { 'application/json': { schema: outboxResponseSchema } } } },
});

export function registerAuthRoutes(app: OpenAPIHono<AppEnv>, deps: AuthRoutesDeps) {
  const { auth, mailer, isTrustedProxy } = deps;

  /** One request to better-auth at `path` (after /api/auth), with our limits, cookies and error body. */
  async function answerAuth(c: Context<AppEnv>, path: string, url: string, body: string | undefined, headers: Headers): Promise<Response> {
    const method = c.req.method;
    const ip = clientIpOf(c, isTrustedProxy);

    const emailRule = EMAIL_RULES[path];
    const isSignIn = path === '/sign-in/email';
    const email = (emailRule || isSignIn) && body ? emailInBody(body, headers.get('content-type') ?? undefined) : null;
    const tooMany = (retryAfter: number, message: string) => {
      c.header('Retry-After', String(retryAfter));
      return c.json({ error: { code: 'too_many_requests', message } }, 429);
    };
    if (email && emailRule) {
      const decision = await consumeEmailLimit(c.var.db, emailLimitKey(path, email), emailRule);
      if (!decision.allowed) return tooMany(decision.retryAfter, tooManyMailsMessage(decision.retryAfter));
    }
    const signIn = email && isSignIn ? await admitSignIn(c.var.db, email, ip) : null;
    if (signIn && !signIn.allowed) return tooMany(signIn.retryAfter, tooManyAttemptsMessage(signIn.retryAfter));

    headers.delete(CLIENT_IP_HEADER);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    let res: Response;
    try {
      res = await auth.handler(new Request(url, { method, headers, body }));
    } catch (error) {
      await signIn?.settle(500);
      throw error;
    }
    await signIn?.settle(res.status);
    return rewriteAuthErrorResponse(await scrubSessionTokens(withLongLivedSessionCookie(res)));
  }

  app.on(['GET', 'POST'], `${AUTH_BASE_PATH}/*`, async (c) => {
    const path = c.req.path.slice(AUTH_BASE_PATH.length);
    if (closedPath(path)) {
      return c.json({ error: { code: 'not_found', message: `No API endpoint at ${c.req.method} ${c.req.path}.` } }, 404);
    }
    const body = c.req.method === 'POST' ? await c.req.text() : undefined;
    return answerAuth(c, path, c.req.url, body, new Headers(c.req.raw.headers));
  });

  registerAuthFormRoutes(app, (c, path, json) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set('content-type', 'application/json');
    headers.delete('content-length');
    return answerAuth(c, path, new URL(`${AUTH_BASE_PATH}${path}`, c.req.url).toString(), JSON.stringify(json), headers);
  });

  app.openapi(authConfigRoute, async (c) => {
    const settings = await getPlatformSettings(c.var.db);
    return c.json(
      {
        googleEnabled: deps.googleEnabled,
        passwordMinLength: settings.passwordMinLength,
        newRegistrations: settings.newRegistrations,
        devOutbox: devOutboxOpenTo(mailer, c),
        twoFactor: settings.enableTwoFactor,
      },
      200,
    );
  });

  const outbox = mailer.outbox;
  if (outbox) {
    app.openapi(outboxRoute, (c) => {
      // Anyone else gets what an unknown API path answers.
      if (!devOutboxOpenTo(mailer, c)) throw notFound(`No API endpoint at ${c.req.method} ${c.req.path}.`);
      c.header('Cache-Control', 'no-store');
      return c.json({ mails: outbox.list() }, 200);
    });
  }
}
