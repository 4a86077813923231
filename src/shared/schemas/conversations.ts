/**
 * Private conversations (issue 17 point 6): request and answer schemas. The texts are in
 * `../rules/conversations.ts`; a message follows the discussion message's rule and paging.
 */
import { z } from 'zod';
import { DISCUSSION_MESSAGE_MAX_LENGTH } from '../constants.ts';
import { MESSAGE_TOO_LONG } from '../rules/discussion-message.ts';

export { CONVERSATION_TEXTS, LAST_MESSAGE_PREVIEW_LENGTH } from '../rules/conversations.ts';
export { messageListQuerySchema as privateMessageListQuerySchema, type MessageListQuery as PrivateMessageListQuery } from './discussion.ts';

/** POST /api/conversations: the Contact action on an item. */
export const contactInputSchema = z.object({
  ideaId: z.string({ error: 'ideaId is required.' }).min(1, 'ideaId is required.').max(100, 'ideaId is too long.'),
});

/** A person as a conversation shows them (id null: their account was deleted, named 'Deleted user'). */
const personSchema = z.object({
  id: z.string().nullable(),
  name: z.string().nullable(),
  /** Their profile photo's avatar; null: initials. */
  avatarUrl: z.string().nullable(),
});

/** The item a conversation is about: id null once it was deleted (the title as it was then). */
const itemSchema = z.object({ id: z.uuid().nullable(), title: z.string() });

export const conversationSchema = z.object({
  id: z.uuid(),
  item: itemSchema,
  /** The other person of the conversation. */
  with: personSchema,
  /** True when the reader created the item (the other person pressed Contact). */
  iAmCreator: z.boolean(),
  /** False once the other person deleted their account: the conversation is read-only. */
  canSend: z.boolean(),
  /** The newest message id the reader has seen (0: none). */
  lastReadId: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const privateMessageSchema = z.object({
  /** Monotonic per database; also the live stream's event id. */
  id: z.number().int(),
  content: z.string(),
  createdAt: z.iso.datetime(),
  author: personSchema,
});
export type PrivateMessage = z.infer<typeof privateMessageSchema>;

export const privateMessageListSchema = z.object({
  items: z.array(privateMessageSchema),
  /** More messages beyond this page in its direction (as the discussion's list). */
  hasMore: z.boolean(),
});
export type PrivateMessageList = z.infer<typeof privateMessageListSchema>;

export const privateMessageInputSchema = z.object({
  content: z.string({ error: 'Message is required.' }).max(DISCUSSION_MESSAGE_MAX_LENGTH * 4, MESSAGE_TOO_LONG),
});

/** POST /api/conversations/{id}/read: what the reader has seen, up to this message id. */
export const markReadInputSchema = z.object({
  upTo: z.number({ error: 'upTo must be a message id.' }).int('upTo must be a message id.').min(0).max(Number.MAX_SAFE_INTEGER),
});

export const CONVERSATION_PAGE_SIZE_DEFAULT = 20;
export const CONVERSATION_PAGE_SIZE_MAX = 50;

export const conversationListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number()
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(CONVERSATION_PAGE_SIZE_MAX, `limit must be at most ${CONVERSATION_PAGE_SIZE_MAX}.`)
    .default(CONVERSATION_PAGE_SIZE_DEFAULT),
});
export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>;

export const conversationSummarySchema = z.object({
  id: z.uuid(),
  item: itemSchema,
  with: personSchema,
  /** The newest message (its beginning), null before the first one. */
  lastMessage: z.object({ id: z.number().int(), content: z.string(), createdAt: z.iso.datetime(), fromMe: z.boolean() }).nullable(),
  /** The other person's messages the reader has not seen. */
  unread: z.number().int(),
  activityAt: z.iso.datetime(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationListSchema = z.object({
  items: z.array(conversationSummarySchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Unread messages over all the reader's conversations (the tab's count). */
  unreadTotal: z.number().int(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;
