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
  STREAM_EVENTS,
} from '../rules/discussion-message.ts';

export const DISCUSSION_LOCKED = 'Unlock the discussion to read and post messages.';
export const SIGN_IN_TO_POST = 'Sign in to join the discussion.';
export const MESSAGE_NOT_FOUND = "This message doesn't exist or has already been removed.";
/** The author of a message whose account was deleted (issue 14 point 17). */
export const DELETED_USER_NAME = 'Deleted user';
export const REMOVE_NOT_ALLOWED = 'Only its author, moderators and admins can delete a message.';
export const EDIT_NOT_ALLOWED = 'Only its author can edit a message.';
/** A reply whose message is not (or no longer) in this discussion. */
export const REPLY_TARGET_MISSING = 'The message you are replying to is not in this discussion.';
/** At most this many people are mentioned in one message. */
export const MAX_MENTIONS = 10;
export const TOO_MANY_MENTIONS = `A message can mention at most ${MAX_MENTIONS} people.`;

const messageContent = z.string({ error: 'Message is required.' }).max(DISCUSSION_MESSAGE_MAX_LENGTH * 4, MESSAGE_TOO_LONG);

/**
 * People the author chose in the message box (their ids). The server keeps those whose '@Name' is
 * still in the text, at most MAX_MENTIONS (decision 0022).
 */
const mentionIds = z.array(z.string().min(1).max(100), { error: 'mentions must be a list of people.' }).max(50, TOO_MANY_MENTIONS);

/** POST /api/ideas/{id}/messages body. Sizes are only bounded here; checkMessageContent gives the messages. */
export const messageInputSchema = z.object({
  content: messageContent,
  /** Replying to this message (of the same discussion); a reply to a reply answers its top-level message. */
  parentId: z.number({ error: 'parentId must be a message id.' }).int('parentId must be a message id.').min(1, 'parentId must be a message id.').max(Number.MAX_SAFE_INTEGER).nullish(),
  mentions: mentionIds.optional(),
});
export type MessageInput = z.infer<typeof messageInputSchema>;

/** PATCH /api/messages/{id} body: the new text (same rules as posting), mentions chosen again. */
export const messageEditSchema = z.object({ content: messageContent, mentions: mentionIds.optional() });
export type MessageEdit = z.infer<typeof messageEditSchema>;

/** Someone a message mentions: the text says '@' + name; the screen links it to /makers/{id}. */
export const mentionSchema = z.object({ id: z.string(), name: z.string() });
export type Mention = z.infer<typeof mentionSchema>;

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
    /** Their profile photo's avatar; null: initials. */
    avatarUrl: z.string().nullable(),
  }),
  /** The top-level message this one replies to; null for a top-level message. */
  parentId: z.number().int().nullable(),
  /** When its author last edited it (the screen marks it '(edited)'); null when never edited. */
  editedAt: z.iso.datetime().nullable(),
  /**
   * Deleted while it had replies: it stays in their place as 'Message deleted', with no content,
   * no author (id and name null) and no mentions.
   */
  deleted: z.boolean(),
  mentions: z.array(mentionSchema),
});
export type DiscussionMessage = z.infer<typeof discussionMessageSchema>;

export const MESSAGE_PAGE_SIZE_DEFAULT = 50;
export const MESSAGE_PAGE_SIZE_MAX = 100;

const messageId = z.coerce.number().int('must be a message id').min(0, 'must be a message id').max(Number.MAX_SAFE_INTEGER);

/**
 * GET /api/ideas/{id}/messages query. Without a cursor: the latest page. `before`: the page just
 * before that message id. `after`: the page just after it. Items are always oldest first.
 * `limit` counts top-level messages; each comes with all its replies (a reply is never on a page
 * without its message).
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

/** GET /api/ideas/{id}/mention-suggestions query: the letters typed after '@'. */
export const mentionQuerySchema = z.object({ q: z.string().max(50, 'q must be at most 50 characters.').default('') });

/** People one may mention: the item's creator and the discussion's participants first, then others; names and ids only. */
export const mentionSuggestionsSchema = z.object({ items: z.array(mentionSchema) });
export type MentionSuggestions = z.infer<typeof mentionSuggestionsSchema>;
export const MENTION_SUGGESTIONS_MAX = 8;
