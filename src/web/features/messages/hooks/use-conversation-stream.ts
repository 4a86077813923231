/**
 * Live messages of a conversation: an EventSource on /api/conversations/{id}/stream once the first
 * page is loaded, resuming after the newest message loaded (?lastEventId=, then the browser's own
 * Last-Event-ID on reconnects), as the discussion's stream does. A reconnect reloads the list, so
 * removals missed meanwhile are caught.
 */
import { deletedMessageId, STREAM_EVENTS } from '@shared/rules/discussion-message';
import type { PrivateMessage } from '@shared/schemas/conversations';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { addPrivateMessage, conversationsKeys, dropPrivateMessage } from '../api/conversations';

export function useConversationStream(id: string, opts: { enabled: boolean; lastMessageId: number }) {
  const client = useQueryClient();
  const lastSeen = useRef(opts.lastMessageId);
  lastSeen.current = Math.max(lastSeen.current, opts.lastMessageId);

  useEffect(() => {
    if (!opts.enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/conversations/${encodeURIComponent(id)}/stream?lastEventId=${lastSeen.current}`);
    let dropped = false;
    source.addEventListener(STREAM_EVENTS.message, (event) => {
      const message = JSON.parse((event as MessageEvent<string>).data) as PrivateMessage;
      lastSeen.current = Math.max(lastSeen.current, message.id);
      addPrivateMessage(client, id, message);
    });
    source.addEventListener(STREAM_EVENTS.messageDeleted, (event) => {
      const messageId = deletedMessageId(JSON.parse((event as MessageEvent<string>).data));
      if (messageId !== null) dropPrivateMessage(client, id, messageId);
    });
    const reload = () => void client.invalidateQueries({ queryKey: conversationsKeys.messages(id) });
    source.addEventListener(STREAM_EVENTS.resync, reload);
    source.onerror = () => {
      dropped = true;
      if (source.readyState === EventSource.CLOSED) reload();
    };
    source.onopen = () => {
      if (dropped) reload();
      dropped = false;
    };
    return () => source.close();
  }, [id, opts.enabled, client]);
}
