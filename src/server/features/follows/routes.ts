import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { followedMakersResponseSchema, followedTopicsResponseSchema, followStateSchema } from '../../../shared/schemas/follows.ts';
import type { AppEnv } from '../../app-env.ts';
import { errorResponses, pageQuerySchema, requireSignIn, viewerOf } from '../../lib/route-helpers.ts';
import { writeLimit } from '../../lib/write-limits.ts';
import type { FollowKind } from './queries.ts';
import { getFollowState, listFollowing, listFollowingTopics, setFollow } from './service.ts';

const stateAnswer = { description: 'Whether the viewer follows it, and its follower count', content: { 'application/json': { schema: followStateSchema } } };

/** GET, PUT and DELETE of one kind's follow: the same three routes for makers and topics. */
function followRoutes(kind: FollowKind, path: string, noun: string) {
  // One parameter (the maker's user id, or the topic's id), named as the path names it.
  const params = z.object({ [path.slice(path.indexOf('{') + 1, path.indexOf('}'))]: z.string().max(200) });
  const refusals = { 400: 'Following oneself', 401: 'Not signed in', 404: `No such ${noun}`, 429: 'Over the follow limit' } as const;
  return {
    kind,
    state: createRoute({
      method: 'get',
      path,
      tags: ['follows'],
      summary: `Whether the viewer follows a ${noun} (false for visitors), with the follower count`,
      request: { params },
      responses: { 200: stateAnswer, ...errorResponses({ 404: `No such ${noun}` }) },
    }),
    follow: createRoute({
      method: 'put',
      path,
      tags: ['follows'],
      summary: `Follow a ${noun} (idempotent${kind === 'maker' ? '; never oneself' : ''})`,
      middleware: [writeLimit('follows')] as const,
      request: { params },
      responses: { 200: stateAnswer, ...errorResponses(refusals) },
    }),
    unfollow: createRoute({
      method: 'delete',
      path,
      tags: ['follows'],
      summary: `Stop following a ${noun} (idempotent)`,
      middleware: [writeLimit('follows')] as const,
      request: { params },
      responses: { 200: stateAnswer, ...errorResponses(refusals) },
    }),
  };
}

const followingRoute = createRoute({
  method: 'get',
  path: '/api/me/following',
  tags: ['follows'],
  summary: 'The makers the viewer follows, latest followed first (keyset paged)',
  middleware: [requireSignIn] as const,
  request: { query: pageQuerySchema },
  responses: {
    200: { description: 'A page of followed makers', content: { 'application/json': { schema: followedMakersResponseSchema } } },
    ...errorResponses({ 400: 'Bad query', 401: 'Not signed in' }),
  },
});

const followingTopicsRoute = createRoute({
  method: 'get',
  path: '/api/me/following/topics',
  tags: ['follows'],
  summary: 'The topics the viewer follows, latest followed first (keyset paged)',
  middleware: [requireSignIn] as const,
  request: { query: pageQuerySchema },
  responses: {
    200: { description: 'A page of followed topics', content: { 'application/json': { schema: followedTopicsResponseSchema } } },
    ...errorResponses({ 400: 'Bad query', 401: 'Not signed in' }),
  },
});

export function registerFollowRoutes(app: OpenAPIHono<AppEnv>) {
  for (const r of [followRoutes('maker', '/api/makers/{userId}/follow', 'person'), followRoutes('topic', '/api/topics/{id}/follow', 'topic')]) {
    const idOf = (param: Record<string, string | undefined>) => Object.values(param)[0] ?? '';
    app.openapi(r.state, async (c) => c.json(await getFollowState(c.var.db, r.kind, idOf(c.req.valid('param')), c.var.viewer), 200));
    app.openapi(r.follow, async (c) => c.json(await setFollow(c.var.db, r.kind, idOf(c.req.valid('param')), c.var.viewer, true), 200));
    app.openapi(r.unfollow, async (c) => c.json(await setFollow(c.var.db, r.kind, idOf(c.req.valid('param')), c.var.viewer, false), 200));
  }
  app.openapi(followingRoute, async (c) => c.json(await listFollowing(c.var.db, viewerOf(c), c.req.valid('query')), 200));
  app.openapi(followingTopicsRoute, async (c) => c.json(await listFollowingTopics(c.var.db, viewerOf(c), c.req.valid('query')), 200));
}
