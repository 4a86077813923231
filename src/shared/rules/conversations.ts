/**
 * Private conversations (issue 17 point 6): their texts, shared by the screens and the server. Kept
 * free of zod, like the discussion's rule, so the card's Contact button and the Messages tab load
 * without the schema library. A private message follows the discussion message's rule
 * (`./discussion-message.ts` checkMessageContent: trimmed, 1 to 2,000 characters).
 */

export const CONVERSATION_TEXTS = {
  /** The card's and the details page's button (SPEC §2). */
  contact: 'Contact',
  /** The Dashboard's Messages tab when there are none (issue 17 point 6: a contract). */
  none: 'No conversations yet',
  /** The same answer for a conversation that does not exist and one the reader is not part of. */
  notFound: "This conversation doesn't exist or isn't yours.",
  ownItem: 'You cannot contact yourself about your own item.',
  otherLeft: 'This person has deleted their account. You can read this conversation but not reply.',
  messageNotFound: "This message doesn't exist or has already been removed.",
  /** Shown for an item deleted since the conversation began (its title as it was). */
  itemGone: 'This item has been removed',
} as const;

/** How much of the last message the Messages tab shows. */
export const LAST_MESSAGE_PREVIEW_LENGTH = 120;
