/**
 * Changing the platform settings in API tests the way an admin does (PUT /api/admin/settings, which
 * also empties the settings cache of the instance), so a change applies from the next request on.
 */
import { expect } from 'vitest';
import { type PlatformSettings, settingsResponseSchema } from '../../src/shared/schemas/settings.ts';
import type { SignedInUser } from './auth.ts';
import type { TestServer } from './test-server.ts';

export async function currentSettings(t: TestServer, admin: SignedInUser): Promise<PlatformSettings> {
  const res = await t.fetch('/api/admin/settings', { headers: admin.headers });
  expect(res.status).toBe(200);
  return settingsResponseSchema.parse(await res.json()).settings as PlatformSettings;
}

/** Saves the current settings with `change` applied, as `admin`. */
export async function changeSettings(t: TestServer, admin: SignedInUser, change: Partial<PlatformSettings>): Promise<void> {
  const body = JSON.stringify({ ...(await currentSettings(t, admin)), ...change });
  const res = await t.fetch('/api/admin/settings', { method: 'PUT', headers: admin.headers, body });
  expect(res.status, await res.clone().text()).toBe(200);
}
