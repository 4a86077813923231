/** The two-factor code formats the sign-in and profile screens accept. */
import { describe, expect, it } from 'vitest';
import { normalizeBackupCode, TWO_FACTOR_MESSAGES, twoFactorCodeSchema } from './auth.ts';

describe('two-factor codes', () => {
  it('takes 6 digits, spaces ignored, and says what is wrong otherwise', () => {
    expect(twoFactorCodeSchema.parse(' 123 456 ')).toBe('123456');
    expect(twoFactorCodeSchema.safeParse('').error?.issues[0]?.message).toBe(TWO_FACTOR_MESSAGES.codeRequired);
    expect(twoFactorCodeSchema.safeParse('12345').error?.issues[0]?.message).toBe(TWO_FACTOR_MESSAGES.codeFormat);
    expect(twoFactorCodeSchema.safeParse('12345a').error?.issues[0]?.message).toBe(TWO_FACTOR_MESSAGES.codeFormat);
  });

  it('reads a backup code typed with or without its dash', () => {
    expect(normalizeBackupCode('aB3dE-fG5hJ')).toBe('aB3dE-fG5hJ');
    expect(normalizeBackupCode(' aB3dEfG5hJ ')).toBe('aB3dE-fG5hJ');
    expect(normalizeBackupCode('aB3dE fG5hJ')).toBe('aB3dE-fG5hJ');
    expect(normalizeBackupCode(' short ')).toBe('short');
  });
});
