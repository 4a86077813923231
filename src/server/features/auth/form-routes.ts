/**
 * The sign-in and sign-up forms as plain form posts (issue 27 point 5): a browser without
 * JavaScript, or a form sent before the page's code took over, posts here. Each does what the
 * form's own API request does, through the same better-auth route (its limits, throttles and
 * checks, the origin guard of every /api route), then answers with a redirect: on to the return
 * address with the session cookie set, or back to /auth with `?failed=<code>`, whose text the page
 * shows (src/shared/rules/auth-form.ts).
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ZodError } from 'zod';
import {
  AUTH_FORM_FAILURES,
  AUTH_FORM_PATHS,
  type AuthFormFailure,
  FAILED_PARAM,
  SENT_PARAM,
  STEP_PARAM,
} from '../../../shared/rules/auth-form.ts';
import { DEFAULT_AFTER_SIGN_IN, returnPathIn, signInPath, withReturnPath } from '../../../shared/rules/return-path.ts';
import { AUTH_MESSAGES, normalizeBackupCode, signInFormSchema, signUpFormSchema, twoFactorCodeSchema } from '../../../shared/schemas/auth.ts';
import type { AppEnv } from '../../app-env.ts';
import { getPlatformSettings } from '../../lib/platform-settings.ts';

/** A JSON request to better-auth at `path` (after /api/auth), as the person's browser would send it. */
export type AskAuth = (c: Context<AppEnv>, path: string, json: Record<string, unknown>) => Promise<Response>;

/** Where the confirmation link of a sign-up lands (then on to the return address). */
const VERIFIED_PAGE = '/auth/verified';

/** A 303 to `location` carrying the cookies `from` set (the session's, the two-factor step's). */
function seeOther(location: string, from?: Response): Response {
  const headers = new Headers({ location, 'cache-control': 'no-store' });
  for (const cookie of from?.headers.getSetCookie() ?? []) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}

/** /auth (its tab, the return address) with more parameters. */
function authPage(tab: 'signin' | 'signup', next: string | null, name: string, value: string, more: Record<string, string> = {}): string {
  const url = new URL(signInPath(next, tab), 'http://page.invalid');
  for (const [k, v] of Object.entries({ [name]: value, ...more })) url.searchParams.set(k, v);
  return `${url.pathname}${url.search}`;
}

/** Answers of the code check after which this sign-in is over: the password is asked for again. */
const CHALLENGE_OVER = new Set(['invalid_two_factor_cookie', 'too_many_attempts_request_new_code']);
/** Refusals of a code that the code step shows as they are. */
const CODE_REFUSALS = new Set<AuthFormFailure>(['invalid_code', 'code_already_used', 'invalid_backup_code', 'too_many_requests']);

/** The code of a form's first refused field: the one whose text the rule gave. */
function invalidCode(error: ZodError): AuthFormFailure {
  const issue = error.issues[0];
  if (issue?.path[0] === 'password' && issue.code === 'too_small') return 'password_too_short';
  const found = Object.entries(AUTH_FORM_FAILURES).find(([, text]) => text === issue?.message);
  return (found?.[0] as AuthFormFailure | undefined) ?? 'failed';
}

/** The code of an error answer of the API. */
async function answerCode(res: Response): Promise<AuthFormFailure> {
  const body = (await res.json().catch(() => null)) as { error?: { code?: string; fields?: Record<string, string[]> } } | null;
  if (res.status === 429) return 'too_many_requests';
  if (body?.error?.fields?.password?.[0] === AUTH_MESSAGES.passwordTooCommon) return 'password_too_common';
  const code = body?.error?.code;
  if (code === 'invalid_email_or_password' || code === 'email_not_verified' || code === 'registrations_closed') return code;
  return 'failed';
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function registerAuthFormRoutes(app: OpenAPIHono<AppEnv>, askAuth: AskAuth) {
  app.post(AUTH_FORM_PATHS.signIn, async (c) => {
    const next = returnPathIn(new URL(c.req.url).searchParams);
    const back = (code: AuthFormFailure) => seeOther(authPage('signin', next, FAILED_PARAM, code));
    const form = await c.req.parseBody();
    const parsed = signInFormSchema.safeParse({ email: text(form.email), password: text(form.password) });
    if (!parsed.success) return back(invalidCode(parsed.error));
    const res = await askAuth(c, '/sign-in/email', parsed.data);
    if (!res.ok) return back(await answerCode(res));
    const body = (await res.json().catch(() => null)) as { twoFactorRedirect?: boolean } | null;
    // The password was right; the code from the authenticator app comes next, on the page.
    if (body?.twoFactorRedirect) return seeOther(authPage('signin', next, STEP_PARAM, 'two-factor'), res);
    return seeOther(next ?? DEFAULT_AFTER_SIGN_IN, res);
  });

  // The second step for people with two-factor on: the code from their app (digits) or a backup code (anything else).
  app.post(AUTH_FORM_PATHS.twoFactor, async (c) => {
    const next = returnPathIn(new URL(c.req.url).searchParams);
    const atCode = (code: AuthFormFailure) => seeOther(authPage('signin', next, STEP_PARAM, 'two-factor', { [FAILED_PARAM]: code }));
    const typed = text((await c.req.parseBody()).code).trim();
    if (!typed) return atCode('code_required');
    let res: Response;
    if (/^[\d\s]+$/.test(typed)) {
      const parsed = twoFactorCodeSchema.safeParse(typed);
      if (!parsed.success) return atCode('code_format');
      res = await askAuth(c, '/two-factor/verify-totp', { code: parsed.data });
    } else {
      res = await askAuth(c, '/two-factor/verify-backup-code', { code: normalizeBackupCode(typed) });
    }
    if (res.ok) return seeOther(next ?? DEFAULT_AFTER_SIGN_IN, res);
    const code = ((await res.json().catch(() => null)) as { error?: { code?: string } } | null)?.error?.code ?? '';
    if (CODE_REFUSALS.has(code as AuthFormFailure)) return atCode(code as AuthFormFailure);
    if (res.status === 401 || CHALLENGE_OVER.has(code)) return seeOther(authPage('signin', next, FAILED_PARAM, 'challenge_expired'), res);
    return atCode(res.status === 429 ? 'too_many_requests' : 'failed');
  });

  app.post(AUTH_FORM_PATHS.signUp, async (c) => {
    const next = returnPathIn(new URL(c.req.url).searchParams);
    const back = (code: AuthFormFailure) => seeOther(authPage('signup', next, FAILED_PARAM, code));
    const form = await c.req.parseBody();
    const { passwordMinLength } = await getPlatformSettings(c.var.db);
    const parsed = signUpFormSchema(passwordMinLength).safeParse({
      fullName: text(form.fullName),
      email: text(form.email),
      password: text(form.password),
      confirmPassword: text(form.confirmPassword),
    });
    if (!parsed.success) return back(invalidCode(parsed.error));
    const { fullName, email, password } = parsed.data;
    // The weekly digest box is ticked unless the person unticked it (an unticked box is not sent).
    const weeklyDigest = text(form.weeklyDigest) !== '';
    const res = await askAuth(c, '/sign-up/email', { name: fullName, email, password, weeklyDigest, callbackURL: withReturnPath(VERIFIED_PAGE, next) });
    if (!res.ok) return back(await answerCode(res));
    // With email verification off, signing up signs in (the session cookie is set): on to the return address.
    if (res.headers.getSetCookie().length > 0) return seeOther(next ?? DEFAULT_AFTER_SIGN_IN, res);
    return seeOther(authPage('signup', next, SENT_PARAM, '1'));
  });
}
