/**
 * Saving the platform settings (SPEC §3 admin settings): validated by the shared schema, written
 * with an audit entry. Every reader reads them through lib/platform-settings.ts.
 */
import { eq } from 'drizzle-orm';
import {
  mergePlatformSettings,
  PLATFORM_SETTINGS_DEFAULTS,
  type PlatformSettings,
  platformSettingsSchema,
} from '../../../shared/schemas/settings.ts';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { AppError, type ErrorFields } from '../../lib/errors.ts';
import { shortenIdleSessions } from '../auth/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { forgetCachedSettings, PLATFORM_SETTINGS_KEY } from '../../lib/platform-settings.ts';

export { mergePlatformSettings, PLATFORM_SETTINGS_DEFAULTS, type PlatformSettings };

export const SETTINGS_INVALID_MESSAGE = 'Some settings are not valid. Please correct the highlighted fields.';

/** Checks every field with the shared schema; 400 with one message per bad field in `fields`. */
export function parseSettings(input: unknown): PlatformSettings {
  const result = platformSettingsSchema.safeParse(input);
  if (result.success) return result.data;
  const fields: ErrorFields = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    (fields[key] ??= []).push(issue.message);
  }
  const only = Object.values(fields);
  const message = only.length === 1 && only[0]?.length === 1 ? only[0][0]! : SETTINGS_INVALID_MESSAGE;
  throw new AppError(400, 'bad_request', message, fields);
}

/** Settings whose values never reach the audit log (only that they changed). None today. */
const SECRET_SETTING = /(secret|token|api_?key|password)$/i;
const AUDIT_VALUE_MAX = 200;

const auditValue = (key: string, v: unknown) =>
  SECRET_SETTING.test(key) ? '[hidden]' : typeof v === 'string' && v.length > AUDIT_VALUE_MAX ? `${v.slice(0, AUDIT_VALUE_MAX)}…` : v;

/** Which keys changed, old → new, for the audit log. */
export function settingsChanges(before: PlatformSettings, after: PlatformSettings): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after) as (keyof PlatformSettings)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changes[key] = { from: auditValue(key, before[key]), to: auditValue(key, after[key]) };
    }
  }
  return changes;
}

/** Stores the settings; a change made by someone is written to the audit log in the same transaction. */
async function store(db: Db, value: PlatformSettings, by: string | null) {
  const now = new Date();
  const saved = await inTransaction(db, async (tx) => {
    const [old] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, PLATFORM_SETTINGS_KEY)).for('update');
    const [row] = await tx
      .insert(settings)
      .values({ key: PLATFORM_SETTINGS_KEY, value, updatedAt: now, updatedBy: by })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now, updatedBy: by } })
      .returning({ updatedAt: settings.updatedAt });
    const before = mergePlatformSettings(old?.value);
    const changes = settingsChanges(before, value);
    // A shorter idle timeout also ends the open sessions idle for longer (auth/session-timeout.ts).
    if (value.sessionTimeout < before.sessionTimeout) await shortenIdleSessions(tx, value.sessionTimeout);
    if (by && Object.keys(changes).length > 0) {
      await recordAudit(tx, {
        actorId: by,
        action: 'settings.change',
        target: { type: 'settings', id: PLATFORM_SETTINGS_KEY, title: 'Platform settings' },
        details: { changes },
      });
    }
    return { settings: value, updatedAt: row?.updatedAt ?? now };
  });
  forgetCachedSettings(db);
  return saved;
}

/** Validates and stores the whole set of settings. */
export async function saveSettings(db: Db, input: unknown, by: string | null) {
  return store(db, parseSettings(input), by);
}

/** Restores the defaults of SPEC §9 (premium threshold 20). */
export async function resetSettings(db: Db, by: string | null) {
  return store(db, { ...PLATFORM_SETTINGS_DEFAULTS }, by);
}
