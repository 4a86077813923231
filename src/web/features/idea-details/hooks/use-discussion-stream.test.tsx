// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { discussionKeys } from '../api/discussion';
import { useDiscussionStream } from './use-discussion-stream';

/** Stands in for the browser's EventSource: the test plays the server's side. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = FakeEventSource.CONNECTING;
  onerror: (() => void) | null = null;
  onopen: (() => void) | null = null;
  private listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  /** The server ended the stream: the browser will reconnect. */
  ended() {
    this.readyState = FakeEventSource.CONNECTING;
    this.onerror?.();
  }
  /** The reconnect was refused (401/403): the browser gives up. */
  refused() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
}

describe('useDiscussionStream', () => {
  let client: QueryClient;
  let invalidated: unknown[][];
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;

  beforeEach(() => {
    vi.stubGlobal('EventSource', FakeEventSource);
    client = new QueryClient();
    invalidated = [];
    vi.spyOn(client, 'invalidateQueries').mockImplementation(async (filters) => {
      invalidated.push([...((filters?.queryKey as unknown[]) ?? [])]);
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('resumes after the newest loaded message, and reloads the list only after a reconnect, not on the first open', () => {
    renderHook(() => useDiscussionStream('idea-1', { enabled: true, lastMessageId: 7 }), { wrapper });
    const source = FakeEventSource.last!;
    expect(source.url).toBe('/api/ideas/idea-1/messages/stream?lastEventId=7');
    source.open();
    expect(invalidated).toEqual([]);
    source.ended();
    expect(invalidated).toEqual([]);
    source.open();
    expect(invalidated).toEqual([[...discussionKeys.messages('idea-1')]]);
  });

  it('reloads the list when a reconnect is refused, so the screen shows what the server now allows', () => {
    renderHook(() => useDiscussionStream('idea-1', { enabled: true, lastMessageId: 0 }), { wrapper });
    const source = FakeEventSource.last!;
    source.open();
    source.ended();
    expect(invalidated).toEqual([]);
    source.refused();
    expect(invalidated).toEqual([[...discussionKeys.messages('idea-1')]]);
  });
});
