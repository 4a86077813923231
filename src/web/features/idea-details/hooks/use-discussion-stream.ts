/**
 * Live discussion: an EventSource on /api/ideas/{id}/messages/stream while the viewer may see the
 * discussion. The first connect resumes after the newest message already loaded (?lastEventId=);
 * the browser's own reconnects send Last-Event-ID, and the server replays what was missed.
 * Removals and edits missed while disconnected are caught by reloading the list after a reconnect. The
 * server ends each stream after a few minutes and checks the viewer again on the reconnect.
 */
import { deletedMessageId, STREAM_EVENTS } from '@shared/rules/discussion-message';
import type { DiscussionMessage } from '@shared/schemas/discussion';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { addMessage, discussionKeys, dropMessage, replaceMessage } from '../api/discussion';

/**
 * `enabled` once the first page of messages is loaded; `lastMessageId` is the newest loaded (0 for
 * none), so anything posted between that load and the connection is replayed, not lost.
 * The caller keys its component by item, so the resume point never carries over to another item.
 */
export function useDiscussionStream(ideaId: string, opts: { enabled: boolean; lastMessageId: number }) {
  const client = useQueryClient();
  const lastSeen = useRef(opts.lastMessageId);
  lastSeen.current = Math.max(lastSeen.current, opts.lastMessageId);

  useEffect(() => {
    if (!opts.enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/ideas/${encodeURIComponent(ideaId)}/messages/stream?lastEventId=${lastSeen.current}`);
    let dropped = false;
    source.addEventListener(STREAM_EVENTS.message, (event) => {
      const message = JSON.parse((event as MessageEvent<string>).data) as DiscussionMessage;
      lastSeen.current = Math.max(lastSeen.current, message.id);
      addMessage(client, ideaId, message);
    });
    // An edit, or 'Message deleted' in the place of a message with replies.
    source.addEventListener(STREAM_EVENTS.messageUpdated, (event) => {
      replaceMessage(client, ideaId, JSON.parse((event as MessageEvent<string>).data) as DiscussionMessage);
    });
    source.addEventListener(STREAM_EVENTS.messageDeleted, (event) => {
      const id = deletedMessageId(JSON.parse((event as MessageEvent<string>).data));
      if (id !== null) dropMessage(client, ideaId, id);
    });
    const reload = () => void client.invalidateQueries({ queryKey: discussionKeys.messages(ideaId) });
    source.addEventListener(STREAM_EVENTS.resync, reload);
    source.onerror = () => {
      dropped = true;
      // Refused on reconnecting (signed out elsewhere, no longer entitled): the browser gives up;
      // reloading the list shows what the server now says this viewer may see.
      if (source.readyState === EventSource.CLOSED) reload();
    };
    source.onopen = () => {
      if (dropped) reload();
      dropped = false;
    };
    // One stream per item and access; the resume point is read from the ref when it opens.
    return () => source.close();
  }, [ideaId, opts.enabled, client]);
}
