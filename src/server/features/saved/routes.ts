import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { ideaListResponseSchema } from '../../../shared/schemas/ideas.ts';
import type { AppEnv } from '../../app-env.ts';
import { errorResponses, idParamsSchema, pageQuerySchema, requireSignIn, viewerOf } from '../../lib/route-helpers.ts';
import { listSavedForViewer, saveForViewer, unsaveForViewer } from './service.ts';

const saveRoute = createRoute({
  method: 'put',
  path: '/api/ideas/{id}/save',
  tags: ['saved'],
  summary: 'Bookmark an item (idempotent)',
  middleware: [requireSignIn] as const,
  request: { params: idParamsSchema },
  responses: {
    204: { description: 'Saved' },
    ...errorResponses({ 401: 'Not signed in', 404: 'No such item' }),
  },
});

const unsaveRoute = createRoute({
  method: 'delete',
  path: '/api/ideas/{id}/save',
  tags: ['saved'],
  summary: 'Remove a bookmark (idempotent)',
  middleware: [requireSignIn] as const,
  request: { params: idParamsSchema },
  responses: {
    204: { description: 'Not saved any more' },
    ...errorResponses({ 401: 'Not signed in', 404: 'No such item' }),
  },
});

const listRoute = createRoute({
  method: 'get',
  path: '/api/me/saved',
  tags: ['saved'],
  summary: 'The Saved tab: bookmarked items, newest saved first (keyset paged)',
  middleware: [requireSignIn] as const,
  request: { query: pageQuerySchema },
  responses: {
    200: { description: 'A page of saved cards', content: { 'application/json': { schema: ideaListResponseSchema } } },
    ...errorResponses({ 400: 'Bad query', 401: 'Not signed in' }),
  },
});

export function registerSavedRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(saveRoute, async (c) => {
    await saveForViewer(c.var.db, viewerOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  app.openapi(unsaveRoute, async (c) => {
    await unsaveForViewer(c.var.db, viewerOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  app.openapi(listRoute, async (c) => c.json(await listSavedForViewer(c.var.db, viewerOf(c), c.req.valid('query')), 200));
}
