/** The notifications API (issue 17 point 1): one's own list, unread count, marking read, preferences, the live count. */
import type { ServerResponse } from 'node:http';
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { limitBody } from '../../lib/request-body.ts';
import {
  digestPreferenceInputSchema,
  digestPreferenceSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesInputSchema,
  notificationPreferencesSchema,
  unreadCountSchema,
  unsubscribeStateSchema,
} from '../../../shared/schemas/notifications.ts';
import type { AppEnv } from '../../app-env.ts';
import { sessionTokenOf } from '../auth/index.ts';
import { errorResponses, requireSignIn, viewerOf } from '../../lib/route-helpers.ts';
import type { NotificationRealtime } from './live.ts';
import {
  listForViewer,
  markAllReadForViewer,
  preferencesForViewer,
  setDigestForViewer,
  digestForViewer,
  unreadForViewer,
  unsubscribe,
  unsubscribeState,
  updatePreferencesForViewer,
} from './service.ts';
import { UNSUBSCRIBE_PATH } from './unsubscribe.ts';

const listRoute = createRoute({
  method: 'get',
  path: '/api/notifications',
  tags: ['notifications'],
  summary: 'One’s own notifications, newest first (keyset paged)',
  description:
    'Each names who and which item (its title) and where it leads. A message’s beginning (`excerpt`) is given only to a ' +
    'reader who may read that discussion; notifications about deleted items or messages keep the title and lose the link.',
  middleware: [requireSignIn] as const,
  request: { query: notificationListQuerySchema },
  responses: {
    200: { description: 'A page of notifications', content: { 'application/json': { schema: notificationListSchema } } },
    ...errorResponses({ 400: 'Bad query or cursor', 401: 'Not signed in' }),
  },
});

const unreadRoute = createRoute({
  method: 'get',
  path: '/api/notifications/unread-count',
  tags: ['notifications'],
  summary: 'How many of one’s notifications are unread',
  middleware: [requireSignIn] as const,
  responses: {
    200: { description: 'The unread count', content: { 'application/json': { schema: unreadCountSchema } } },
    ...errorResponses({ 401: 'Not signed in' }),
  },
});

const readAllRoute = createRoute({
  method: 'post',
  path: '/api/notifications/read',
  tags: ['notifications'],
  summary: 'Mark all of one’s notifications read (the count becomes 0 on every open page)',
  middleware: [requireSignIn] as const,
  responses: {
    200: { description: 'The unread count now (0)', content: { 'application/json': { schema: unreadCountSchema } } },
    ...errorResponses({ 401: 'Not signed in' }),
  },
});

const preferencesRoute = createRoute({
  method: 'get',
  path: '/api/notifications/preferences',
  tags: ['notifications'],
  summary: 'One’s notification preferences: per kind, in the app and by email',
  middleware: [requireSignIn] as const,
  responses: {
    200: { description: 'Every kind’s choices', content: { 'application/json': { schema: notificationPreferencesSchema } } },
    ...errorResponses({ 401: 'Not signed in' }),
  },
});

const updatePreferencesRoute = createRoute({
  method: 'put',
  path: '/api/notifications/preferences',
  tags: ['notifications'],
  summary: 'Change some of one’s notification preferences (the others stay)',
  middleware: [requireSignIn] as const,
  request: { body: { required: true, content: { 'application/json': { schema: notificationPreferencesInputSchema } } } },
  responses: {
    200: { description: 'Every kind’s choices now', content: { 'application/json': { schema: notificationPreferencesSchema } } },
    ...errorResponses({ 400: 'Not a preferences change', 401: 'Not signed in' }),
  },
});

const digestRoute = createRoute({
  method: 'get',
  path: '/api/notifications/digest',
  tags: ['notifications'],
  summary: 'One’s weekly digest setting: on or off, and its day (0 Sunday … 6 Saturday, UTC)',
  middleware: [requireSignIn] as const,
  responses: {
    200: { description: 'The digest setting', content: { 'application/json': { schema: digestPreferenceSchema } } },
    ...errorResponses({ 401: 'Not signed in' }),
  },
});

const updateDigestRoute = createRoute({
  method: 'put',
  path: '/api/notifications/digest',
  tags: ['notifications'],
  summary: 'Turn the weekly digest on or off, or choose its day',
  middleware: [requireSignIn] as const,
  request: { body: { required: true, content: { 'application/json': { schema: digestPreferenceInputSchema } } } },
  responses: {
    200: { description: 'The digest setting now', content: { 'application/json': { schema: digestPreferenceSchema } } },
    ...errorResponses({ 400: 'Not a digest setting', 401: 'Not signed in' }),
  },
});

const tokenQuery = z.object({ token: z.string().max(400) });

const unsubscribeStateRoute = createRoute({
  method: 'get',
  path: '/api/unsubscribe',
  tags: ['notifications'],
  summary: 'What an email’s unsubscribe link turns off, and whether it is on now (no sign-in: the link is the proof)',
  request: { query: tokenQuery },
  responses: {
    200: { description: 'The kind of email and whether it is on', content: { 'application/json': { schema: unsubscribeStateSchema } } },
    ...errorResponses({ 400: 'Not an unsubscribe link of ours', 404: 'That account is gone' }),
  },
});

const unsubscribeRoute = createRoute({
  method: 'post',
  path: UNSUBSCRIBE_PATH,
  tags: ['notifications'],
  summary: 'One-click unsubscribe (RFC 8058): turns that kind of email off for the link’s person',
  description:
    'The address of every notification email’s List-Unsubscribe header. No sign-in and no origin check: the signed token is ' +
    'the proof, and all it can do is turn one kind of email off. Mail clients send `List-Unsubscribe=One-Click` (form ' +
    'encoded) and get 200; the unsubscribe page’s own form sends `from=page` and is sent back to the page (303).',
  middleware: [limitBody(2048)] as const,
  request: { query: tokenQuery },
  responses: {
    200: { description: 'Turned off', content: { 'application/json': { schema: unsubscribeStateSchema } } },
    303: { description: 'Turned off; back to the unsubscribe page (its form)' },
    ...errorResponses({ 400: 'Not an unsubscribe link of ours', 404: 'That account is gone', 413: 'Body too large' }),
  },
});

export interface NotificationRouteDeps {
  realtime?: NotificationRealtime;
  /** The key of unsubscribe tokens (from AUTH_SECRET); without it no link is valid. */
  unsubscribeKey?: Buffer | null;
}

export function registerNotificationRoutes(app: OpenAPIHono<AppEnv>, deps: NotificationRouteDeps) {
  const { realtime } = deps;
  const key = deps.unsubscribeKey ?? null;
  app.openapi(unsubscribeStateRoute, async (c) => c.json(await unsubscribeState(c.var.db, key, c.req.valid('query').token), 200));
  app.openapi(unsubscribeRoute, async (c) => {
    const { token } = c.req.valid('query');
    const form = (c.req.header('content-type') ?? '').includes('application/x-www-form-urlencoded') ? new URLSearchParams(await c.req.text()) : null;
    const state = await unsubscribe(c.var.db, key, token);
    if (form?.get('from') === 'page') return c.redirect(`${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`, 303);
    return c.json(state, 200);
  });

  app.openapi(listRoute, async (c) => c.json(await listForViewer(c.var.db, viewerOf(c), c.req.valid('query'), c.var.logger), 200));
  app.openapi(unreadRoute, async (c) => c.json({ unread: await unreadForViewer(c.var.db, viewerOf(c)) }, 200));
  app.openapi(readAllRoute, async (c) => {
    await markAllReadForViewer(c.var.db, viewerOf(c));
    return c.json({ unread: 0 }, 200);
  });
  app.openapi(preferencesRoute, async (c) => c.json(await preferencesForViewer(c.var.db, viewerOf(c)), 200));
  app.openapi(updatePreferencesRoute, async (c) =>
    c.json(await updatePreferencesForViewer(c.var.db, viewerOf(c), c.req.valid('json')), 200),
  );
  app.openapi(digestRoute, async (c) => c.json(await digestForViewer(c.var.db, viewerOf(c)), 200));
  app.openapi(updateDigestRoute, async (c) => c.json(await setDigestForViewer(c.var.db, viewerOf(c), c.req.valid('json')), 200));

  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/api/notifications/stream',
    tags: ['notifications'],
    summary: 'One’s unread count, live (Server-Sent Events)',
    description:
      "Event 'unread' with { unread: n }: first the count now, then on every change (across tabs and instances); ': ping' heartbeats. " +
      'It carries counts only. An open stream ends within seconds of its session ending.',
    responses: {
      200: { description: 'The event stream', content: { 'text/event-stream': { schema: z.string() } } },
      ...errorResponses({ 401: 'Not signed in', 503: 'The server is shutting down or has no live updates; reconnect' }),
    },
  });

  app.get('/api/notifications/stream', requireSignIn, async (c) => {
    const viewer = viewerOf(c);
    if (!realtime) {
      return c.json({ error: { code: 'unavailable', message: 'Live updates are not available on this server.' } }, 503);
    }
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    const sessionToken = await sessionTokenOf(c.var.db, c, viewer.userId);
    return realtime.openStream({ userId: viewer.userId, sessionToken }, c.req.raw.signal, outgoing);
  });
}
