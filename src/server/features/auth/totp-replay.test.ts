import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { stepOfCode, TOTP } from './totp-replay.ts';

// better-auth's secrets are strings; the authenticator is given their UTF-8 bytes (base32 in the URI).
const SECRET = 'a-secret-of-thirty-two-characters';
const app = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromUTF8(SECRET), algorithm: 'SHA1', digits: TOTP.digits, period: TOTP.period });

describe('stepOfCode', () => {
  it('names the 30-second step a code belongs to, for the current step and one either side', () => {
    const now = Date.UTC(2026, 10, 27, 12, 0, 10);
    const step = Math.floor(now / 1000 / 30);
    for (const offset of [-1, 0, 1]) {
      expect(stepOfCode(SECRET, app.generate({ timestamp: now + offset * 30_000 }), now)).toBe(step + offset);
    }
  });

  it('knows no code outside that window, nor a wrong one', () => {
    const now = Date.UTC(2026, 10, 27, 12, 0, 10);
    expect(stepOfCode(SECRET, app.generate({ timestamp: now + 2 * 30_000 }), now)).toBeNull();
    expect(stepOfCode(SECRET, app.generate({ timestamp: now - 2 * 30_000 }), now)).toBeNull();
    expect(stepOfCode('another secret entirely', app.generate({ timestamp: now }), now)).toBeNull();
  });
});
