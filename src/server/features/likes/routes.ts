import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { likeStateSchema } from '../../../shared/schemas/engagement.ts';
import { errorBodySchema } from '../../../shared/schemas/errors.ts';
import type { AppEnv } from '../../app-env.ts';
import { jsonAnswer } from '../../lib/compression.ts';
import { writeLimit } from '../../lib/write-limits.ts';
import { setLike } from './service.ts';

const params = z.object({ id: z.string().max(100) });
const errors = {
  401: { description: 'Not signed in', content: { 'application/json': { schema: errorBodySchema } } },
  404: { description: 'No such item', content: { 'application/json': { schema: errorBodySchema } } },
  429: { description: 'Over the per-person like limit (Retry-After: seconds)', content: { 'application/json': { schema: errorBodySchema } } },
};

const likeRoute = createRoute({
  method: 'put',
  path: '/api/ideas/{id}/like',
  tags: ['likes'],
  summary: 'Like an item (idempotent: liking twice keeps one like)',
  middleware: [writeLimit('likes')] as const,
  request: { params },
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
  request: { params },
  responses: {
    200: { description: 'Not liked, with the real count', content: { 'application/json': { schema: likeStateSchema } } },
    ...errors,
  },
});

export function registerLikeRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(likeRoute, async (c) => jsonAnswer(c, await setLike(c.var.db, c.req.valid('param').id, c.var.viewer, true), 200));
  app.openapi(unlikeRoute, async (c) => jsonAnswer(c, await setLike(c.var.db, c.req.valid('param').id, c.var.viewer, false), 200));
}
