/**
 * The discussion of an item (SPEC §2 Idea details, §5 'Discussion message', §7): messages oldest
 * first, the request and answer schemas. The rule for what a message may be and the live stream's
 * event names are in `../rules/discussion-message.ts` (no zod: the web app's discussion uses them).
 */
import { z } from 'zod';
import { DISCUSSION_MESSAGE_MAX_LENGTH } from '../constants.ts';
import { MESSAGE_TOO_LONG } from '../rules/discussion-message.ts';

export {
  checkMessageContent,
  MESSAGE_EMPTY,
  MESSAGE_TOO_LONG,
  type MessageCheck,
  messageLength,
  STREAM_EVENTS,
} from '../rules/discussion-message.ts';

export const DISCUSSION_LOCKED = 'Unlock the discussion to read and post messages.';
export const SIGN_IN_TO_POST = 'Sign in to join the discussion.';
export const MESSAGE_NOT_FOUND = "This message doesn't exist or has already been removed.";
/** The author of a message whose account was deleted (issue 14 point 17). */
export const DELETED_USER_NAME = 'Deleted user';
export const REMOVE_NOT_ALLOWED = 'Only moderators and admins can remove messages.';

/** POST /api/ideas/{id}/messages body. Sizes are only bounded here; checkMessageContent gives the messages. */
export const messageInputSchema = z.object({
  content: z.string({ error: 'Message is required.' }).max(DISCUSSION_MESSAGE_MAX_LENGTH * 4, MESSAGE_TOO_LONG),
});
export type MessageInput = z.infer<typeof messageInputSchema>;

export const discussionMessageSchema = z.object({
  /** Monotonic per database; also the live stream's event id. */
  id: z.number().int(),
  content: z.string(),
  createdAt: z.iso.datetime(),
  author: z.object({
    /** Null when the author deleted their account; the name is then DELETED_USER_NAME. */
    id: z.string().nullable(),
    /** Profile full_name; the screen shows 'Anonymous' when null. */
    name: z.string().nullable(),
  }),
});
export type DiscussionMessage = z.infer<typeof discussionMessageSchema>;

export const MESSAGE_PAGE_SIZE_DEFAULT = 50;
export const MESSAGE_PAGE_SIZE_MAX = 100;

const messageId = z.coerce.number().int('must be a message id').min(0, 'must be a message id').max(Number.MAX_SAFE_INTEGER);

/**
 * GET /api/ideas/{id}/messages query. Without a cursor: the latest page. `before`: the page just
 * before that message id. `after`: the page just after it. Items are always oldest first.
 */
export const messageListQuerySchema = z.object({
  before: messageId.optional(),
  after: messageId.optional(),
  limit: z.coerce
    .number()
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(MESSAGE_PAGE_SIZE_MAX, `limit must be at most ${MESSAGE_PAGE_SIZE_MAX}.`)
    .default(MESSAGE_PAGE_SIZE_DEFAULT),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

export const messageListSchema = z.object({
  /**
   * True when the viewer may not see this discussion (not premium, not the owner, not an admin):
   * `items` is then always empty. The screen shows the blurred discussion and the unlock button.
   */
  locked: z.boolean(),
  items: z.array(discussionMessageSchema),
  /**
   * More messages exist beyond this page in its direction: earlier ones for the latest page and
   * `before` pages (pass items[0].id as `before`), later ones for `after` pages.
   */
  hasMore: z.boolean(),
});
export type MessageList = z.infer<typeof messageListSchema>;
