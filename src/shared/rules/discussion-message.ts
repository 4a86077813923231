/**
 * What a discussion message may be (SPEC §2 Idea details, §5 'Discussion message') and the live
 * stream's event names: shared by the composer (which disables Send) and the server (which
 * decides). Kept free of zod so the details page's discussion loads without the schema library;
 * the request and answer schemas are in `../schemas/discussion.ts`.
 */
import { DISCUSSION_MESSAGE_MAX_LENGTH } from '../constants.ts';

export const MESSAGE_EMPTY = 'Message cannot be empty.';
/** What stands in the place of a deleted message that has replies. */
export const MESSAGE_DELETED = 'Message deleted';
/** The mark of an edited message. */
export const MESSAGE_EDITED = '(edited)';
export const MESSAGE_TOO_LONG = `Message must be at most ${DISCUSSION_MESSAGE_MAX_LENGTH} characters.`;

/** Characters as a person counts them (code points), the same measure as the database CHECK (char_length). */
export function messageLength(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

export type MessageCheck = { ok: true; content: string } | { ok: false; message: string };

/** Trims, then requires 1 to 2,000 characters. The trimmed text is what gets stored. */
export function checkMessageContent(raw: string): MessageCheck {
  const content = raw.trim();
  if (content.length === 0) return { ok: false, message: MESSAGE_EMPTY };
  if (messageLength(content) > DISCUSSION_MESSAGE_MAX_LENGTH) return { ok: false, message: MESSAGE_TOO_LONG };
  return { ok: true, content };
}

/** Live stream (GET /api/ideas/{id}/messages/stream) event names. */
export const STREAM_EVENTS = {
  /** data: a DiscussionMessage; `id:` is the message id. */
  message: 'message',
  /** data: { id }; no `id:` line, so the client's last event id stays where it was. */
  messageDeleted: 'message-deleted',
  /**
   * data: the message as it now is (edited, or deleted with replies: `deleted` true); no `id:`
   * line. Only for a message the client may already have.
   */
  messageUpdated: 'message-updated',
  /** data: {}; the server may have missed removals (its database connection dropped): reload the list. */
  resync: 'resync',
} as const;

/** The id a 'message-deleted' event's data names, or null when the data is not `{ id: <whole number> }`. */
export function deletedMessageId(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const id = (data as { id?: unknown }).id;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
}
