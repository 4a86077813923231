import type { DiscussionMessage, MessageList } from '@shared/schemas/discussion';
import type { IdeaDetail } from '@shared/schemas/ideas';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ideasKeys } from '../../ideas/api/ideas-keys';
import { addMessage, discussionKeys, dropMessage, flattenMessages } from './discussion';

const message = (id: number): DiscussionMessage => ({
  id,
  content: `message ${id}`,
  createdAt: new Date(2026, 0, 1, 0, 0, id).toISOString(),
  author: { id: 'u1', name: 'Ada' },
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
});
