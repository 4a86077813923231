/**
 * Who may use the admin API. Checked twice: once for every path under /api/admin/ (before any
 * route runs, so a refused caller learns nothing, not even whether its input was valid), and
 * again by each handler for its own section.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { ADMIN_ACCESS_DENIED, type AdminSection, adminSectionsFor } from '../../../shared/schemas/admin.ts';
import type { AppEnv } from '../../app-env.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import type { Viewer } from '../../app-env.ts';

export const ADMIN_API_PREFIX = '/api/admin';

/** The section a path under /api/admin/ belongs to; 'me' is open to anyone with a section. */
export function sectionOfPath(path: string): AdminSection | 'me' | null {
  const rest = path.slice(ADMIN_API_PREFIX.length).replace(/^\/+/, '');
  const first = rest.split('/')[0] ?? '';
  switch (first) {
    case 'me':
      return 'me';
    case 'overview':
      return 'overview';
    case 'users':
      return 'users';
    case 'content':
      return 'content';
    case 'topics':
      return 'topics';
    case 'financial':
    case 'payments':
    case 'coupons':
      return 'financial';
    case 'analytics':
      return 'analytics';
    case 'settings':
      return 'settings';
    case 'audit':
      return 'audit';
    case 'reports':
      return 'reports';
    default:
      return null;
  }
}

/** Whether `viewer` may open `section` ('me': any section at all). */
export function mayUse(viewer: Viewer, section: AdminSection | 'me' | null): boolean {
  const sections = adminSectionsFor(viewer.role);
  if (sections.length === 0) return false;
  if (section === 'me') return true;
  // Unknown paths: only admins get as far as the 404.
  if (section === null) return viewer.role === 'admin';
  return sections.includes(section);
}

/** For app.use('/api/admin/*'): 401 for visitors, 403 for anyone outside the path's section. */
export const adminGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const viewer = c.var.viewer;
  if (!viewer) throw unauthorized();
  if (!mayUse(viewer, sectionOfPath(c.req.path))) throw forbidden(ADMIN_ACCESS_DENIED);
  await next();
};

/** In a handler: the signed-in viewer, allowed to use `section`. */
export function staffFor(c: Context<AppEnv>, section: AdminSection | 'me'): Viewer {
  const viewer = c.var.viewer;
  if (!viewer) throw unauthorized();
  if (!mayUse(viewer, section)) throw forbidden(ADMIN_ACCESS_DENIED);
  return viewer;
}
