/**
 * Following makers and topics (issue 28): a signed-in person follows a maker or a topic to see
 * their items in home's Following feed and the weekly digest. Idempotent both ways; nobody follows
 * themselves; an unknown maker or topic is not found.
 */
import { FOLLOW_SIGN_IN_REQUIRED, FOLLOW_TOPIC_SIGN_IN_REQUIRED } from '../../../shared/constants.ts';
import { FOLLOW_SELF, type FollowedMakersResponse, type FollowedTopicsResponse, type FollowState } from '../../../shared/schemas/follows.ts';
import { MAKER_NOT_FOUND } from '../../../shared/schemas/makers.ts';
import { TOPIC_MESSAGES } from '../../../shared/schemas/topics.ts';
import type { Viewer } from '../../app-env.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound, unauthorized } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { decodeCursor, toPage } from '../../lib/keyset-cursor.ts';
import { MAKER_ID, makerExists } from '../makers/index.ts';
import { topicIdExists } from '../topics/index.ts';
import { deleteFollow, type FollowKind, followState, insertFollow, listFollowedMakers, listFollowedTopics } from './queries.ts';

/** What differs between following a maker and following a topic. */
const RULES: Record<FollowKind, { validId: (id: string) => boolean; notFound: string; signIn: string; exists: (db: Db, id: string) => Promise<boolean> }> = {
  maker: { validId: (id) => MAKER_ID.test(id), notFound: MAKER_NOT_FOUND, signIn: FOLLOW_SIGN_IN_REQUIRED, exists: makerExists },
  topic: { validId: isUuid, notFound: TOPIC_MESSAGES.notFound, signIn: FOLLOW_TOPIC_SIGN_IN_REQUIRED, exists: topicIdExists },
};

export async function getFollowState(db: Db, kind: FollowKind, id: string, viewer: Viewer | null): Promise<FollowState> {
  const rules = RULES[kind];
  if (!rules.validId(id)) throw notFound(rules.notFound);
  const state = await followState(db, kind, viewer?.userId ?? null, id);
  if (state.followerCount === 0 && !(await rules.exists(db, id))) throw notFound(rules.notFound);
  return state;
}

export async function setFollow(db: Db, kind: FollowKind, id: string, viewer: Viewer | null, following: boolean): Promise<FollowState> {
  const rules = RULES[kind];
  if (!viewer) throw unauthorized(rules.signIn);
  if (!rules.validId(id)) throw notFound(rules.notFound);
  if (kind === 'maker' && id === viewer.userId) throw badRequest(FOLLOW_SELF);
  if (following) {
    if (!(await insertFollow(db, kind, viewer.userId, id))) throw notFound(rules.notFound);
  } else {
    await deleteFollow(db, kind, viewer.userId, id);
  }
  return getFollowState(db, kind, id, viewer);
}

export async function listFollowing(db: Db, viewer: Viewer, page: { cursor?: string; limit: number }): Promise<FollowedMakersResponse> {
  const rows = await listFollowedMakers(db, {
    followerId: viewer.userId,
    after: page.cursor ? decodeCursor(page.cursor, 'text') : undefined,
    limit: page.limit,
  });
  return toPage(
    rows,
    page.limit,
    (row) => ({ id: row.id, name: row.name?.trim() ? row.name : null, followedAt: row.createdAt.toISOString() }),
    (row) => ({ createdAt: row.createdAt, id: row.id }),
  );
}

export async function listFollowingTopics(db: Db, viewer: Viewer, page: { cursor?: string; limit: number }): Promise<FollowedTopicsResponse> {
  const rows = await listFollowedTopics(db, {
    followerId: viewer.userId,
    after: page.cursor ? decodeCursor(page.cursor) : undefined,
    limit: page.limit,
  });
  return toPage(
    rows,
    page.limit,
    (row) => ({ id: row.id, name: row.name, slug: row.slug, followedAt: row.createdAt.toISOString() }),
    (row) => ({ createdAt: row.createdAt, id: row.id }),
  );
}
