/** The Dashboard's Analytics tab (issue 28 point 3): GET /api/me/analytics and its CSV download. */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { makerAnalyticsQuerySchema, makerAnalyticsSchema } from '../../../shared/schemas/maker-analytics.ts';
import type { AppEnv } from '../../app-env.ts';
import { now } from '../../lib/clock.ts';
import { errorResponses, requireSignIn, viewerOf } from '../../lib/route-helpers.ts';
import { makerReport, reportCsv } from './service.ts';

const analyticsRoute = createRoute({
  method: 'get',
  path: '/api/me/analytics',
  tags: ['me'],
  summary: 'Analytics of my own items: views, likes, comments, saves and purchases per UTC day and per item, over the last 7, 30 or 90 days',
  middleware: [requireSignIn] as const,
  request: { query: makerAnalyticsQuerySchema },
  responses: {
    200: { description: 'Figures per day and per item', content: { 'application/json': { schema: makerAnalyticsSchema } } },
    ...errorResponses({ 400: 'Bad query', 401: 'Not signed in' }),
  },
});

const csvRoute = createRoute({
  method: 'get',
  path: '/api/me/analytics/csv',
  tags: ['me'],
  summary: 'The same figures as CSV, one line per day and item with any figure (an attachment)',
  middleware: [requireSignIn] as const,
  request: { query: makerAnalyticsQuerySchema },
  responses: {
    200: { description: 'CSV: date, item_id, title, views, likes, comments, saves, purchases', content: { 'text/csv': { schema: z.string() } } },
    ...errorResponses({ 400: 'Bad query', 401: 'Not signed in' }),
  },
});

/** The report of the asking maker; views this instance is still writing are waited for. */
async function reportFor(c: Context<AppEnv>, days: number) {
  const viewer = viewerOf(c);
  await c.var.views.settled();
  return makerReport(c.var.db, viewer.userId, days, now());
}

export function registerAnalyticsRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(analyticsRoute, async (c) => c.json((await reportFor(c, c.req.valid('query').days)).summary, 200));

  app.openapi(csvRoute, async (c) => {
    const days = c.req.valid('query').days;
    const report = await reportFor(c, days);
    c.header('Content-Disposition', `attachment; filename="ideahub-analytics-${report.summary.to}-${days}-days.csv"`);
    return c.body(reportCsv(report), 200, { 'Content-Type': 'text/csv; charset=utf-8' });
  });
}
