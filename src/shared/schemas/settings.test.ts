import { describe, expect, it } from 'vitest';
import { adminSectionsFor } from './admin.ts';
import {
  mergePlatformSettings,
  parseFileTypes,
  PLATFORM_SETTINGS_DEFAULTS,
  platformSettingsSchema,
} from './settings.ts';

describe('platform settings schema', () => {
  it('accepts the defaults of SPEC §9, with the premium threshold of 20', () => {
    expect(platformSettingsSchema.parse(PLATFORM_SETTINGS_DEFAULTS)).toEqual(PLATFORM_SETTINGS_DEFAULTS);
    expect(PLATFORM_SETTINGS_DEFAULTS).toMatchObject({
      maintenanceMode: false,
      newRegistrations: true,
      ideaSubmissionLimit: 72,
      productSubmissionLimit: 24,
      maxFileSize: 5,
      allowedFileTypes: '.jpg,.jpeg,.png,.webp',
      premiumThreshold: 20,
      premiumBenefits: true,
      emailNotifications: true,
      welcomeEmails: true,
      marketingEmails: false,
      passwordMinLength: 8,
      requireEmailVerification: true,
      enableTwoFactor: false,
      sessionTimeout: 24,
      auditRetentionDays: 365,
    });
  });

  it('holds each number within its bounds, with a message naming the field and the range', () => {
    const check = (change: Record<string, unknown>) => {
      const r = platformSettingsSchema.safeParse({ ...PLATFORM_SETTINGS_DEFAULTS, ...change });
      return r.success ? null : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(check({ ideaSubmissionLimit: 0 })).toBeNull();
    expect(check({ ideaSubmissionLimit: 8760 })).toBeNull();
    expect(check({ ideaSubmissionLimit: 8761 })).toEqual(['ideaSubmissionLimit: Idea submission limit must be between 0 and 8760 hours.']);
    expect(check({ productSubmissionLimit: -1 })).toEqual(['productSubmissionLimit: Product submission limit must be between 0 and 8760 hours.']);
    expect(check({ maxFileSize: 0 })).toEqual(['maxFileSize: Max file size must be between 1 and 5 MB.']);
    // Never above what the server accepts for an upload.
    expect(check({ maxFileSize: 5 })).toBeNull();
    expect(check({ maxFileSize: 6 })).toEqual(['maxFileSize: Max file size must be between 1 and 5 MB.']);
    expect(check({ premiumThreshold: -5 })).toEqual(['premiumThreshold: Premium threshold must be between 0 and 10000 items.']);
    expect(check({ passwordMinLength: 5 })).toEqual(['passwordMinLength: Password minimum length must be between 6 and 128 characters.']);
    expect(check({ sessionTimeout: 1.5 })).toEqual(['sessionTimeout: Session timeout must be a whole number.']);
    expect(check({ sessionTimeout: Number.NaN })).toEqual(['sessionTimeout: Session timeout must be a number.']);
    expect(check({ auditRetentionDays: 30 })).toBeNull();
    expect(check({ auditRetentionDays: 3650 })).toBeNull();
    expect(check({ auditRetentionDays: 29 })).toEqual(['auditRetentionDays: Audit log retention must be between 30 and 3650 days.']);
    expect(check({ auditRetentionDays: 3651 })).toEqual(['auditRetentionDays: Audit log retention must be between 30 and 3650 days.']);
    expect(check({ auditRetentionDays: 90.5 })).toEqual(['auditRetentionDays: Audit log retention must be a whole number.']);
    expect(check({ platformName: 'x'.repeat(61) })).toEqual(['platformName: Platform name must be at most 60 characters.']);
    expect(check({ platformDescription: '' })).toEqual(['platformDescription: Platform description is required.']);
    expect(check({ welcomeEmails: 'true' })).toEqual(['welcomeEmails: Welcome emails must be on or off.']);
  });

  it('allows only the image types uploads accept (PNG, JPEG, WebP), at least one', () => {
    const types = (v: string) => platformSettingsSchema.shape.allowedFileTypes.safeParse(v);
    expect(types(' .PNG, webp,.png ,, ').data).toBe('.png,.webp');
    expect(types('.svg').error?.issues[0]?.message).toBe('.svg cannot be allowed. Choose from .jpg, .jpeg, .png, .webp.');
    expect(types('.png,.html,.js').error?.issues[0]?.message).toBe('.html, .js cannot be allowed. Choose from .jpg, .jpeg, .png, .webp.');
    expect(types('.png,.pdf').error?.issues[0]?.message).toBe('.pdf cannot be allowed. Choose from .jpg, .jpeg, .png, .webp.');
    expect(types('').error?.issues[0]?.message).toBe('Allow at least one image type: PNG, JPEG or WebP.');
    expect(parseFileTypes('JPG, .jpeg')).toEqual(['.jpg', '.jpeg']);
  });

  it('merges a stored row key by key, ignoring values that fail their check', () => {
    expect(mergePlatformSettings(undefined)).toEqual(PLATFORM_SETTINGS_DEFAULTS);
    const merged = mergePlatformSettings({ premiumThreshold: 5, passwordMinLength: 2, allowedFileTypes: '.svg', maintenanceMode: true, junk: 1 });
    expect(merged).toEqual({ ...PLATFORM_SETTINGS_DEFAULTS, premiumThreshold: 5, maintenanceMode: true });
    // Rows saved when the settings offered more: .pdf is dropped from the list, a size above the cap is not taken.
    expect(mergePlatformSettings({ allowedFileTypes: '.png,.pdf', maxFileSize: 10 })).toEqual({ ...PLATFORM_SETTINGS_DEFAULTS, allowedFileTypes: '.png' });
    expect(mergePlatformSettings({ allowedFileTypes: '.pdf' }).allowedFileTypes).toBe(PLATFORM_SETTINGS_DEFAULTS.allowedFileTypes);
  });
});

describe('adminSectionsFor', () => {
  it('opens everything to admins, Content and Reports to moderators, nothing to others', () => {
    expect(adminSectionsFor('admin')).toEqual(['overview', 'users', 'content', 'topics', 'financial', 'analytics', 'settings', 'audit', 'reports']);
    expect(adminSectionsFor('moderator')).toEqual(['content', 'reports']);
    expect(adminSectionsFor('user')).toEqual([]);
    expect(adminSectionsFor(null)).toEqual([]);
  });
});
