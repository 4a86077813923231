import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { profileSchema, profileUpdateSchema, profileUserIdParamsSchema } from '../../../shared/schemas/profile.ts';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { errorResponses } from '../../lib/route-helpers.ts';
import { unauthorized } from '../../lib/errors.ts';
import { getOwnProfile, getProfileFor, updateOwnProfile } from './service.ts';

const getOwnRoute = createRoute({
  method: 'get',
  path: '/api/profile',
  tags: ['profiles'],
  summary: 'The signed-in person’s own profile',
  responses: {
    200: { description: 'The profile', content: { 'application/json': { schema: profileSchema } } },
    ...errorResponses({ 401: 'Not signed in' }),
  },
});

const updateOwnRoute = createRoute({
  method: 'patch',
  path: '/api/profile',
  tags: ['profiles'],
  summary: 'Change the signed-in person’s own profile (email cannot be changed)',
  request: { body: { required: true, content: { 'application/json': { schema: profileUpdateSchema } } } },
  responses: {
    200: { description: 'The saved profile', content: { 'application/json': { schema: profileSchema } } },
    ...errorResponses({ 400: 'A field is not valid (messages per field)', 401: 'Not signed in' }),
  },
});

const getByUserRoute = createRoute({
  method: 'get',
  path: '/api/profiles/{userId}',
  tags: ['profiles'],
  summary: 'A profile by user id: its owner only (staff included: docs/decisions/0027)',
  request: { params: profileUserIdParamsSchema },
  responses: {
    200: { description: 'The profile', content: { 'application/json': { schema: profileSchema } } },
    ...errorResponses({ 401: 'Not signed in', 404: 'No such profile, or not yours to read' }),
  },
});

export function registerProfileRoutes(app: OpenAPIHono<AppEnv>) {
  // Signed-out requests get 401 before their body is even looked at.
  const requireSignIn: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!c.var.viewer) throw unauthorized();
    await next();
  };
  app.use('/api/profile', requireSignIn);
  app.use('/api/profiles/*', requireSignIn);

  app.openapi(getOwnRoute, async (c) => {
    const viewer = c.var.viewer;
    if (!viewer) throw unauthorized();
    return c.json(await getOwnProfile(c.var.db, viewer), 200);
  });

  app.openapi(updateOwnRoute, async (c) => {
    const viewer = c.var.viewer;
    if (!viewer) throw unauthorized();
    return c.json(await updateOwnProfile(c.var.db, viewer, c.req.valid('json')), 200);
  });

  app.openapi(getByUserRoute, async (c) => {
    const viewer = c.var.viewer;
    if (!viewer) throw unauthorized();
    return c.json(await getProfileFor(c.var.db, viewer, c.req.valid('param').userId), 200);
  });
}
