import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { ratingInputSchema, ratingSummarySchema } from '../../../shared/schemas/engagement.ts';
import type { AppEnv } from '../../app-env.ts';
import { errorResponse, idParamsSchema } from '../../lib/route-helpers.ts';
import { writeLimit } from '../../lib/write-limits.ts';
import { rateIdea, unrateIdea } from './service.ts';


const rateRoute = createRoute({
  method: 'put',
  path: '/api/ideas/{id}/rating',
  tags: ['ratings'],
  summary: "Set the viewer's rating of an item, 1 to 5 stars (not the owner)",
  middleware: [writeLimit('ratings')] as const,
  request: { params: idParamsSchema, body: { required: true, content: { 'application/json': { schema: ratingInputSchema } } } },
  responses: {
    200: { description: 'The average, the count and the viewer’s stars', content: { 'application/json': { schema: ratingSummarySchema } } },
    400: errorResponse('Not a whole number from 1 to 5'),
    401: errorResponse('Not signed in'),
    403: errorResponse('The owner cannot rate their own item'),
    404: errorResponse('No such item'),
    429: errorResponse('Over the per-person rating limit (Retry-After: seconds)'),
  },
});

const unrateRoute = createRoute({
  method: 'delete',
  path: '/api/ideas/{id}/rating',
  tags: ['ratings'],
  summary: "Remove the viewer's rating (idempotent)",
  middleware: [writeLimit('ratings')] as const,
  request: { params: idParamsSchema },
  responses: {
    200: { description: 'The average and the count', content: { 'application/json': { schema: ratingSummarySchema } } },
    401: errorResponse('Not signed in'),
    404: errorResponse('No such item'),
    429: errorResponse('Over the per-person rating limit (Retry-After: seconds)'),
  },
});

export function registerRatingRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(rateRoute, async (c) =>
    c.json(await rateIdea(c.var.db, c.req.valid('param').id, c.var.viewer, c.req.valid('json').value), 200),
  );
  app.openapi(unrateRoute, async (c) => c.json(await unrateIdea(c.var.db, c.req.valid('param').id, c.var.viewer), 200));
}
