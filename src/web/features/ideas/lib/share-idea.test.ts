// @vitest-environment jsdom
import type { IdeaCard } from '@shared/schemas/ideas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.fn();
vi.mock('../../../components/ui/use-toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));

const { shareIdea, SHARE_TEXT, textFor } = await import('./share-idea');

const idea: IdeaCard = {
  id: '0b0e2a53-8a31-4c59-9d0e-7c1f4f1f2a10',
  title: 'Solar water pump',
  excerpt: 'A pump',
  topics: [],
  price: 250000,
  currency: 'NGN',
  category: 'idea',
  imageUrl: '/storage/idea-images/pump.png',
  thumbnailUrl: '/storage/idea-images/pump-thumb.webp',
  rating: null,
  likeCount: 0,
  commentCount: 0,
  ratingAverage: null,
  ratingCount: 0,
  createdAt: '2026-11-21T09:00:00.000Z',
  creator: { id: 'user-1', name: null, avatarUrl: null, contactInfo: null },
};

function setNavigator(props: Record<string, unknown>) {
  for (const [key, value] of Object.entries(props)) {
    Object.defineProperty(navigator, key, { value, configurable: true, writable: true });
  }
}

describe('sharing a card', () => {
  beforeEach(() => {
    toast.mockReset();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } })),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setNavigator({ share: undefined, canShare: undefined, clipboard: undefined });
  });

  it('writes the share text of SPEC §2, one item per line', () => {
    const text = textFor(idea);
    expect(text.split('\n')).toEqual([
      'Solar water pump',
      'Price: ₦250,000',
      'By: Anonymous',
      expect.stringMatching(/^Posted: Nov 2[01], 2026$/),
      `${window.location.origin}/ideas/${idea.id}`,
    ]);
  });

  it('uses the share sheet with the image as a file when the device takes files', async () => {
    const share = vi.fn(async (_data: ShareData) => {});
    setNavigator({ share, canShare: vi.fn(() => true) });
    await shareIdea(idea);
    expect(fetch).toHaveBeenCalledWith('/storage/idea-images/pump.png', expect.anything());
    const data = share.mock.calls[0]?.[0] as ShareData;
    expect(data.text).toBe(textFor(idea));
    expect(data.files?.[0]).toBeInstanceOf(File);
    expect(data.files?.[0]?.type).toBe('image/png');
    expect(toast).not.toHaveBeenCalled();
  });

  it('shares the text alone when files cannot be shared', async () => {
    const share = vi.fn(async (_data: ShareData) => {});
    setNavigator({ share, canShare: vi.fn(() => false) });
    await shareIdea(idea);
    expect((share.mock.calls[0]?.[0] as ShareData).files).toBeUndefined();
  });

  it('says nothing when the person closes the share sheet, and "Share Failed" when sharing fails', async () => {
    setNavigator({ share: vi.fn(async () => Promise.reject(new DOMException('cancelled', 'AbortError'))), canShare: undefined });
    await shareIdea(idea);
    expect(toast).not.toHaveBeenCalled();
    setNavigator({ share: vi.fn(async () => Promise.reject(new DOMException('nope', 'NotAllowedError'))) });
    await shareIdea(idea);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: SHARE_TEXT.failedTitle, description: SHARE_TEXT.failed }));
  });

  it('copies to the clipboard without the share API: "Link Copied", or "Copy Failed"', async () => {
    const writeText = vi.fn(async () => {});
    setNavigator({ share: undefined, clipboard: { writeText } });
    await shareIdea(idea);
    expect(writeText).toHaveBeenCalledWith(textFor(idea));
    expect(toast).toHaveBeenLastCalledWith({ title: 'Link Copied', description: 'Idea details copied to clipboard!' });

    setNavigator({ clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    await shareIdea(idea);
    expect(toast).toHaveBeenLastCalledWith({
      variant: 'destructive',
      title: 'Copy Failed',
      description: 'Could not copy the idea details. Please try again.',
    });
  });

  it('says "Sharing Not Supported" when neither is available', async () => {
    setNavigator({ share: undefined, clipboard: undefined });
    await shareIdea(idea);
    expect(toast).toHaveBeenLastCalledWith({
      variant: 'destructive',
      title: 'Sharing Not Supported',
      description: 'Web Share API is not available. Try copying the link instead.',
    });
  });
});
