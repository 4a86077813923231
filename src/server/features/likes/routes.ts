import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { likeStateSchema } from '../../../shared/schemas/engagement.ts';
import type { AppEnv } from '../../app-env.ts';
import { errorResponses, idParamsSchema } from '../../lib/route-helpers.ts';
import { jsonAnswer } from '../../lib/compression.ts';
import { writeLimit } from '../../lib/write-limits.ts';
import { setLike } from './service.ts';

const errors = errorResponses({ 401: 'Not signed in', 404: 'No such item', 429: 'Over the per-person like limit (Retry-After: seconds)' });

const likeRoute = createRoute({
  method: 'put',
  path: '/api/ideas/{id}/like',
  tags: ['likes'],
  summary: 'Like an item (idempotent: liking twice keeps one like)',
  middleware: [writeLimit('likes')] as const,
  request: { params: idParamsSchema },
  responses: {
    200: { description: 'Liked, with the real count', content: { 'application/json': { schema: likeStateSchema } } },
    ...errors,
  },
});

const unlikeRoute = createRoute({
  method: 'delete',
  path: '/api/ideas/{id}/like',
  tags: ['likes'],
  summary: 'Take a like back (idempotent)',
  middleware: [writeLimit('likes')] as const,
  request: { params: idParamsSchema },
  responses: {
    200: { description: 'Not liked, with the real count', content: { 'application/json': { schema: likeStateSchema } } },
    ...errors,
  },
});

export function registerLikeRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(likeRoute, async (c) => jsonAnswer(c, await setLike(c.var.db, c.req.valid('param').id, c.var.viewer, true), 200));
  app.openapi(unlikeRoute, async (c) => jsonAnswer(c, await setLike(c.var.db, c.req.valid('param').id, c.var.viewer, false), 200));
}
