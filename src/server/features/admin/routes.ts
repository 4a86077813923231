/**
 * /api/admin/*: the admin panel's API, and GET /api/maintenance (maintenance mode, for everyone).
 * Every admin path passes adminGate first (401 visitors, 403 anyone outside the path's section),
 * and every handler checks its section again with staffFor.
 */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import {
  adminAuditPageSchema,
  adminAuditQuerySchema,
  adminContentPageSchema,
  adminContentQuerySchema,
  adminCouponsPageSchema,
  adminCouponsQuerySchema,
  adminMeSchema,
  adminPaymentsPageSchema,
  adminPaymentsQuerySchema,
  adminSectionsFor,
  adminUserSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  analyticsQuerySchema,
  analyticsSchema,
  contentCountsSchema,
  financialSummarySchema,
  generateCouponsSchema,
  generatedCouponsSchema,
  overviewSchema,
  roleChangeSchema,
  userCountsSchema,
} from '../../../shared/schemas/admin.ts';
import {
  maintenanceMessage,
  maintenanceStatusSchema,
  PLATFORM_SETTINGS_DEFAULTS,
  type PlatformSettings,
  settingsResponseSchema,
} from '../../../shared/schemas/settings.ts';
import type { AppEnv } from '../../app-env.ts';
import { twoFactorResetMail } from '../auth/index.ts';
import { removalReasonOf } from '../../lib/removal-reason.ts';
import { fullTextScopeOf } from '../../lib/content-access.ts';
import { errorResponses } from '../../lib/route-helpers.ts';
import { removeIdea } from '../ideas/index.ts';
import { addTopic, listTopics, mergeTopic, removeTopic, renameTopic } from '../topics/index.ts';
import { topicListSchema, topicMergedSchema, topicMergeSchema, topicSchema } from '../../../shared/schemas/topics.ts';
import { getPlatformSettings, getPlatformSettingsRecord } from '../../lib/platform-settings.ts';
import { resetSettings, saveSettings } from '../settings/index.ts';
import { ADMIN_API_PREFIX, adminGate, staffFor } from './access.ts';
import { analytics, overview } from './analytics.ts';
import { listAudit } from './audit.ts';
import { contentCounts, listContent } from './content.ts';
import { financialSummary, generateCoupons, listCoupons, listPayments } from './financial.ts';
import { changeRole, listUsers, resetTwoFactor, userCounts } from './users.ts';

const tags = ['admin'];
const refused = { 401: 'Not signed in', 403: 'Not allowed to use this section' };
const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const idParams = z.object({ id: z.string().min(1).max(200) });

const meRoute = createRoute({
  method: 'get',
  path: '/api/admin/me',
  tags,
  summary: 'The caller’s role and the admin sections it may open (the panel’s access check)',
  responses: { 200: json('Access', adminMeSchema), ...errorResponses(refused) },
});

const overviewRoute = createRoute({
  method: 'get',
  path: '/api/admin/overview',
  tags,
  summary: 'Dashboard: totals, engagement, category split, recent activity (admins)',
  responses: { 200: json('Overview', overviewSchema), ...errorResponses(refused) },
});

const userCountsRoute = createRoute({
  method: 'get',
  path: '/api/admin/users/counts',
  tags,
  summary: 'Users: Total Users, Admins, Moderators, Regular Users (admins)',
  responses: { 200: json('Counters', userCountsSchema), ...errorResponses(refused) },
});

const usersRoute = createRoute({
  method: 'get',
  path: '/api/admin/users',
  tags,
  summary: 'Users, newest first (keyset paged), searched by name or email, filtered by role (admins)',
  request: { query: adminUsersQuerySchema },
  responses: { 200: json('A page of users', adminUsersPageSchema), ...errorResponses({ 400: 'Bad query', ...refused }) },
});

const roleRoute = createRoute({
  method: 'patch',
  path: '/api/admin/users/{id}/role',
  tags,
  summary: 'Make Admin / Make Moderator / Make User (admins; the last admin is kept)',
  request: { params: idParams, body: { required: true, content: { 'application/json': { schema: roleChangeSchema } } } },
  responses: {
    200: json('The user with the new role', adminUserSchema),
    ...errorResponses({ 400: 'Bad role', ...refused, 404: 'No such user', 409: 'Would leave the platform without an admin' }),
  },
});

const twoFactorResetRoute = createRoute({
  method: 'post',
  path: '/api/admin/users/{id}/two-factor/reset',
  tags,
  summary: 'Turn off two-factor authentication for someone who lost their authenticator app, after checking who they are (admins; audited, the person is mailed, their sessions are kept)',
  request: { params: idParams },
  responses: {
    200: json('The user, with two-factor authentication off', adminUserSchema),
    ...errorResponses({ ...refused, 403: 'Not an admin, or one’s own account', 404: 'No such user', 409: 'Two-factor authentication is already off' }),
  },
});

const contentCountsRoute = createRoute({
  method: 'get',
  path: '/api/admin/content/counts',
  tags,
  summary: 'Content: Total Content, Ideas, Products, Total Likes (admins and moderators)',
  responses: { 200: json('Counters', contentCountsSchema), ...errorResponses(refused) },
});

const contentRoute = createRoute({
  method: 'get',
  path: '/api/admin/content',
  tags,
  summary: 'Items, newest first (keyset paged), searched by title, description or creator (admins and moderators)',
  request: { query: adminContentQuerySchema },
  responses: { 200: json('A page of items', adminContentPageSchema), ...errorResponses({ 400: 'Bad query', ...refused }) },
});

const contentDeleteRoute = createRoute({
  method: 'delete',
  path: '/api/admin/content/{id}',
  tags,
  summary: 'Delete Content: the item and everything that belongs to it, in one transaction (admins and moderators)',
  description: 'An optional JSON body { reason } is told to the owner in their notification.',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses({ ...refused, 400: 'Not a reason', 404: 'No such item' }) },
});

const topicsRoute = createRoute({
  method: 'get',
  path: '/api/admin/topics',
  tags,
  summary: 'Topics, by name, with their item counts (admins)',
  responses: { 200: json('The topics', topicListSchema), ...errorResponses(refused) },
});

// The body is checked by the topics service (one message per field), as settings are.
const anyBody = { body: { required: true, content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } } } };

const topicAddRoute = createRoute({
  method: 'post',
  path: '/api/admin/topics',
  tags,
  summary: 'Add a topic: name, slug (made from the name when absent), description (admins; audited as topic.add)',
  request: anyBody,
  responses: { 201: json('The new topic', topicSchema), ...errorResponses({ 400: 'A field is not valid', ...refused, 409: 'Name or slug taken' }) },
});

const topicRenameRoute = createRoute({
  method: 'patch',
  path: '/api/admin/topics/{id}',
  tags,
  summary: 'Rename a topic: name, slug, description (admins; audited as topic.rename)',
  request: { params: idParams, ...anyBody },
  responses: { 200: json('The topic', topicSchema), ...errorResponses({ 400: 'A field is not valid', ...refused, 404: 'No such topic', 409: 'Name or slug taken' }) },
});

const topicMergeRoute = createRoute({
  method: 'post',
  path: '/api/admin/topics/{id}/merge',
  tags,
  summary: "Merge a topic into another: its items carry the other instead, and it goes (admins; audited as topic.merge)",
  request: { params: idParams, body: { required: true, content: { 'application/json': { schema: topicMergeSchema } } } },
  responses: { 200: json('The topic kept', topicMergedSchema), ...errorResponses({ 400: 'The same topic', ...refused, 404: 'No such topic' }) },
});

const topicRemoveRoute = createRoute({
  method: 'delete',
  path: '/api/admin/topics/{id}',
  tags,
  summary: 'Remove a topic (its items stay, without it; admins; audited as topic.remove)',
  request: { params: idParams },
  responses: { 204: { description: 'Removed' }, ...errorResponses({ ...refused, 404: 'No such topic' }) },
});

const financialRoute = createRoute({
  method: 'get',
  path: '/api/admin/financial',
  tags,
  summary: 'Total Revenue, This Month, Successful, Failed (admins)',
  responses: { 200: json('Figures', financialSummarySchema), ...errorResponses(refused) },
});

const paymentsRoute = createRoute({
  method: 'get',
  path: '/api/admin/payments',
  tags,
  summary: 'Payments, newest first (keyset paged), searched by reference (admins)',
  request: { query: adminPaymentsQuerySchema },
  responses: { 200: json('A page of payments', adminPaymentsPageSchema), ...errorResponses({ 400: 'Bad query', ...refused }) },
});

const couponsRoute = createRoute({
  method: 'get',
  path: '/api/admin/coupons',
  tags,
  summary: 'Coupons, newest first (keyset paged), searched by code or holder (admins)',
  request: { query: adminCouponsQuerySchema },
  responses: { 200: json('A page of coupons', adminCouponsPageSchema), ...errorResponses({ 400: 'Bad query', ...refused }) },
});

const generateRoute = createRoute({
  method: 'post',
  path: '/api/admin/coupons/generate',
  tags,
  summary: 'Generate Coupons: 1 to 500 new unique unassigned codes (admins; audited as coupon.generate)',
  request: { body: { required: true, content: { 'application/json': { schema: generateCouponsSchema } } } },
  responses: { 201: json('The new codes', generatedCouponsSchema), ...errorResponses({ 400: 'Bad count', ...refused }) },
});

const analyticsRoute = createRoute({
  method: 'get',
  path: '/api/admin/analytics',
  tags,
  summary: 'System Analytics: growth, engagement, quality, distribution, health, recent activity, daily series (admins)',
  request: { query: analyticsQuerySchema },
  responses: { 200: json('Analytics', analyticsSchema), ...errorResponses({ 400: 'Bad query', ...refused }) },
});

const settingsRoute = createRoute({
  method: 'get',
  path: '/api/admin/settings',
  tags,
  summary: 'Platform settings (admins)',
  responses: { 200: json('Settings', settingsResponseSchema), ...errorResponses(refused) },
});

const saveSettingsRoute = createRoute({
  method: 'put',
  path: '/api/admin/settings',
  tags,
  summary: 'Save Settings: every field, validated; they take effect at once (admins)',
  // The body is checked by the settings service, which answers one message per field.
  request: { body: { required: true, content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } } } },
  responses: { 200: json('Saved settings', settingsResponseSchema), ...errorResponses({ 400: 'A field is not valid (messages per field)', ...refused }) },
});

const resetSettingsRoute = createRoute({
  method: 'post',
  path: '/api/admin/settings/reset',
  tags,
  summary: 'Reset to Defaults (admins)',
  responses: { 200: json('The defaults, now in effect', settingsResponseSchema), ...errorResponses(refused) },
});

// Read only: the app's code only ever inserts audit entries, so there is no route to change one.
const auditRoute = createRoute({
  method: 'get',
  path: '/api/admin/audit',
  tags,
  summary: 'Audit Log: role changes, removals, settings changes…, newest first (keyset paged), searched by actor, action or target title (admins)',
  request: { query: adminAuditQuerySchema },
  responses: { 200: json('A page of audit entries', adminAuditPageSchema), ...errorResponses({ 400: 'Bad query', ...refused }) },
});

const maintenanceRoute = createRoute({
  method: 'get',
  path: '/api/maintenance',
  tags: ['settings'],
  summary: 'Whether the platform is in maintenance mode (open to everyone, also during maintenance)',
  responses: { 200: json('Maintenance status', maintenanceStatusSchema) },
});

function settingsBody(s: { settings: PlatformSettings; updatedAt: Date | null }) {
  return { settings: s.settings, defaults: { ...PLATFORM_SETTINGS_DEFAULTS }, updatedAt: s.updatedAt ? s.updatedAt.toISOString() : null };
}

export function registerAdminRoutes(app: OpenAPIHono<AppEnv>) {
  app.use(`${ADMIN_API_PREFIX}/*`, async (c, next) => {
    await next();
    // Nothing the panel reads (nor a refusal) may be kept by a browser or a proxy.
    c.header('Cache-Control', 'no-store');
  });
  app.use(`${ADMIN_API_PREFIX}/*`, adminGate);

  app.openapi(meRoute, (c) => {
    const viewer = staffFor(c, 'me');
    return c.json({ userId: viewer.userId, role: viewer.role, sections: adminSectionsFor(viewer.role) }, 200);
  });

  app.openapi(overviewRoute, async (c) => {
    staffFor(c, 'overview');
    return c.json(await overview(c.var.db), 200);
  });

  app.openapi(userCountsRoute, async (c) => {
    staffFor(c, 'users');
    return c.json(await userCounts(c.var.db), 200);
  });
  app.openapi(usersRoute, async (c) => {
    staffFor(c, 'users');
    return c.json(await listUsers(c.var.db, c.req.valid('query')), 200);
  });
  app.openapi(roleRoute, async (c) => {
    const viewer = staffFor(c, 'users');
    const { id } = c.req.valid('param');
    const { role } = c.req.valid('json');
    const user = await changeRole(c.var.db, viewer.userId, id, role);
    c.var.logger.info({ by: viewer.userId, userId: id, role }, 'role changed');
    return c.json(user, 200);
  });

  app.openapi(twoFactorResetRoute, async (c) => {
    const viewer = staffFor(c, 'users');
    const { id } = c.req.valid('param');
    const publicUrl = c.var.config.PUBLIC_URL;
    const user = await resetTwoFactor(c.var.db, viewer.userId, id, (person) =>
      twoFactorResetMail({ to: person.email, name: person.name, link: `${publicUrl}/profile`, publicUrl }),
    );
    c.var.logger.info({ by: viewer.userId, userId: id }, 'two-factor authentication turned off by an admin');
    return c.json(user, 200);
  });

  app.openapi(contentCountsRoute, async (c) => {
    staffFor(c, 'content');
    return c.json(await contentCounts(c.var.db), 200);
  });
  app.openapi(contentRoute, async (c) => {
    const viewer = staffFor(c, 'content');
    const scope = await fullTextScopeOf(c.var.db, viewer, c.var.logger);
    return c.json(await listContent(c.var.db, c.req.valid('query'), viewer, scope), 200);
  });
  app.openapi(contentDeleteRoute, async (c) => {
    const viewer = staffFor(c, 'content');
    const { id } = c.req.valid('param');
    await removeIdea(c.var.db, viewer, id, { via: 'admin', reason: await removalReasonOf(c) });
    c.var.logger.info({ by: viewer.userId, ideaId: id }, 'item removed from the admin panel');
    return c.body(null, 204);
  });

  app.openapi(topicsRoute, async (c) => {
    staffFor(c, 'topics');
    return c.json({ items: await listTopics(c.var.db) }, 200);
  });
  app.openapi(topicAddRoute, async (c) => {
    const viewer = staffFor(c, 'topics');
    const topic = await addTopic(c.var.db, viewer.userId, c.req.valid('json'));
    c.var.logger.info({ by: viewer.userId, topicId: topic.id }, 'topic added');
    return c.json(topic, 201);
  });
  app.openapi(topicRenameRoute, async (c) => {
    const viewer = staffFor(c, 'topics');
    const topic = await renameTopic(c.var.db, viewer.userId, c.req.valid('param').id, c.req.valid('json'));
    c.var.logger.info({ by: viewer.userId, topicId: topic.id }, 'topic renamed');
    return c.json(topic, 200);
  });
  app.openapi(topicMergeRoute, async (c) => {
    const viewer = staffFor(c, 'topics');
    const { id } = c.req.valid('param');
    const result = await mergeTopic(c.var.db, viewer.userId, id, c.req.valid('json').into);
    c.var.logger.info({ by: viewer.userId, topicId: id, into: result.topic.id }, 'topics merged');
    return c.json(result, 200);
  });
  app.openapi(topicRemoveRoute, async (c) => {
    const viewer = staffFor(c, 'topics');
    const { id } = c.req.valid('param');
    await removeTopic(c.var.db, viewer.userId, id);
    c.var.logger.info({ by: viewer.userId, topicId: id }, 'topic removed');
    return c.body(null, 204);
  });

  app.openapi(financialRoute, async (c) => {
    staffFor(c, 'financial');
    return c.json(await financialSummary(c.var.db), 200);
  });
  app.openapi(paymentsRoute, async (c) => {
    staffFor(c, 'financial');
    return c.json(await listPayments(c.var.db, c.req.valid('query')), 200);
  });
  app.openapi(couponsRoute, async (c) => {
    staffFor(c, 'financial');
    return c.json(await listCoupons(c.var.db, c.req.valid('query')), 200);
  });
  app.openapi(generateRoute, async (c) => {
    const viewer = staffFor(c, 'financial');
    const result = await generateCoupons(c.var.db, c.req.valid('json').count, { by: viewer.userId });
    c.var.logger.info({ by: viewer.userId, count: result.count }, 'coupons generated');
    return c.json(result, 201);
  });

  app.openapi(analyticsRoute, async (c) => {
    staffFor(c, 'analytics');
    await c.var.views.settled();
    return c.json(await analytics(c.var.db, c.req.valid('query').days), 200);
  });

  app.openapi(settingsRoute, async (c) => {
    staffFor(c, 'settings');
    return c.json(settingsBody(await getPlatformSettingsRecord(c.var.db)), 200);
  });
  app.openapi(saveSettingsRoute, async (c) => {
    const viewer = staffFor(c, 'settings');
    const saved = await saveSettings(c.var.db, c.req.valid('json'), viewer.userId);
    c.var.logger.info({ by: viewer.userId }, 'platform settings saved');
    return c.json(settingsBody(saved), 200);
  });
  app.openapi(resetSettingsRoute, async (c) => {
    const viewer = staffFor(c, 'settings');
    const saved = await resetSettings(c.var.db, viewer.userId);
    c.var.logger.info({ by: viewer.userId }, 'platform settings reset to defaults');
    return c.json(settingsBody(saved), 200);
  });

  app.openapi(auditRoute, async (c) => {
    staffFor(c, 'audit');
    return c.json(await listAudit(c.var.db, c.req.valid('query')), 200);
  });

  app.openapi(maintenanceRoute, async (c) => {
    const s = await getPlatformSettings(c.var.db);
    c.header('Cache-Control', 'no-store');
    return c.json({ maintenanceMode: s.maintenanceMode, platformName: s.platformName, message: maintenanceMessage(s.platformName) }, 200);
  });
}
