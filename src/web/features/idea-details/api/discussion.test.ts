import type { DiscussionMessage, MessageList } from '@shared/schemas/discussion';
import type { IdeaDetail } from '@shared/schemas/ideas';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ideasKeys } from '../../../lib/ideas-keys';
import { addMessage, deleteMessageLocally, discussionKeys, dropMessage, flattenMessages, replaceMessage } from './discussion';

const message = (id: number, parentId: number | null = null): DiscussionMessage => ({
  id,
  content: `message ${id}`,
  createdAt: new Date(2026, 0, 1, 0, 0, id).toISOString(),
  author: { id: 'u1', name: 'Ada', avatarUrl: null },
  parentId,
  editedAt: null,
  deleted: false,
  mentions: [],
});

function setup(pages: number[][]) {
  const client = new QueryClient();
  const data: InfiniteData<MessageList, number | undefined> = {
    pages: pages.map((ids) => ({ locked: false, items: ids.map(message), hasMore: false })),
    pageParams: pages.map((_, i) => (i === 0 ? undefined : 100)),
  };
  client.setQueryData(discussionKeys.messages('idea'), data);
  client.setQueryData(ideasKeys.detail('idea'), { commentCount: 10 } as IdeaDetail);
  const ids = () => flattenMessages(client.getQueryData(discussionKeys.messages('idea'))).map((m) => m.id);
  const count = () => client.getQueryData<IdeaDetail>(ideasKeys.detail('idea'))!.commentCount;
  return { client, ids, count };
}

describe('the discussion cache', () => {
  it('lists loaded pages oldest first (newest page first in the cache)', () => {
    const { ids } = setup([[5, 6], [3, 4], [1, 2]]);
    expect(ids()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('adds a live message once, in id order, and counts it once', () => {
    const { client, ids, count } = setup([[5, 7]]);
    expect(addMessage(client, 'idea', message(6))).toBe(true);
    expect(addMessage(client, 'idea', message(6))).toBe(false);
    expect(addMessage(client, 'idea', message(8))).toBe(true);
    expect(ids()).toEqual([5, 6, 7, 8]);
    expect(count()).toBe(12);
  });

  it('removes a message from whichever page holds it, and ignores unknown ids', () => {
    const { client, ids, count } = setup([[5, 6], [3, 4]]);
    expect(dropMessage(client, 'idea', 3)).toBe(true);
    expect(dropMessage(client, 'idea', 99)).toBe(false);
    expect(ids()).toEqual([4, 5, 6]);
    expect(count()).toBe(9);
  });

  it('puts an edit in place of the loaded message, and a placeholder stops counting', () => {
    const { client, ids, count } = setup([[5, 6]]);
    const edited = { ...message(6), content: 'edited', editedAt: new Date().toISOString() };
    expect(replaceMessage(client, 'idea', edited)).toBe(true);
    expect(replaceMessage(client, 'idea', message(99))).toBe(false);
    const items = () => flattenMessages(client.getQueryData(discussionKeys.messages('idea')));
    expect(items()[1]).toEqual(edited);
    expect(count()).toBe(10);
    replaceMessage(client, 'idea', { ...message(5), content: '', author: { id: null, name: null, avatarUrl: null }, deleted: true });
    expect(count()).toBe(9);
    // Dropping the placeholder later does not count it twice.
    expect(dropMessage(client, 'idea', 5)).toBe(true);
    expect(count()).toBe(9);
    expect(ids()).toEqual([6]);
  });

  it('deletes as the server does: a message with replies stays as a placeholder, which goes with its last reply', () => {
    const client = setup([]).client;
    client.setQueryData(discussionKeys.messages('idea'), {
      pages: [{ locked: false, items: [message(1), message(2, 1), message(3, 1), message(4)], hasMore: false }],
      pageParams: [undefined],
    });
    const items = () => flattenMessages(client.getQueryData(discussionKeys.messages('idea')));
    deleteMessageLocally(client, 'idea', 1);
    expect(items().map((m) => [m.id, m.deleted])).toEqual([[1, true], [2, false], [3, false], [4, false]]);
    deleteMessageLocally(client, 'idea', 2);
    expect(items().map((m) => m.id)).toEqual([1, 3, 4]);
    deleteMessageLocally(client, 'idea', 3);
    expect(items().map((m) => m.id)).toEqual([4]);
    deleteMessageLocally(client, 'idea', 4);
    expect(items()).toEqual([]);
    // Four messages: the placeholder was counted off once, when it was made.
    expect(client.getQueryData<IdeaDetail>(ideasKeys.detail('idea'))!.commentCount).toBe(6);
  });
});
