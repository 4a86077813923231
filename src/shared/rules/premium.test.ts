import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PREMIUM_THRESHOLD } from '../constants.ts';
import { canSeeFullContent, isPremium, previewDescription, type Viewer } from './premium.ts';

describe('isPremium', () => {
  it('needs more than 20 own items by default', () => {
    expect(PREMIUM_THRESHOLD).toBe(20);
    expect(isPremium(0)).toBe(false);
    expect(isPremium(20)).toBe(false);
    expect(isPremium(21)).toBe(true);
    expect(isPremium(500)).toBe(true);
  });

  it('follows a changed threshold', () => {
    expect(isPremium(3, 3)).toBe(false);
    expect(isPremium(4, 3)).toBe(true);
    expect(isPremium(21, 50)).toBe(false);
    expect(isPremium(1, 0)).toBe(true);
    expect(isPremium(0, 0)).toBe(false);
  });
});

describe('canSeeFullContent', () => {
  const user: Viewer = { userId: 'u1', role: 'user' };
  const see = (viewer: Viewer | null, viewerItemCount: number, ownerId: string | null = 'owner', threshold?: number) =>
    canSeeFullContent({ viewer, ownerId, viewerItemCount, threshold });

  it('never for a visitor', () => {
    expect(see(null, 0)).toBe(false);
    expect(see(null, 1000)).toBe(false);
    expect(see(null, 1000, null)).toBe(false);
  });

  it('always for the owner', () => {
    expect(see(user, 0, 'u1')).toBe(true);
  });

  it('always for an admin', () => {
    expect(see({ userId: 'a', role: 'admin' }, 0)).toBe(true);
  });

  it('a moderator is judged like a user', () => {
    expect(see({ userId: 'm', role: 'moderator' }, 20)).toBe(false);
    expect(see({ userId: 'm', role: 'moderator' }, 21)).toBe(true);
  });

  it('for a premium user only', () => {
    expect(see(user, 20)).toBe(false);
    expect(see(user, 21)).toBe(true);
    expect(see(user, 21, null)).toBe(true);
    expect(see(user, 0, null)).toBe(false);
  });

  it('follows a changed threshold', () => {
    expect(see(user, 4, 'owner', 3)).toBe(true);
    expect(see(user, 21, 'owner', 30)).toBe(false);
  });
});

describe('previewDescription', () => {
  it('keeps a text of 100 characters or fewer as it is', () => {
    expect(previewDescription('')).toBe('');
    expect(previewDescription('Short.')).toBe('Short.');
    const hundred = 'a'.repeat(100);
    expect(previewDescription(hundred)).toBe(hundred);
  });

  it('cuts to the first 100 characters', () => {
    expect(previewDescription('b'.repeat(101))).toBe('b'.repeat(100));
    expect(previewDescription(`${'x'.repeat(100)}SECRET`)).toBe('x'.repeat(100));
  });

  it('counts an emoji as one character and never splits it', () => {
    const text = `${'a'.repeat(99)}😀😀tail`;
    expect(previewDescription(text)).toBe(`${'a'.repeat(99)}😀`);
    const emojis = '🚀'.repeat(150);
    expect(previewDescription(emojis)).toBe('🚀'.repeat(100));
    expect(previewDescription('🚀'.repeat(60))).toBe('🚀'.repeat(60));
  });

  it('takes another length', () => {
    expect(previewDescription('abcdef', 3)).toBe('abc');
    expect(previewDescription('😀abc', 1)).toBe('😀');
    expect(previewDescription('abc', 0)).toBe('');
  });

  it('is a prefix of at most 100 code points without a lone surrogate (property)', () => {
    const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', 'é', 'ß', '\u200d', '😀', '🚀', '𝕏'), maxLength: 250 }), (text) => {
        const preview = previewDescription(text);
        expect(text.startsWith(preview)).toBe(true);
        expect(preview).toBe(Array.from(text).slice(0, 100).join(''));
        expect(lone.test(preview)).toBe(false);
      }),
    );
  });
});
