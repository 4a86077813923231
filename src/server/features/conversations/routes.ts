/** The private conversations API (issue 17 point 6): Contact, the Messages tab, a conversation, its messages and stream. */
import type { ServerResponse } from 'node:http';
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import {
  contactInputSchema,
  conversationListQuerySchema,
  conversationListSchema,
  conversationSchema,
  markReadInputSchema,
  privateMessageInputSchema,
  privateMessageListQuerySchema,
  privateMessageListSchema,
  privateMessageSchema,
} from '../../../shared/schemas/conversations.ts';
import type { AppEnv } from '../../app-env.ts';
import { resumeFrom } from '../../lib/realtime/live-streams.ts';
import { writeLimit } from '../../lib/write-limits.ts';
import { sessionTokenOf } from '../auth/index.ts';
import { errorResponses, idParamsSchema, requireSignIn, viewerOf } from '../../lib/route-helpers.ts';
import type { ConversationRealtime } from './live.ts';
import { contact, getConversation, listForViewer, listMessages, markConversationRead, recordContact, requireConversation, sendMessage } from './service.ts';

const NOT_YOURS = 'No such conversation, or the viewer is not one of its two people (moderators and admins included)';

const contactRoute = createRoute({
  method: 'post',
  path: '/api/conversations',
  tags: ['conversations'],
  summary: 'Contact: open the private conversation with an item’s creator (the same one on every press)',
  description: 'Also records the spec’s contact request (one per press). Not for the item’s own creator.',
  middleware: [requireSignIn, writeLimit('contacts')] as const,
  request: { body: { required: true, content: { 'application/json': { schema: contactInputSchema } } } },
  responses: {
    200: { description: 'The existing conversation', content: { 'application/json': { schema: conversationSchema } } },
    201: { description: 'A new conversation', content: { 'application/json': { schema: conversationSchema } } },
    ...errorResponses({ 400: 'Not a contact request', 401: 'Not signed in', 403: 'One’s own item', 404: 'No such item', 429: 'Too many (Retry-After)' }),
  },
});

/** The card's older Contact action, kept for API clients: the same rule as Contact above, no conversation. */
const recordContactRoute = createRoute({
  method: 'post',
  path: '/api/ideas/{id}/contact',
  tags: ['ideas'],
  summary: 'The card’s Contact action: recorded, nothing shown',
  description: 'Records the spec’s contact request only (POST /api/conversations also opens the conversation). Not for the item’s own creator.',
  middleware: [requireSignIn, writeLimit('contacts')] as const,
  request: { params: idParamsSchema },
  responses: {
    204: { description: 'Recorded' },
    ...errorResponses({ 401: 'Not signed in', 403: 'One’s own item', 404: 'No such item', 429: 'Too many (Retry-After)' }),
  },
});

const listRoute = createRoute({
  method: 'get',
  path: '/api/conversations',
  tags: ['conversations'],
  summary: 'One’s conversations, latest activity first (keyset paged): the other person, the item, the last message, unread counts',
  middleware: [requireSignIn] as const,
  request: { query: conversationListQuerySchema },
  responses: {
    200: { description: 'A page of conversations', content: { 'application/json': { schema: conversationListSchema } } },
    ...errorResponses({ 400: 'Bad query or cursor', 401: 'Not signed in' }),
  },
});

const getRoute = createRoute({
  method: 'get',
  path: '/api/conversations/{id}',
  tags: ['conversations'],
  summary: 'A conversation: the item it is about and the other person',
  middleware: [requireSignIn] as const,
  request: { params: idParamsSchema },
  responses: {
    200: { description: 'The conversation', content: { 'application/json': { schema: conversationSchema } } },
    ...errorResponses({ 401: 'Not signed in', 404: NOT_YOURS }),
  },
});

const messagesRoute = createRoute({
  method: 'get',
  path: '/api/conversations/{id}/messages',
  tags: ['conversations'],
  summary: 'Messages of a conversation, oldest first (latest page by default; keyset by id, as the discussion’s)',
  middleware: [requireSignIn] as const,
  request: { params: idParamsSchema, query: privateMessageListQuerySchema },
  responses: {
    200: { description: 'A page of messages', content: { 'application/json': { schema: privateMessageListSchema } } },
    ...errorResponses({ 400: 'Bad query', 401: 'Not signed in', 404: NOT_YOURS }),
  },
});

const sendRoute = createRoute({
  method: 'post',
  path: '/api/conversations/{id}/messages',
  tags: ['conversations'],
  summary: 'Send a message (trimmed, 1 to 2,000 characters); the other person is notified',
  middleware: [requireSignIn, writeLimit('private-messages')] as const,
  request: { params: idParamsSchema, body: { required: true, content: { 'application/json': { schema: privateMessageInputSchema } } } },
  responses: {
    201: { description: 'The stored message', content: { 'application/json': { schema: privateMessageSchema } } },
    ...errorResponses({
      400: 'Not a message',
      401: 'Not signed in',
      403: 'The other person deleted their account (read-only)',
      404: NOT_YOURS,
      422: 'Empty or longer than 2,000 characters',
      429: 'Too many (Retry-After)',
    }),
  },
});

const readRoute = createRoute({
  method: 'post',
  path: '/api/conversations/{id}/read',
  tags: ['conversations'],
  summary: 'Mark the conversation read up to a message (never backwards)',
  middleware: [requireSignIn] as const,
  request: { params: idParamsSchema, body: { required: true, content: { 'application/json': { schema: markReadInputSchema } } } },
  responses: {
    200: {
      description: 'What the reader has read now, and what is still unread',
      content: { 'application/json': { schema: z.object({ lastReadId: z.number().int(), unread: z.number().int() }) } },
    },
    ...errorResponses({ 400: 'Not a message id', 401: 'Not signed in', 404: NOT_YOURS }),
  },
});

const STREAM_PATH = '/api/conversations/{id}/stream';

export function registerConversationRoutes(app: OpenAPIHono<AppEnv>, realtime: ConversationRealtime | undefined) {
  app.openapi(contactRoute, async (c) => {
    const { conversation, created } = await contact(c.var.db, viewerOf(c), c.req.valid('json').ideaId);
    return created ? c.json(conversation, 201) : c.json(conversation, 200);
  });
  app.openapi(recordContactRoute, async (c) => {
    await recordContact(c.var.db, viewerOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  app.openapi(listRoute, async (c) => c.json(await listForViewer(c.var.db, viewerOf(c), c.req.valid('query')), 200));
  app.openapi(getRoute, async (c) => c.json(await getConversation(c.var.db, viewerOf(c), c.req.valid('param').id), 200));
  app.openapi(messagesRoute, async (c) =>
    c.json(await listMessages(c.var.db, viewerOf(c), c.req.valid('param').id, c.req.valid('query')), 200),
  );
  app.openapi(sendRoute, async (c) =>
    c.json(await sendMessage(c.var.db, viewerOf(c), c.req.valid('param').id, c.req.valid('json').content), 201),
  );
  app.openapi(readRoute, async (c) =>
    c.json(await markConversationRead(c.var.db, viewerOf(c), c.req.valid('param').id, c.req.valid('json').upTo), 200),
  );

  app.openAPIRegistry.registerPath({
    method: 'get',
    path: STREAM_PATH,
    tags: ['conversations'],
    summary: 'Live messages of a conversation (Server-Sent Events), for its two people only',
    description:
      "Events 'message' (id: = message id), 'message-deleted' (data { id }: a moderator removed a reported message) and 'resync'; " +
      "': ping' heartbeats. Resumes after Last-Event-ID (header) or ?lastEventId= (first connect). Anyone else gets 404. " +
      'An open stream ends within seconds of its session ending.',
    request: { params: idParamsSchema, query: z.object({ lastEventId: z.string().optional() }) },
    responses: {
      200: { description: 'The event stream', content: { 'text/event-stream': { schema: z.string() } } },
      ...errorResponses({ 401: 'Not signed in', 404: NOT_YOURS, 503: 'The server is shutting down; reconnect' }),
    },
  });

  app.get('/api/conversations/:id/stream', requireSignIn, async (c) => {
    const viewer = viewerOf(c);
    const conversation = await requireConversation(c.var.db, c.req.param('id'), viewer);
    if (!realtime) {
      return c.json({ error: { code: 'unavailable', message: 'Live updates are not available on this server.' } }, 503);
    }
    const from = resumeFrom(c.req.header('last-event-id'), c.req.query('lastEventId'));
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    const sessionToken = await sessionTokenOf(c.var.db, c, viewer.userId);
    return realtime.openStream(conversation.id, from, c.req.raw.signal, { userId: viewer.userId, sessionToken }, outgoing);
  });
}
