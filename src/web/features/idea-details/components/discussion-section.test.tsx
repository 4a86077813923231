// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { DISCUSSION_MESSAGE_MAX_LENGTH } from '@shared/constants';
import { STREAM_EVENTS } from '@shared/rules/discussion-message';
import type { DiscussionMessage } from '@shared/schemas/discussion';
import type { IdeaDetail } from '@shared/schemas/ideas';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderApp } from '../../../../../tests/support/web-app';
import type { SessionState } from '../../auth';
import { DiscussionSection } from './discussion-section';

const IDEA_ID = '0b7c6a4e-1f2d-4c3b-9a8e-7d6f5e4c3b2a';
const MESSAGES = `/api/ideas/${IDEA_ID}/messages`;

/** The browser's EventSource as the server's live stream would drive it: the test sends the events. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  onerror: (() => void) | null = null;
  onopen: (() => void) | null = null;
  private listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  send(type: string, data: unknown) {
    for (const l of this.listeners.get(type) ?? []) l(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const message = (id: number, author: { id: string; name: string }, content: string, at = minutesAgo(10)): DiscussionMessage => ({
  id,
  content,
  createdAt: at,
  author: { ...author, avatarUrl: null },
  parentId: null,
  editedAt: null,
  deleted: false,
  mentions: [],
});

const ADA = { id: 'ada', name: 'Ada Obi' };
const TUNDE = { id: 'tunde', name: 'Tunde Bello' };

const idea = (over: Partial<IdeaDetail> = {}): IdeaDetail => ({
  id: IDEA_ID,
  title: 'Solar cold rooms',
  price: 2500,
  currency: 'NGN',
  category: 'idea',
  imageUrl: null,
  thumbnailUrl: null,
  rating: null,
  likeCount: 0,
  commentCount: 2,
  ratingAverage: null,
  ratingCount: 0,
  createdAt: minutesAgo(60),
  creator: { id: 'tunde', name: 'Tunde Bello', contactInfo: null },
  description: 'Shared cold rooms at open markets.',
  descriptionTruncated: false,
  projectDetails: null,
  fullAccess: true,
  isOwner: false,
  viewerItemCount: 25,
  premiumThreshold: 20,
  ...over,
} as IdeaDetail);

const signedIn = (id: string, name: string, role: 'user' | 'moderator' | 'admin' = 'user'): SessionState => ({
  status: 'signed-in',
  user: { id, name, email: `${id}@ideahub.test`, emailVerified: true, role, image: null },
});

function api(extra: Record<string, unknown> = {}) {
  return fakeApi({
    [`GET ${MESSAGES}`]: { items: [message(4, TUNDE, 'Where would the first room go?'), message(5, ADA, 'Balogun market, by the fish stalls.', minutesAgo(5))], hasMore: false },
    ...extra,
  });
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const log = () => within(screen.getByRole('log', { name: 'Messages' }));

describe('the discussion', () => {
  it('shows the messages oldest first, and appends a new one arriving on the live stream', async () => {
    api();
    renderApp(<DiscussionSection idea={idea()} session={signedIn('ada', 'Ada Obi')} onUnlock={() => {}} />, { path: '/ideas/:id', at: `/ideas/${IDEA_ID}` });
    await screen.findByText('Where would the first room go?');
    const texts = () => log().getAllByText(/\?|\./).map((p) => p.textContent);
    expect(texts()).toEqual(['Where would the first room go?', 'Balogun market, by the fish stalls.']);
    expect(log().getByText('(you)')).toBeVisible();
    expect(log().getByText('5 minutes ago')).toBeVisible();

    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(FakeEventSource.opened[0]!.url).toBe(`${MESSAGES}/stream?lastEventId=5`);
    act(() => FakeEventSource.opened[0]!.send(STREAM_EVENTS.message, message(6, TUNDE, 'Good: the traders there asked for it.', minutesAgo(0))));
    expect(await log().findByText('Good: the traders there asked for it.')).toBeVisible();
    expect(texts()).toHaveLength(3);
  });

  it('sends a message, with Send disabled while the box is empty or too long', async () => {
    const server = api({ [`POST ${MESSAGES}`]: message(7, ADA, 'I can help with the solar panels.', minutesAgo(0)) });
    const { user } = renderApp(<DiscussionSection idea={idea()} session={signedIn('ada', 'Ada Obi')} onUnlock={() => {}} />, { path: '/ideas/:id', at: `/ideas/${IDEA_ID}` });
    await screen.findByText('Where would the first room go?');
    const box = screen.getByRole('textbox', { name: 'Your message' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();

    fireEvent.change(box, { target: { value: 'x'.repeat(DISCUSSION_MESSAGE_MAX_LENGTH + 1) } });
    expect(await screen.findByText(`Message must be at most ${DISCUSSION_MESSAGE_MAX_LENGTH} characters.`)).toBeVisible();
    expect(send).toBeDisabled();

    await user.clear(box);
    await user.type(box, 'I can help with the solar panels.');
    expect(send).toBeEnabled();
    await user.click(send);

    await waitFor(() => expect(server.sent('POST', MESSAGES)).toHaveLength(1));
    expect(server.sent('POST', MESSAGES)[0]!.body).toEqual({ content: 'I can help with the solar panels.', mentions: [] });
    expect(await log().findByText('I can help with the solar panels.')).toBeVisible();
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it("deletes one's own message after the confirmation", async () => {
    const server = api({ 'DELETE /api/messages/5': () => json(null, 204) });
    const { user } = renderApp(<DiscussionSection idea={idea()} session={signedIn('ada', 'Ada Obi')} onUnlock={() => {}} />, { path: '/ideas/:id', at: `/ideas/${IDEA_ID}` });
    const own = (await screen.findByText('Balogun market, by the fish stalls.')).closest('li')!;
    // Only one's own message offers Delete.
    expect(within(screen.getByText('Where would the first room go?').closest('li')!).queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(within(own).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete your message?' });
    expect(confirm).toHaveTextContent('It disappears for everyone, right away. This cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(server.sent('DELETE', '/api/messages/5')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Balogun market, by the fish stalls.')).toBeNull());
  });

  it("lets a moderator remove someone's message with a reason for its author", async () => {
    const server = api({ 'DELETE /api/messages/4': () => json(null, 204) });
    const { user } = renderApp(<DiscussionSection idea={idea()} session={signedIn('mod', 'Ama Owusu', 'moderator')} onUnlock={() => {}} />, {
      path: '/ideas/:id',
      at: `/ideas/${IDEA_ID}`,
    });
    await user.click(await screen.findByRole('button', { name: 'Remove message from Tunde Bello' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove this message?' });
    await user.type(within(confirm).getByRole('textbox'), 'Off topic');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(server.sent('DELETE', '/api/messages/4')).toHaveLength(1));
    expect(server.sent('DELETE', '/api/messages/4')[0]!.body).toEqual({ reason: 'Off topic' });
    await waitFor(() => expect(screen.queryByText('Where would the first room go?')).toBeNull());
  });

  it('shows a person who may not read it the count and Unlock Discussion, and a visitor the way to sign in', async () => {
    const server = api();
    const onUnlock = vi.fn();
    const { user, unmount } = renderApp(
      <DiscussionSection idea={idea({ fullAccess: false })} session={signedIn('kofi', 'Kofi Mensah')} onUnlock={onUnlock} />,
      { path: '/ideas/:id', at: `/ideas/${IDEA_ID}` },
    );
    expect(screen.getByText('2 messages so far. Premium members read and join the discussion.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Unlock Discussion' }));
    expect(onUnlock).toHaveBeenCalled();
    expect(screen.queryByText('Where would the first room go?')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Your message' })).toBeNull();
    unmount();

    renderApp(<DiscussionSection idea={idea({ fullAccess: false })} session={{ status: 'signed-out', user: null }} onUnlock={onUnlock} />, {
      path: '/ideas/:id',
      at: `/ideas/${IDEA_ID}`,
    });
    expect(screen.getByText('2 messages so far. Sign in and unlock premium to read the discussion.')).toBeVisible();
    expect(screen.getByText('Sign in to join the discussion.')).toBeVisible();
    // Back on the item afterwards, at the discussion, its box ready (issue 27 point 5).
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', `/auth?next=${encodeURIComponent(`/ideas/${IDEA_ID}?then=discuss#discussion`)}`);
    // Nothing of the discussion is asked for.
    expect(server.sent('GET', MESSAGES)).toHaveLength(0);
  });
});
