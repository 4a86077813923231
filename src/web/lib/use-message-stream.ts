/**
 * A live message stream, the discussion's or a conversation's (the same protocol: server
 * lib/realtime.ts): an EventSource on `path` while `enabled`. The first connect resumes after the
 * newest message already loaded (?lastEventId=); the browser's own reconnects send Last-Event-ID,
 * and the server replays what was missed. Removals (and edits) missed while disconnected are caught
 * by reloading the list after a reconnect, on 'resync', and when a reconnect is refused.
 */
import { deletedMessageId, STREAM_EVENTS } from '@shared/rules/discussion-message';
import { useEffect, useRef } from 'react';

export interface MessageStreamHandlers<M> {
  /** A new message ('message'; its id is the resume point from then on). */
  message(message: M): void;
  /** A message removed ('message-deleted'). */
  deleted(id: number): void;
  /** A message changed ('message-updated'); streams without changes leave it out. */
  updated?(message: M): void;
  /** Reload the list: what the stream may have missed, or what the server now allows. */
  reload(): void;
}

/**
 * `enabled` once the first page of messages is loaded; `lastMessageId` is the newest loaded (0 for
 * none), so anything posted between that load and the connection is replayed, not lost.
 * The caller keys its component by what it streams, so the resume point never carries over.
 */
export function useMessageStream<M extends { id: number }>(
  path: string,
  opts: { enabled: boolean; lastMessageId: number },
  handlers: MessageStreamHandlers<M>,
) {
  const lastSeen = useRef(opts.lastMessageId);
  lastSeen.current = Math.max(lastSeen.current, opts.lastMessageId);
  // The handlers of the latest render; the stream itself stays open across renders.
  const on = useRef(handlers);
  on.current = handlers;

  useEffect(() => {
    if (!opts.enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(`${path}?lastEventId=${lastSeen.current}`);
    let dropped = false;
    source.addEventListener(STREAM_EVENTS.message, (event) => {
      const message = JSON.parse((event as MessageEvent<string>).data) as M;
      lastSeen.current = Math.max(lastSeen.current, message.id);
      on.current.message(message);
    });
    if (on.current.updated) {
      source.addEventListener(STREAM_EVENTS.messageUpdated, (event) => {
        on.current.updated?.(JSON.parse((event as MessageEvent<string>).data) as M);
      });
    }
    source.addEventListener(STREAM_EVENTS.messageDeleted, (event) => {
      const id = deletedMessageId(JSON.parse((event as MessageEvent<string>).data));
      if (id !== null) on.current.deleted(id);
    });
    const reload = () => on.current.reload();
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
    // One stream per path and access; the resume point is read from the ref when it opens.
    return () => source.close();
  }, [path, opts.enabled]);
}
