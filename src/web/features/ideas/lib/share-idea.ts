/**
 * Sharing a card (SPEC §2 'Share text', §8): the device's share sheet with the text and, when the
 * device can take files, the idea's image; without a share sheet the text goes to the clipboard.
 */
import type { IdeaCard } from '@shared/schemas/ideas';
import { shareText } from '@shared/rules/share-text';
import { toast } from '../../../components/ui/use-toast';

export const SHARE_TEXT = {
  unsupportedTitle: 'Sharing Not Supported',
  unsupported: 'Web Share API is not available. Try copying the link instead.',
  failedTitle: 'Share Failed',
  failed: 'Could not share the idea. Please try again.',
  copyFailedTitle: 'Copy Failed',
  copyFailed: 'Could not copy the idea details. Please try again.',
  copiedTitle: 'Link Copied',
  copied: 'Idea details copied to clipboard!',
} as const;

export function ideaUrl(id: string): string {
  return new URL(`/ideas/${encodeURIComponent(id)}`, window.location.origin).toString();
}

export function textFor(idea: IdeaCard): string {
  return shareText({
    title: idea.title,
    price: idea.price,
    currency: idea.currency,
    creatorName: idea.creator.name,
    createdAt: idea.createdAt,
    url: ideaUrl(idea.id),
  });
}

const IMAGE_FETCH_TIMEOUT_MS = 3000;

/** The image as a File, when it can be fetched quickly (same origin or CORS-enabled); else null. */
async function imageFile(idea: IdeaCard): Promise<File | null> {
  if (!idea.imageUrl) return null;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), IMAGE_FETCH_TIMEOUT_MS);
  try {
    const res = await fetch(idea.imageUrl, { signal: controller.signal });
    if (!res.ok) return null;
    const blob = await res.blob();
    if (!blob.type.startsWith('image/')) return null;
    const ext = blob.type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'jpg';
    const name = `${idea.title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').slice(0, 60) || 'idea'}.${ext}`;
    return new File([blob], name, { type: blob.type });
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: SHARE_TEXT.copiedTitle, description: SHARE_TEXT.copied });
  } catch {
    toast({ variant: 'destructive', title: SHARE_TEXT.copyFailedTitle, description: SHARE_TEXT.copyFailed });
  }
}

export async function shareIdea(idea: IdeaCard): Promise<void> {
  const text = textFor(idea);
  if (typeof navigator.share === 'function') {
    const data: ShareData = { title: idea.title, text };
    if (typeof navigator.canShare === 'function') {
      const file = await imageFile(idea);
      if (file && navigator.canShare({ files: [file] })) data.files = [file];
    }
    try {
      await navigator.share(data);
    } catch (error) {
      // The person closed the share sheet: not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast({ variant: 'destructive', title: SHARE_TEXT.failedTitle, description: SHARE_TEXT.failed });
    }
    return;
  }
  if (navigator.clipboard && typeof navigator.clipboard.writeText === 'function') {
    await copy(text);
    return;
  }
  toast({ variant: 'destructive', title: SHARE_TEXT.unsupportedTitle, description: SHARE_TEXT.unsupported });
}
