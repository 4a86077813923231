import { describe, expect, it } from 'vitest';
import { IMAGE_ADDRESS_MESSAGE, UPLOADED_IMAGE_PATH_PREFIX } from '../../../shared/rules/image-address.ts';
import { IDEA_IMAGES_BUCKET, publicUrlFor } from '../../lib/storage.ts';
import { IMAGE_URL_MESSAGES, parseImageUrl, shownImageUrl } from './image-url.ts';

const SITE = 'http://localhost:3000';

describe('an item image address', () => {
  it('is judged by the shared rule, whose upload path is where our uploads are served', () => {
    expect(publicUrlFor(IDEA_IMAGES_BUCKET, 'u-1-a.png').startsWith(UPLOADED_IMAGE_PATH_PREFIX)).toBe(true);
    expect(IMAGE_URL_MESSAGES.invalid).toBe(IMAGE_ADDRESS_MESSAGE);
  });

  it('keeps our uploads, also as a full address on an http PUBLIC_URL, and public https addresses (normalised)', () => {
    expect(parseImageUrl('/storage/idea-images/u-1-a.png', SITE)).toEqual({ kind: 'stored', url: '/storage/idea-images/u-1-a.png', name: 'u-1-a.png' });
    expect(parseImageUrl(`${SITE}/storage/idea-images/u-1-a.png`, SITE)).toEqual({ kind: 'stored', url: '/storage/idea-images/u-1-a.png', name: 'u-1-a.png' });
    expect(parseImageUrl(' https://EXAMPLE.com/a b.png ', SITE)).toEqual({ kind: 'external', url: 'https://example.com/a%20b.png' });
    expect(parseImageUrl('', SITE)).toEqual({ kind: 'none', url: null });
  });

  it('refuses other addresses on the site, clear text and addresses into the reader’s network', () => {
    for (const text of [`${SITE}/api/ideas`, 'http://localhost:3000@evil.example/storage/idea-images/u-1-a.png', 'http://example.com/a.png', 'https://127.0.0.1/a.png', 'https://[::1]/a.png', 'https://intranet/a.png']) {
      expect(parseImageUrl(text, SITE), text).toBeNull();
    }
  });

  it('gives readers none for a stored address that fails the rule today', () => {
    expect(shownImageUrl(null)).toBeNull();
    expect(shownImageUrl('/storage/idea-images/u-1-a.png')).toBe('/storage/idea-images/u-1-a.png');
    expect(shownImageUrl('https://images.example.com/a.png')).toBe('https://images.example.com/a.png');
    for (const stored of ['http://images.example.com/a.png', 'http://192.168.1.1/cam.jpg', 'https://10.0.0.1/a.png', 'javascript:alert(1)', '/api/ideas']) {
      expect(shownImageUrl(stored), stored).toBeNull();
    }
  });
});
