/** GET /api/topics and /api/topics/{slug}: the topics for everyone (pickers, cards' links, topic pages). */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { topicListSchema, topicSchema } from '../../../shared/schemas/topics.ts';
import type { AppEnv } from '../../app-env.ts';
import { errorResponses } from '../../lib/route-helpers.ts';
import { getTopic, listTopics } from './service.ts';

const listRoute = createRoute({
  method: 'get',
  path: '/api/topics',
  tags: ['topics'],
  summary: 'Every topic, by name, with how many items carry it',
  responses: { 200: { description: 'The topics', content: { 'application/json': { schema: topicListSchema } } } },
});

const topicRoute = createRoute({
  method: 'get',
  path: '/api/topics/{slug}',
  tags: ['topics'],
  summary: "One topic (its page's title and description)",
  request: { params: z.object({ slug: z.string().max(100) }) },
  responses: {
    200: { description: 'The topic', content: { 'application/json': { schema: topicSchema } } },
    ...errorResponses({ 404: 'No such topic' }),
  },
});

export function registerTopicRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => c.json({ items: await listTopics(c.var.reader) }, 200));
  app.openapi(topicRoute, async (c) => c.json(await getTopic(c.var.reader, c.req.valid('param').slug), 200));
}
