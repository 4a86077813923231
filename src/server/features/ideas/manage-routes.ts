import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { ideaCreatedSchema, ideaCreateSchema, ideaUpdateSchema, ownIdeaSchema } from '../../../shared/schemas/ideas.ts';
import type { AppEnv } from '../../app-env.ts';
import { removalReasonOf } from '../../lib/removal-reason.ts';
import { editIdea, type ManageOptions, removeIdea, shareIdea } from './manage-service.ts';
import { errorResponses, idParamsSchema, requireSignIn, viewerOf } from '../../lib/route-helpers.ts';

const shareRoute = createRoute({
  method: 'post',
  path: '/api/ideas',
  tags: ['ideas'],
  summary: 'Share an idea or product (cooldown per category; assigns the author a coupon)',
  middleware: [requireSignIn] as const,
  request: { body: { required: true, content: { 'application/json': { schema: ideaCreateSchema } } } },
  responses: {
    201: { description: 'The new item and its coupon', content: { 'application/json': { schema: ideaCreatedSchema } } },
    ...errorResponses({
      400: 'Malformed body',
      401: 'Not signed in',
      422: "'profile_incomplete' (name and contact needed) or 'validation_failed' (the spec's messages per field)",
      429: "'cooldown': one idea per 72 hours, one product per 24 hours (admin settings)",
    }),
  },
});

const editRoute = createRoute({
  method: 'patch',
  path: '/api/ideas/{id}',
  tags: ['ideas'],
  summary: 'Edit an item (owner or admin); owner and creation time never change',
  middleware: [requireSignIn] as const,
  request: {
    params: idParamsSchema,
    body: { required: true, content: { 'application/json': { schema: ideaUpdateSchema } } },
  },
  responses: {
    200: { description: 'The saved item', content: { 'application/json': { schema: ownIdeaSchema } } },
    ...errorResponses({ 400: 'Malformed body', 401: 'Not signed in', 403: 'Not yours', 404: 'No such item', 422: 'Not valid' }),
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/api/ideas/{id}',
  tags: ['ideas'],
  summary: 'Delete an item with its likes, bookmarks, ratings, discussion and stored image (owner, admin, moderator)',
  middleware: [requireSignIn] as const,
  description: 'A moderator or admin may give a reason (optional JSON body { reason }): the owner is told in their notification.',
  request: { params: idParamsSchema },
  responses: {
    204: { description: 'Deleted' },
    ...errorResponses({ 400: 'Not a reason', 401: 'Not signed in', 403: 'Not yours', 404: 'No such item' }),
  },
});

export function registerIdeaManageRoutes(app: OpenAPIHono<AppEnv>) {
  const options = (c: { var: AppEnv['Variables'] }): ManageOptions => ({ publicUrl: c.var.config.PUBLIC_URL });

  app.openapi(shareRoute, async (c) => {
    const created = await shareIdea(c.var.db, viewerOf(c), c.req.valid('json'), options(c));
    return c.json(created, 201);
  });
  app.openapi(editRoute, async (c) => {
    const saved = await editIdea(c.var.db, viewerOf(c), c.req.valid('param').id, c.req.valid('json'), options(c));
    return c.json(saved, 200);
  });
  app.openapi(deleteRoute, async (c) => {
    await removeIdea(c.var.db, viewerOf(c), c.req.valid('param').id, { reason: await removalReasonOf(c) });
    return c.body(null, 204);
  });
}
