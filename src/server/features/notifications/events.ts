/** What other features tell the notifications feature (notify.ts writes them, email.ts mails them). */

interface Base {
  /** Who is told. */
  recipientId: string;
  /** Who did it (the moderator, for a removal). Never told about it themselves. */
  actorId: string;
}

/** The events, one per kind. `messageId`s are discussion messages (idea_discussion_messages). */
export type NotificationEvent =
  | (Base & { kind: 'discussion'; ideaId: string; messageId: number })
  | (Base & { kind: 'reply'; ideaId: string; messageId: number })
  | (Base & { kind: 'mention'; ideaId: string; messageId: number })
  | (Base & { kind: 'like'; ideaId: string })
  /** A private message: the conversation (/messages/{conversationId}), the message in it and the item it is about. */
  | (Base & { kind: 'private_message'; conversationId: string; privateMessageId: number; ideaId: string | null })
  /**
   * A moderator or admin removed the recipient's item or message. Call it before the item is
   * deleted in the same transaction, or pass `itemTitle`: the notification keeps the title.
   */
  /** A maker the recipient follows (the actor) shared the item (issue 28). */
  | (Base & { kind: 'new_item'; ideaId: string })
  | (Base & { kind: 'removal'; target: 'idea' | 'message'; ideaId: string | null; itemTitle?: string | null; reason: string | null })
  /** Someone (the actor) bought the recipient's item: '{name} bought {title}'. */
  | (Base & { kind: 'sale'; ideaId: string; reference: string; amount: number; currency: string })
  /** The buyer's receipt; the actor is the item's maker (nobody is told about their own actions). */
  | (Base & { kind: 'purchase'; ideaId: string; reference: string; amount: number; currency: string });
