import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { ideaListResponseSchema } from '../../../shared/schemas/ideas.ts';
import { makerSchema } from '../../../shared/schemas/makers.ts';
import type { AppEnv } from '../../app-env.ts';
import { errorResponses, pageQuerySchema } from '../../lib/route-helpers.ts';
import { getMaker, listMakerIdeas } from './service.ts';

const userIdParams = z.object({ userId: z.string().max(200) });

const makerRoute = createRoute({
  method: 'get',
  path: '/api/makers/{userId}',
  tags: ['makers'],
  summary: "A maker's public profile and totals (contact info for signed-in readers only)",
  request: { params: userIdParams },
  responses: {
    200: { description: 'The maker', content: { 'application/json': { schema: makerSchema } } },
    ...errorResponses({ 404: 'No such person' }),
  },
});

const makerIdeasRoute = createRoute({
  method: 'get',
  path: '/api/makers/{userId}/ideas',
  tags: ['makers'],
  summary: "A maker's items, newest first (keyset paged)",
  request: { params: userIdParams, query: pageQuerySchema },
  responses: {
    200: { description: 'A page of cards', content: { 'application/json': { schema: ideaListResponseSchema } } },
    ...errorResponses({ 400: 'Bad query', 404: 'No such person' }),
  },
});

export function registerMakerRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(makerRoute, async (c) => c.json(await getMaker(c.var.reader, c.req.valid('param').userId, c.var.viewer), 200));
  app.openapi(makerIdeasRoute, async (c) => {
    const { userId } = c.req.valid('param');
    return c.json(await listMakerIdeas(c.var.reader, userId, c.req.valid('query'), c.var.viewer, c.var.logger), 200);
  });
}
