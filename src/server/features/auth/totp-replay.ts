/**
 * An authenticator code is accepted once per account (issue 30 point 3). The two-factor plugin
 * accepts any code of the current 30-second step or a neighbour, as often as it is sent. We keep
 * the step of the last code an account had accepted (two_factors.last_totp_step) and refuse a code
 * of that step or an earlier one, on every instance alike:
 * - `refuseUsedCode` (hooks.before of verify-totp) answers a used code at once, with its own
 *   message, before the plugin spends the sign-in challenge on it. It writes nothing.
 * - `claimCodeStep` (the session the plugin opens for a right code: sign-in, or the end of the
 *   set-up) moves the step forward in one conditional UPDATE, so of two requests racing with one
 *   code only one opens a session.
 * Wrong codes and locked accounts are left to the plugin, which refuses and counts them.
 */
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { TWO_FACTOR_MESSAGES } from '../../../shared/schemas/auth.ts';
import type { Db } from '../../db/client.ts';
import { twoFactors } from '../../db/schema.ts';
import type { AuthHookContext } from './hook-context.ts';

/** The authenticator codes the two-factor plugin is configured with (auth.ts passes these). */
export const TOTP = { period: 30, digits: 6 } as const;

export const VERIFY_TOTP_PATH = '/two-factor/verify-totp';

/** The name the two-factor plugin gives its sign-in challenge cookie (before our cookie prefix). */
const CHALLENGE_COOKIE = 'two_factor';

/** What a key of better-auth's secret configuration is (ctx.context.secretConfig). */
type SecretKey = Parameters<typeof symmetricDecrypt>[0]['key'];

const usedCode = () => new APIError('UNAUTHORIZED', { code: 'CODE_ALREADY_USED', message: TWO_FACTOR_MESSAGES.codeAlreadyUsed });

/**
 * The time step `code` belongs to for `secret` at `nowMs` (the current step or one either side,
 * as the plugin accepts), or null when it is no code of those.
 */
export function stepOfCode(secret: string, code: string, nowMs: number): number | null {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromUTF8(secret), algorithm: 'SHA1', digits: TOTP.digits, period: TOTP.period });
  const delta = totp.validate({ token: code, timestamp: nowMs, window: 1 });
  return delta === null ? null : Math.floor(nowMs / 1000 / TOTP.period) + delta;
}

/** The account's code row, and the step of `code` for it (null: not a right code now). */
async function codeOf(db: Db, key: SecretKey, userId: string, code: string) {
  const [row] = await db
    .select({ secret: twoFactors.secret, lastStep: twoFactors.lastTotpStep, lockedUntil: twoFactors.lockedUntil })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId))
    .limit(1);
  if (!row) return null;
  // The plugin checks codes against the real time, so this does too.
  const step = stepOfCode(await symmetricDecrypt({ key, data: row.secret }), code, Date.now());
  return { step, lastStep: row.lastStep, locked: row.lockedUntil !== null && row.lockedUntil > new Date() };
}

/** Whose code a verify-totp request sends: the signed-in person (set-up), or the person of a sign-in's challenge. */
async function codeOwner(ctx: AuthHookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie(CHALLENGE_COOKIE);
  const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!challenge) return null;
  const found = await ctx.context.internalAdapter.findVerificationValue(challenge);
  return found && new Date(found.expiresAt) > new Date() ? found.value : null;
}

const codeIn = (body: unknown): string | null => {
  const code = (body as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : null;
};

/** hooks.before of verify-totp: 401 code_already_used for a right code of a step this account has had accepted. */
export async function refuseUsedCode(ctx: AuthHookContext, db: Db): Promise<void> {
  const code = codeIn(ctx.body);
  if (code === null) return;
  const userId = await codeOwner(ctx);
  if (!userId) return;
  const found = await codeOf(db, ctx.context.secretConfig, userId, code);
  // A locked account is answered by the plugin (429), whatever the code.
  if (!found || found.locked || found.step === null || found.lastStep === null) return;
  if (found.step <= found.lastStep) throw usedCode();
}

/**
 * Before a session is opened for a right code (verify-totp): the code's step becomes the
 * account's last accepted one, or, when another request got there first, no session (401).
 */
export async function claimCodeStep(db: Db, key: SecretKey, userId: string, body: unknown): Promise<void> {
  const code = codeIn(body);
  if (code === null) return;
  const found = await codeOf(db, key, userId, code);
  // A code that has just left its window since the plugin took it cannot be sent again anyway.
  if (!found || found.step === null) return;
  const moved = await db
    .update(twoFactors)
    .set({ lastTotpStep: found.step })
    .where(and(eq(twoFactors.userId, userId), or(isNull(twoFactors.lastTotpStep), lt(twoFactors.lastTotpStep, found.step))))
    .returning({ id: twoFactors.id });
  if (moved.length === 0) throw usedCode();
}
