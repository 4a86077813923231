/**
 * Platform settings (SPEC §3 admin settings), stored as one jsonb row (key 'platform') in the
 * settings table and validated by the shared schema (src/shared/schemas/settings.ts). Until a
 * row exists, every reader gets the defaults of SPEC §9.
 *
 * getPlatformSettings reads the row on every call (one primary-key lookup), so a change takes
 * effect at once on every instance. Only the maintenance check, which runs on every API request,
 * uses the short-lived cache below.
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
import { shortenIdleSessions } from '../auth/session-timeout.ts';

export { mergePlatformSettings, PLATFORM_SETTINGS_DEFAULTS, type PlatformSettings };

export const PLATFORM_SETTINGS_KEY = 'platform';

export async function getPlatformSettings(db: Db): Promise<PlatformSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, PLATFORM_SETTINGS_KEY)).limit(1);
  return mergePlatformSettings(row?.value);
}

/** The settings and when they were last saved (null: never, the defaults apply). */
export async function getPlatformSettingsRecord(db: Db): Promise<{ settings: PlatformSettings; updatedAt: Date | null }> {
  const [row] = await db
    .select({ value: settings.value, updatedAt: settings.updatedAt })
    .from(settings)
    .where(eq(settings.key, PLATFORM_SETTINGS_KEY))
    .limit(1);
  return { settings: mergePlatformSettings(row?.value), updatedAt: row?.updatedAt ?? null };
}

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
  const saved = await db.transaction(async (tx) => {
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

// ── Short-lived cache, for checks that run on every request (maintenance mode) ───────────────

/** A change made through another instance is seen here within this many milliseconds. */
export const SETTINGS_CACHE_MS = 2000;
const cache = new WeakMap<Db, { at: number; value: Promise<PlatformSettings>; settled?: PlatformSettings }>();

export function getCachedPlatformSettings(db: Db, now = Date.now()): Promise<PlatformSettings> {
  const hit = cache.get(db);
  if (hit && now - hit.at < SETTINGS_CACHE_MS) return hit.value;
  const value = getPlatformSettings(db);
  const entry: { at: number; value: Promise<PlatformSettings>; settled?: PlatformSettings } = { at: now, value };
  cache.set(db, entry);
  value.then(
    (settings) => {
      entry.settled = settings;
    },
    // A failed read is not remembered.
    () => {
      if (cache.get(db) === entry) cache.delete(db);
    },
  );
  return value;
}

/**
 * The cached settings when they are read and still fresh, without waiting; null otherwise (the
 * caller then takes the path that reads them). For answers given before the app runs.
 */
export function peekCachedPlatformSettings(db: Db, now = Date.now()): PlatformSettings | null {
  const hit = cache.get(db);
  return hit?.settled && now - hit.at < SETTINGS_CACHE_MS ? hit.settled : null;
}

export function forgetCachedSettings(db: Db): void {
  cache.delete(db);
}
