import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { ideaDetailSchema, ideaListQuerySchema, ideaListResponseSchema } from '../../../shared/schemas/ideas.ts';
import type { AppEnv } from '../../app-env.ts';
import { errorResponse, idParamsSchema } from '../../lib/route-helpers.ts';
import { jsonAnswer } from '../../lib/compression.ts';
import { browseIdeas, getIdeaDetail } from './service.ts';

const listRoute = createRoute({
  method: 'get',
  path: '/api/ideas',
  tags: ['ideas'],
  summary: 'Browse ideas and products, newest first (keyset paged)',
  request: { query: ideaListQuerySchema },
  responses: {
    200: { description: 'A page of idea cards', content: { 'application/json': { schema: ideaListResponseSchema } } },
    400: errorResponse('Bad query'),
  },
});

const detailRoute = createRoute({
  method: 'get',
  path: '/api/ideas/{id}',
  tags: ['ideas'],
  summary: 'One idea or product (description cut for viewers who are not premium)',
  request: { params: idParamsSchema },
  responses: {
    200: { description: 'The item', content: { 'application/json': { schema: ideaDetailSchema } } },
    404: errorResponse('No such item'),
  },
});

export function registerIdeaRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    const result = await browseIdeas(c.var.reader, query, c.var.viewer, c.var.logger);
    return jsonAnswer(c, result, 200);
  });
  app.openapi(detailRoute, async (c) => {
    const { id } = c.req.valid('param');
    const detail = await getIdeaDetail(c.var.reader, id, c.var.viewer, c.var.logger);
    return jsonAnswer(c, detail, 200);
  });
}
