/** Two-factor set-up for API tests: an authenticator app's codes (otpauth, independent of ours) and turning it on over HTTP. */
import * as OTPAuth from 'otpauth';
import { expect } from 'vitest';
import { cookieFrom, mergeCookies, randomClientIp, type SignedInUser, siteHeaders } from './auth.ts';
import type { TestServer } from './test-server.ts';

/** What `/api/auth/two-factor/enable` answers: the app's secret as a URI and the backup codes. */
export interface TwoFactorSetup {
  totpURI: string;
  backupCodes: string[];
}

/** The code an authenticator app shows for `totpURI`, `offsetPeriods` 30-second steps from now. */
export function totpCode(totpURI: string, offsetPeriods = 0): string {
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  return totp.generate({ timestamp: Date.now() + offsetPeriods * totp.period * 1000 });
}

/** Turns two-factor on for `person` (the password, then a code); the set-up and the session cookie after it. */
export async function turnOnTwoFactor(t: TestServer, person: SignedInUser): Promise<TwoFactorSetup & { cookie: string }> {
  const post = (path: string, body: unknown) =>
    t.fetch(`/api/auth/two-factor/${path}`, { method: 'POST', headers: siteHeaders(t, person.cookie, { 'x-forwarded-for': randomClientIp() }), body: JSON.stringify(body) });
  const enabled = await post('enable', { password: person.password });
  expect(enabled.status, await enabled.clone().text()).toBe(200);
  const setup = (await enabled.json()) as TwoFactorSetup;
  const verified = await post('verify-totp', { code: totpCode(setup.totpURI) });
  expect(verified.status, await verified.clone().text()).toBe(200);
  return { ...setup, cookie: mergeCookies(person.cookie, cookieFrom(verified)) };
}
