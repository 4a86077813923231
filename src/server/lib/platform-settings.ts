/**
 * Reading the platform settings (SPEC §3 admin settings): one jsonb row (key 'platform') in the
 * settings table, validated by the shared schema (src/shared/schemas/settings.ts). Until a row
 * exists, every reader gets the defaults of SPEC §9. Saving them is the settings feature's job.
 *
 * getPlatformSettings reads the row on every call (one primary-key lookup), so a change takes
 * effect at once on every instance: admin screens, writes that check a setting (sign-up, shares,
 * uploads). What runs on every request (the maintenance check, the session window, the premium
 * threshold of lists, searches and details, the email switch of a like) uses the short-lived cache
 * below: a change is seen at once through the instance that saved it, within SETTINGS_CACHE_MS on
 * the others.
 */
import { eq } from 'drizzle-orm';
import { mergePlatformSettings, type PlatformSettings } from '../../shared/schemas/settings.ts';
import type { Db } from '../db/client.ts';
import { settings } from '../db/schema.ts';

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

// ── Short-lived cache, for what runs on every request (see the module comment) ───────────────

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
