import { z } from 'zod';

/** Whether the viewer follows a maker, and how many people do (issue 28); visitors: false. */
export const followStateSchema = z.object({
  following: z.boolean(),
  followerCount: z.number().int(),
});
export type FollowState = z.infer<typeof followStateSchema>;

/** A maker the viewer follows, as their profile lists them. */
export const followedMakerSchema = z.object({
  id: z.string(),
  /** Profile full_name; the screen shows 'Anonymous' when null. */
  name: z.string().nullable(),
  followedAt: z.iso.datetime(),
});

export const followedMakersResponseSchema = z.object({
  items: z.array(followedMakerSchema),
  nextCursor: z.string().nullable(),
});
export type FollowedMakersResponse = z.infer<typeof followedMakersResponseSchema>;

/** A topic the viewer follows, as their profile lists them. */
export const followedTopicSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  followedAt: z.iso.datetime(),
});

export const followedTopicsResponseSchema = z.object({
  items: z.array(followedTopicSchema),
  nextCursor: z.string().nullable(),
});
export type FollowedTopicsResponse = z.infer<typeof followedTopicsResponseSchema>;

export const FOLLOW_SELF = 'You cannot follow yourself.';
