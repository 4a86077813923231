/**
 * Platform settings (SPEC §3 'Admin settings', defaults of §9): one schema for the admin form,
 * the API and every reader on the server. Unlike the spec (no bounds, nothing persisted), the
 * values are stored and take effect, so each number has bounds and a message that says why.
 *
 * Readings (docs/product-readings.md): premiumThreshold defaults to 20 (the access rule), not the 3 of the
 * spec's settings screen. The settings offer only what uploads accept (issue 27 point 6): the types
 * PNG, JPEG and WebP, and a size up to the 5 MB of §5 (default 5, not the spec's 10 and its .pdf,
 * which uploads never took); the upload code on the server applies both
 * (src/server/features/ideas/upload-service.ts).
 */
import { IMAGE_UPLOAD_MAX_BYTES } from '../constants.ts';
import { z } from 'zod';

/** The extensions an admin may list: the images an upload can be (PNG, JPEG, WebP; judged by the bytes on upload). */
export const ALLOWED_FILE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp'] as const;
/** The choices the settings form offers, each with the extensions it stands for. */
export const FILE_TYPE_CHOICES = [
  { label: 'PNG', extensions: ['.png'] },
  { label: 'JPEG', extensions: ['.jpg', '.jpeg'] },
  { label: 'WebP', extensions: ['.webp'] },
] as const;
/** Types once listed by default that uploads never accepted; a stored list drops them instead of being ignored whole. */
const RETIRED_FILE_EXTENSIONS = ['.pdf'];


export const SETTINGS_LIMITS = {
  platformName: { max: 60 },
  platformDescription: { max: 200 },
  /** Hours. 0 turns the cooldown off; a year is the most that makes sense. */
  submissionLimit: { min: 0, max: 8760 },
  /** Megabytes: never above what the server accepts for an upload (SPEC §5's 5 MB). */
  maxFileSize: { min: 1, max: IMAGE_UPLOAD_MAX_BYTES / 1_048_576 },
  premiumThreshold: { min: 0, max: 10_000 },
  passwordMinLength: { min: 6, max: 128 },
  /** Hours: up to 30 days. */
  sessionTimeout: { min: 1, max: 720 },
  /** Days the audit log keeps an entry: at least a month (someone must have the time to look), at most ten years. */
  auditRetentionDays: { min: 30, max: 3650 },
  /** Percent of each sale the platform keeps (issue 25); the rest settles to the maker. */
  platformFeePercent: { min: 0, max: 50 },
} as const;

const L = SETTINGS_LIMITS;

function wholeNumber(label: string, min: number, max: number, unit: string) {
  const range = `between ${min} and ${max}${unit ? ` ${unit}` : ''}`;
  return z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be ${range}.`)
    .max(max, `${label} must be ${range}.`);
}

/** '.JPG, png ,.pdf' → ['.jpg', '.png', '.pdf'] (lower case, leading dot, no blanks or repeats). */
export function parseFileTypes(text: string): string[] {
  const seen = new Set<string>();
  for (const raw of text.split(',')) {
    const t = raw.trim().toLowerCase();
    if (!t) continue;
    seen.add(t.startsWith('.') ? t : `.${t}`);
  }
  return [...seen];
}

const fileTypes = z
  .string({ error: 'Allowed file types must be text.' })
  .max(200, 'Allowed file types must be at most 200 characters.')
  .transform((text, ctx) => {
    const types = parseFileTypes(text);
    const unknown = types.filter((t) => !(ALLOWED_FILE_EXTENSIONS as readonly string[]).includes(t));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${unknown.join(', ')} cannot be allowed. Choose from ${ALLOWED_FILE_EXTENSIONS.join(', ')}.`,
      });
      return z.NEVER;
    }
    if (!types.some((t) => (ALLOWED_FILE_EXTENSIONS as readonly string[]).includes(t))) {
      ctx.addIssue({ code: 'custom', message: 'Allow at least one image type: PNG, JPEG or WebP.' });
      return z.NEVER;
    }
    return types.join(',');
  });

function text(label: string, max: number) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);
}

const flag = (label: string) => z.boolean({ error: `${label} must be on or off.` });

/** Every setting, validated. Field names are those of SPEC §3. */
export const platformSettingsSchema = z.object({
  platformName: text('Platform name', L.platformName.max),
  platformDescription: text('Platform description', L.platformDescription.max),
  maintenanceMode: flag('Maintenance mode'),
  newRegistrations: flag('New registrations'),
  /** Hours between two ideas of one person. */
  ideaSubmissionLimit: wholeNumber('Idea submission limit', L.submissionLimit.min, L.submissionLimit.max, 'hours'),
  /** Hours between two products of one person. */
  productSubmissionLimit: wholeNumber('Product submission limit', L.submissionLimit.min, L.submissionLimit.max, 'hours'),
  /** Megabytes, at most the 5 MB of SPEC §5 that uploads are capped at. */
  maxFileSize: wholeNumber('Max file size', L.maxFileSize.min, L.maxFileSize.max, 'MB'),
  /** Comma-separated extensions, normalised ('.jpg,.png'). */
  allowedFileTypes: fileTypes,
  /** Premium: more than this many own items. */
  premiumThreshold: wholeNumber('Premium threshold', L.premiumThreshold.min, L.premiumThreshold.max, 'items'),
  premiumBenefits: flag('Premium benefits'),
  emailNotifications: flag('Email notifications'),
  welcomeEmails: flag('Welcome emails'),
  marketingEmails: flag('Marketing emails'),
  passwordMinLength: wholeNumber('Password minimum length', L.passwordMinLength.min, L.passwordMinLength.max, 'characters'),
  requireEmailVerification: flag('Email verification'),
  enableTwoFactor: flag('Two-factor authentication'),
  /** Hours. */
  sessionTimeout: wholeNumber('Session timeout', L.sessionTimeout.min, L.sessionTimeout.max, 'hours'),
  /** Days: older audit log entries are deleted (issue 30 point 8; not in SPEC §3). */
  auditRetentionDays: wholeNumber('Audit log retention', L.auditRetentionDays.min, L.auditRetentionDays.max, 'days'),
  /** Percent of each sale the platform keeps; set when a maker's payout account is created (issue 25, not in SPEC §3). */
  platformFeePercent: wholeNumber('Platform fee', L.platformFeePercent.min, L.platformFeePercent.max, '%'),
});

/** The settings as stored and read (after validation). */
export type PlatformSettings = z.output<typeof platformSettingsSchema>;
/** What the admin form sends. */
export type PlatformSettingsInput = z.input<typeof platformSettingsSchema>;

/** SPEC §9 defaults, with premiumThreshold 20 (docs/product-readings.md reading) and the upload settings within what uploads accept. */
export const PLATFORM_SETTINGS_DEFAULTS: Readonly<PlatformSettings> = Object.freeze({
  platformName: 'IdeaHub',
  platformDescription: 'Discover brilliant ideas and amazing products',
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
  platformFeePercent: 10,
});

export const SETTINGS_KEYS = Object.keys(PLATFORM_SETTINGS_DEFAULTS) as (keyof PlatformSettings)[];

/**
 * Stored values over the defaults, key by key: a stored value that fails its own check (wrong
 * type, out of bounds) or a key this version does not know is ignored, so a bad row never breaks
 * sign-up, sign-in or sharing.
 */
export function mergePlatformSettings(stored: unknown): PlatformSettings {
  const merged: PlatformSettings = { ...PLATFORM_SETTINGS_DEFAULTS };
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return merged;
  const record = stored as Record<string, unknown>;
  const target = merged as Record<string, unknown>;
  for (const key of SETTINGS_KEYS) {
    const value = key === 'allowedFileTypes' ? withoutRetiredTypes(record[key]) : record[key];
    const parsed = platformSettingsSchema.shape[key].safeParse(value);
    if (parsed.success) target[key] = parsed.data;
  }
  return merged;
}

function withoutRetiredTypes(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return parseFileTypes(value)
    .filter((t) => !RETIRED_FILE_EXTENSIONS.includes(t))
    .join(',');
}

/**
 * GET /api/maintenance: whether the platform is in maintenance mode, for the web's maintenance
 * page. Open to everyone, also during maintenance. (The other public settings are at /api/config.)
 */
export const maintenanceStatusSchema = z.object({
  maintenanceMode: z.boolean(),
  platformName: z.string(),
  /** What the maintenance page says (also the message of the 503 error body). */
  message: z.string(),
});
export type MaintenanceStatus = z.infer<typeof maintenanceStatusSchema>;

/** The settings response of the admin API: the values and when and by whom they were last saved. */
export const settingsResponseSchema = z.object({
  settings: platformSettingsSchema.extend({ allowedFileTypes: z.string() }),
  defaults: platformSettingsSchema.extend({ allowedFileTypes: z.string() }),
  updatedAt: z.iso.datetime().nullable(),
});
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

/** The 503 body code while maintenance mode is on (defined in the zod-free constants module). */
export { MAINTENANCE_ERROR_CODE } from '../constants';
export function maintenanceMessage(platformName: string): string {
  return `${platformName} is down for scheduled maintenance. Please check back soon.`;
}
