/**
 * Maintenance mode (admin setting): while it is on, every API request from anyone but an admin
 * is answered 503 { error: { code: 'maintenance' } }, except what a browser needs to show the
 * maintenance page and to let an admin sign in. The web app shows its maintenance page on it.
 */
import type { MiddlewareHandler } from 'hono';
import { MAINTENANCE_ERROR_CODE, maintenanceMessage } from '../../../shared/schemas/settings.ts';
import type { AppEnv } from '../../app-env.ts';
import { getCachedPlatformSettings } from '../../lib/platform-settings.ts';

/**
 * Paths that stay open: sign-in (and the rest of better-auth) and its screen's settings, the
 * panel's access check, the maintenance status and the public config the screens read.
 */
const OPEN_DURING_MAINTENANCE = [/^\/api\/auth\//, /^\/api\/auth-config$/, /^\/api\/admin\/me$/, /^\/api\/maintenance$/, /^\/api\/config$/];

/** Seconds a client is asked to wait before trying again. */
export const MAINTENANCE_RETRY_AFTER = 120;

export function isOpenDuringMaintenance(path: string): boolean {
  return OPEN_DURING_MAINTENANCE.some((p) => p.test(path));
}

/** For app.use('/api/*'), after the viewer is known. */
export const maintenanceGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.var.viewer?.role === 'admin' || isOpenDuringMaintenance(c.req.path)) return next();
  const settings = await getCachedPlatformSettings(c.var.db);
  if (!settings.maintenanceMode) return next();
  c.header('Retry-After', String(MAINTENANCE_RETRY_AFTER));
  c.header('Cache-Control', 'no-store');
  return c.json({ error: { code: MAINTENANCE_ERROR_CODE, message: maintenanceMessage(settings.platformName) } }, 503);
};
