/**
 * POST /api/reports (signed-in people) and the moderators' queue under /api/admin/reports (section
 * 'reports': moderators and admins; the admin gate refuses everyone else before these run).
 */
import { createRoute, type OpenAPIHono, type z } from '@hono/zod-openapi';
import {
  adminReportsPageSchema,
  adminReportsQuerySchema,
  reportDecidedSchema,
  reportDecisionParamsSchema,
  reportInputSchema,
  reportSchema,
} from '../../../shared/schemas/reports.ts';
import type { AppEnv } from '../../app-env.ts';
import { removalReasonOf } from '../../lib/removal-reason.ts';
import { writeLimit } from '../../lib/write-limits.ts';
import { staffFor } from '../admin/index.ts';
import { errorResponses, requireSignIn } from '../../lib/route-helpers.ts';
import { createReport, dismissReports, listReportQueue, removeReported } from './service.ts';

const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const staffRefused = { 401: 'Not signed in', 403: 'Not a moderator or admin' };

const reportRoute = createRoute({
  method: 'post',
  path: '/api/reports',
  tags: ['reports'],
  summary: 'Report an item or a discussion message (Spam, Offensive, Misleading, or Other with a note)',
  description:
    'One open report per person and target; nobody reports their own item or message; a message can only be reported by someone who may read its discussion. Counts toward the per-person write limits.',
  middleware: [requireSignIn, writeLimit('reports')] as const,
  request: { body: { required: true, content: { 'application/json': { schema: reportInputSchema } } } },
  responses: {
    201: json('The report, open', reportSchema),
    ...errorResponses({
      400: 'Not a report (unknown target type or reason, note too long)',
      401: 'Not signed in',
      403: 'One’s own item or message',
      404: 'No such item or message',
      409: 'Already reported by this person and still open',
      422: 'A note is required for Other, or is longer than 500 characters',
      429: 'Over the per-person report limit (Retry-After: seconds)',
    }),
  },
});

const queueRoute = createRoute({
  method: 'get',
  path: '/api/admin/reports',
  tags: ['admin', 'reports'],
  summary: 'The Reports queue: open reports grouped by target, newest first (keyset paged), reporters by name (moderators and admins)',
  request: { query: adminReportsQuerySchema },
  responses: { 200: json('A page of reported targets', adminReportsPageSchema), ...errorResponses({ 400: 'Bad query', ...staffRefused }) },
});

const dismissRoute = createRoute({
  method: 'post',
  path: '/api/admin/reports/{targetType}/{targetId}/dismiss',
  tags: ['admin', 'reports'],
  summary: 'Dismiss: every open report of the target is decided and leaves the queue; the target stays (moderators and admins, audited)',
  request: { params: reportDecisionParamsSchema },
  responses: {
    200: json('How many reports were dismissed', reportDecidedSchema),
    ...errorResponses({ 400: 'Bad target type', ...staffRefused, 404: 'No open reports of that target' }),
  },
});

const removeRoute = createRoute({
  method: 'post',
  path: '/api/admin/reports/{targetType}/{targetId}/remove',
  tags: ['admin', 'reports'],
  summary: 'Remove: deletes the reported item or message, as every other removal does, with its reports (moderators and admins, audited)',
  description: 'An optional JSON body { reason } is told to the author in their notification.',
  request: { params: reportDecisionParamsSchema },
  responses: {
    200: json('How many reports were decided', reportDecidedSchema),
    ...errorResponses({ 400: 'Bad target type', ...staffRefused, 404: 'No open reports of that target' }),
  },
});

export function registerReportRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(reportRoute, async (c) => {
    const report = await createReport(c.var.db, c.var.viewer, c.req.valid('json'), c.var.logger);
    return c.json(report, 201);
  });

  app.openapi(queueRoute, async (c) => {
    staffFor(c, 'reports');
    return c.json(await listReportQueue(c.var.db, c.req.valid('query')), 200);
  });

  app.openapi(dismissRoute, async (c) => {
    const viewer = staffFor(c, 'reports');
    const { targetType, targetId } = c.req.valid('param');
    const decided = await dismissReports(c.var.db, viewer, targetType, targetId);
    c.var.logger.info({ by: viewer.userId, targetType, targetId, reports: decided.reports }, 'reports dismissed');
    return c.json(decided, 200);
  });

  app.openapi(removeRoute, async (c) => {
    const viewer = staffFor(c, 'reports');
    const { targetType, targetId } = c.req.valid('param');
    const decided = await removeReported(c.var.db, viewer, targetType, targetId, await removalReasonOf(c));
    c.var.logger.info({ by: viewer.userId, targetType, targetId, reports: decided.reports }, 'reported content removed');
    return c.json(decided, 200);
  });
}
