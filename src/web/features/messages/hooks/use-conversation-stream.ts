/**
 * Live messages of a conversation: its message stream (/api/conversations/{id}/stream,
 * lib/use-message-stream) once the first page is loaded, kept in the list's query data, as the
 * discussion's stream is.
 */
import type { PrivateMessage } from '@shared/schemas/conversations';
import { useQueryClient } from '@tanstack/react-query';
import { useMessageStream } from '../../../lib/use-message-stream';
import { addPrivateMessage, conversationsKeys, dropPrivateMessage } from '../api/conversations';

export function useConversationStream(id: string, opts: { enabled: boolean; lastMessageId: number }) {
  const client = useQueryClient();
  useMessageStream<PrivateMessage>(`/api/conversations/${encodeURIComponent(id)}/stream`, opts, {
    message: (message) => addPrivateMessage(client, id, message),
    deleted: (messageId) => dropPrivateMessage(client, id, messageId),
    reload: () => void client.invalidateQueries({ queryKey: conversationsKeys.messages(id) }),
  });
}
