import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { eligibilitySchema, ownIdeaListResponseSchema, ownStatsSchema } from '../../../shared/schemas/ideas.ts';
import type { AppEnv } from '../../app-env.ts';
import { listMyIdeas, myEligibility, myStats } from './me-service.ts';
import { errorResponses, pageQuerySchema, requireSignIn, viewerOf } from '../../lib/route-helpers.ts';

const myIdeasRoute = createRoute({
  method: 'get',
  path: '/api/me/ideas',
  tags: ['me'],
  summary: 'My Ideas: the person’s items with full texts, newest first (keyset paged)',
  middleware: [requireSignIn] as const,
  request: { query: pageQuerySchema },
  responses: {
    200: { description: 'A page of the person’s items', content: { 'application/json': { schema: ownIdeaListResponseSchema } } },
    ...errorResponses({ 400: 'Bad query', 401: 'Not signed in' }),
  },
});

const myStatsRoute = createRoute({
  method: 'get',
  path: '/api/me/stats',
  tags: ['me'],
  summary: 'The dashboard’s stat cards: total shared, ideas, products',
  middleware: [requireSignIn] as const,
  responses: {
    200: { description: 'Counts', content: { 'application/json': { schema: ownStatsSchema } } },
    ...errorResponses({ 401: 'Not signed in' }),
  },
});

const myEligibilityRoute = createRoute({
  method: 'get',
  path: '/api/me/eligibility',
  tags: ['me'],
  summary: 'Which categories the person may share now (cooldowns from the admin settings)',
  middleware: [requireSignIn] as const,
  responses: {
    200: { description: 'Locks per category, with the server time', content: { 'application/json': { schema: eligibilitySchema } } },
    ...errorResponses({ 401: 'Not signed in' }),
  },
});

export function registerMyIdeaRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(myIdeasRoute, async (c) => c.json(await listMyIdeas(c.var.db, viewerOf(c), c.req.valid('query')), 200));
  app.openapi(myStatsRoute, async (c) => c.json(await myStats(c.var.db, viewerOf(c)), 200));
  app.openapi(myEligibilityRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await myEligibility(c.var.db, viewerOf(c)), 200);
  });
}
