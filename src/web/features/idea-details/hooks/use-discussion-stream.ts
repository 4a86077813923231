/**
 * Live discussion: the item's message stream (/api/ideas/{id}/messages/stream, lib/use-message-stream)
 * while the viewer may see the discussion, kept in the list's query data. The server ends each
 * stream after a few minutes and checks the viewer again on the reconnect.
 */
import type { DiscussionMessage } from '@shared/schemas/discussion';
import { useQueryClient } from '@tanstack/react-query';
import { useMessageStream } from '../../../lib/use-message-stream';
import { addMessage, discussionKeys, dropMessage, replaceMessage } from '../api/discussion';

/** See useMessageStream; the caller keys its component by item. */
export function useDiscussionStream(ideaId: string, opts: { enabled: boolean; lastMessageId: number }) {
  const client = useQueryClient();
  useMessageStream<DiscussionMessage>(`/api/ideas/${encodeURIComponent(ideaId)}/messages/stream`, opts, {
    message: (message) => addMessage(client, ideaId, message),
    // An edit, or 'Message deleted' in the place of a message with replies.
    updated: (message) => replaceMessage(client, ideaId, message),
    deleted: (id) => dropMessage(client, ideaId, id),
    reload: () => void client.invalidateQueries({ queryKey: discussionKeys.messages(ideaId) }),
  });
}
