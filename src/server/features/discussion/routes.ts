import type { ServerResponse } from 'node:http';
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import {
  discussionMessageSchema,
  mentionQuerySchema,
  mentionSuggestionsSchema,
  messageEditSchema,
  messageInputSchema,
  messageListQuerySchema,
  messageListSchema,
} from '../../../shared/schemas/discussion.ts';
import type { AppEnv } from '../../app-env.ts';
import { errorResponse, idParamsSchema } from '../../lib/route-helpers.ts';
import { removalReasonOf } from '../../lib/removal-reason.ts';
import { resumeFrom } from '../../lib/realtime/live-streams.ts';
import { writeLimit } from '../../lib/write-limits.ts';
import { sessionTokenOf } from '../auth/index.ts';
import type { DiscussionRealtime } from './live.ts';
import { discussionAccess, editMessage, listMessages, lockedError, mentionSuggestions, postMessage, removeMessage } from './service.ts';


const listRoute = createRoute({
  method: 'get',
  path: '/api/ideas/{id}/messages',
  tags: ['discussion'],
  summary: 'Messages of an item’s discussion, oldest first (latest page by default; keyset by id)',
  description:
    'A viewer who may not see the discussion (not premium, not the owner, not an admin) gets { locked: true, items: [] }.',
  request: { params: idParamsSchema, query: messageListQuerySchema },
  responses: {
    200: { description: 'A page of messages', content: { 'application/json': { schema: messageListSchema } } },
    400: errorResponse('Bad query'),
    404: errorResponse('No such item'),
  },
});

const postRoute = createRoute({
  method: 'post',
  path: '/api/ideas/{id}/messages',
  tags: ['discussion'],
  summary: 'Post a message (trimmed, 1 to 2,000 characters) or a reply to a discussion the viewer can see',
  description:
    '`parentId`: the message answered (of the same discussion; a reply to a reply answers its top-level message); its author is told. ' +
    '`mentions`: ids of people chosen in the box; those whose "@Name" is in the text are stored, and told when they may read the discussion.',
  middleware: [writeLimit('messages')] as const,
  request: { params: idParamsSchema, body: { required: true, content: { 'application/json': { schema: messageInputSchema } } } },
  responses: {
    201: { description: 'The stored message', content: { 'application/json': { schema: discussionMessageSchema } } },
    400: errorResponse('Not a message'),
    401: errorResponse('Not signed in'),
    403: errorResponse('The viewer may not see this discussion'),
    404: errorResponse('No such item'),
    422: errorResponse('Empty or longer than 2,000 characters, a reply to a message not in this discussion, or too many mentions'),
    429: errorResponse('Over the per-person message limit (Retry-After: seconds)'),
  },
});

const messageParams = z.object({ id: z.string().max(40) });

const editRoute = createRoute({
  method: 'patch',
  path: '/api/messages/{id}',
  tags: ['discussion'],
  summary: 'Edit one’s own message (same rules as posting; mentions resolved again)',
  description: 'Only its author, while they may see the discussion. Every open stream gets message-updated (editedAt set).',
  middleware: [writeLimit('messages')] as const,
  request: { params: messageParams, body: { required: true, content: { 'application/json': { schema: messageEditSchema } } } },
  responses: {
    200: { description: 'The message as it now is', content: { 'application/json': { schema: discussionMessageSchema } } },
    400: errorResponse('Not a message'),
    401: errorResponse('Not signed in'),
    403: errorResponse('Not the author, or the viewer may not see this discussion'),
    404: errorResponse('No such message'),
    422: errorResponse('Empty or longer than 2,000 characters, or too many mentions'),
    429: errorResponse('Over the per-person message limit (Retry-After: seconds)'),
  },
});

const mentionRoute = createRoute({
  method: 'get',
  path: '/api/ideas/{id}/mention-suggestions',
  tags: ['discussion'],
  summary: 'People to mention after "@": the item’s creator and the discussion’s participants first, then others (names and ids only)',
  middleware: [writeLimit('lookups')] as const,
  request: { params: idParamsSchema, query: mentionQuerySchema },
  responses: {
    200: { description: 'At most 8 people', content: { 'application/json': { schema: mentionSuggestionsSchema } } },
    400: errorResponse('Bad query'),
    401: errorResponse('Not signed in'),
    403: errorResponse('The viewer may not see this discussion'),
    404: errorResponse('No such item'),
    429: errorResponse('Too many look-ups (Retry-After: seconds)'),
  },
});

const removeRoute = createRoute({
  method: 'delete',
  path: '/api/messages/{id}',
  tags: ['discussion'],
  summary: 'Delete a message (its author; moderators and admins any message)',
  description:
    'An optional JSON body { reason } (moderators and admins) is told to the message’s author in their notification. ' +
    'A message with replies stays as "Message deleted" (streams get message-updated); otherwise streams get message-deleted.',
  request: { params: messageParams },
  responses: {
    204: { description: 'Deleted; every open stream is told' },
    400: errorResponse('Not a reason'),
    401: errorResponse('Not signed in'),
    403: errorResponse('Neither its author nor a moderator or admin'),
    404: errorResponse('No such message'),
  },
});

const STREAM_PATH = '/api/ideas/{id}/messages/stream';

export function registerDiscussionRoutes(app: OpenAPIHono<AppEnv>, realtime: DiscussionRealtime | undefined) {
  app.openapi(listRoute, async (c) => {
    const result = await listMessages(c.var.db, c.req.valid('param').id, c.var.viewer, c.req.valid('query'), c.var.logger);
    return c.json(result, 200);
  });

  app.openapi(postRoute, async (c) => {
    const message = await postMessage(c.var.db, c.req.valid('param').id, c.var.viewer, c.req.valid('json'), c.var.logger);
    return c.json(message, 201);
  });

  app.openapi(editRoute, async (c) => {
    const message = await editMessage(c.var.db, c.req.valid('param').id, c.var.viewer, c.req.valid('json'), c.var.logger);
    return c.json(message, 200);
  });

  app.openapi(mentionRoute, async (c) => {
    const result = await mentionSuggestions(c.var.db, c.req.valid('param').id, c.var.viewer, c.req.valid('query').q, c.var.logger);
    return c.json(result, 200);
  });

  app.openapi(removeRoute, async (c) => {
    await removeMessage(c.var.db, c.req.valid('param').id, c.var.viewer, await removalReasonOf(c));
    return c.body(null, 204);
  });

  app.openAPIRegistry.registerPath({
    method: 'get',
    path: STREAM_PATH,
    tags: ['discussion'],
    summary: 'Live messages of a discussion (Server-Sent Events)',
    description:
      "Events 'message' (id: = message id), 'message-updated' (data: the message as it now is), 'message-deleted' (data { id }) and 'resync'; ': ping' heartbeats. " +
      'Resumes after Last-Event-ID (header) or ?lastEventId= (first connect), replaying missed messages in order, once. ' +
      'Only for viewers who may see the discussion: visitors get 401, other viewers 403, and no message content. ' +
      'An open stream ends within seconds of its viewer signing out, being banned or losing access.',
    request: { params: idParamsSchema, query: z.object({ lastEventId: z.string().optional() }) },
    responses: {
      200: { description: 'The event stream', content: { 'text/event-stream': { schema: z.string() } } },
      401: errorResponse('Not signed in'),
      403: errorResponse('The viewer may not see this discussion'),
      404: errorResponse('No such item'),
      503: errorResponse('The server is shutting down; reconnect'),
    },
  });

  app.get('/api/ideas/:id/messages/stream', async (c) => {
    const ideaId = c.req.param('id');
    const viewer = c.var.viewer;
    const { idea, fullAccess } = await discussionAccess(c.var.db, ideaId, viewer, c.var.logger);
    if (!fullAccess || !viewer) throw lockedError(viewer);
    if (!realtime) {
      return c.json({ error: { code: 'unavailable', message: 'Live updates are not available on this server.' } }, 503);
    }
    const from = resumeFrom(c.req.header('last-event-id'), c.req.query('lastEventId'));
    // Served by Node (@hono/node-server), the request's env carries Node's response.
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    const sessionToken = await sessionTokenOf(c.var.db, c, viewer.userId);
    return realtime.openStream(ideaId, from, c.req.raw.signal, outgoing, { userId: viewer.userId, sessionToken, ownerId: idea.userId, ideaId: idea.id });
  });
}
