import { describe, expect, it } from 'vitest';
import { mergePlatformSettings, PLATFORM_SETTINGS_DEFAULTS } from './service.ts';

describe('mergePlatformSettings', () => {
  it('gives the defaults of SPEC §9 when nothing is stored', () => {
    for (const stored of [undefined, null, 'x', 3, []]) expect(mergePlatformSettings(stored)).toEqual(PLATFORM_SETTINGS_DEFAULTS);
    expect(PLATFORM_SETTINGS_DEFAULTS).toMatchObject({
      newRegistrations: true,
      passwordMinLength: 8,
      requireEmailVerification: true,
      maintenanceMode: false,
      ideaSubmissionLimit: 72,
      productSubmissionLimit: 24,
      premiumThreshold: 20,
      maxFileSize: 5,
    });
  });

  it('takes stored values of the right type and ignores the rest', () => {
    const merged = mergePlatformSettings({ newRegistrations: false, passwordMinLength: 12, maxFileSize: 'big', premiumThreshold: Number.NaN, extra: 1 });
    expect(merged.newRegistrations).toBe(false);
    expect(merged.passwordMinLength).toBe(12);
    expect(merged.maxFileSize).toBe(5);
    expect(merged.premiumThreshold).toBe(20);
    expect(merged).not.toHaveProperty('extra');
  });
});
