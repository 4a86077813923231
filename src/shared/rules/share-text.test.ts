import { describe, expect, it } from 'vitest';
import { shareText } from './share-text.ts';

const UTC = { timeZone: 'UTC' };
const base = {
  title: 'Solar water pump',
  price: 250000,
  currency: 'NGN' as const,
  creatorName: 'Ada Obi',
  createdAt: new Date('2026-11-21T10:30:00Z'),
  url: 'https://ideahub.example/ideas/42',
};

describe('shareText (§2 Home share text)', () => {
  it('lists title, price, creator, posted date and link, one per line', () => {
    expect(shareText(base, UTC)).toBe(
      'Solar water pump\nPrice: ₦250,000\nBy: Ada Obi\nPosted: Nov 21, 2026\nhttps://ideahub.example/ideas/42',
    );
  });

  it('formats each currency', () => {
    expect(shareText({ ...base, price: 89.99, currency: 'USD' }, UTC)).toContain('\nPrice: $89.99\n');
    expect(shareText({ ...base, price: 35, currency: 'EUR' }, UTC)).toContain('\nPrice: €35\n');
  });

  it('reads a missing price as 0', () => {
    expect(shareText({ ...base, price: null }, UTC)).toContain('\nPrice: Free\n');
    expect(shareText({ ...base, price: undefined }, UTC)).toContain('\nPrice: Free\n');
    expect(shareText({ ...base, price: Number.NaN }, UTC)).toContain('\nPrice: Free\n');
  });

  it('says Anonymous without a creator name', () => {
    expect(shareText({ ...base, creatorName: null }, UTC)).toContain('\nBy: Anonymous\n');
    expect(shareText({ ...base, creatorName: '  ' }, UTC)).toContain('\nBy: Anonymous\n');
    expect(shareText({ ...base, creatorName: ' Ada Obi ' }, UTC)).toContain('\nBy: Ada Obi\n');
  });

  it('accepts an ISO date string and applies the time zone', () => {
    expect(shareText({ ...base, createdAt: '2026-11-21T23:30:00.000Z' }, UTC)).toContain('\nPosted: Nov 21, 2026\n');
    expect(shareText({ ...base, createdAt: '2026-11-21T23:30:00.000Z' }, { timeZone: 'Africa/Lagos' })).toContain(
      '\nPosted: Nov 22, 2026\n',
    );
  });

  it('uses local time by default', () => {
    expect(shareText({ ...base, createdAt: new Date(2026, 0, 5, 23, 59) })).toContain('\nPosted: Jan 5, 2026\n');
  });

  it('trims the title and ends with the link', () => {
    const text = shareText({ ...base, title: '  Solar water pump ' }, UTC);
    expect(text.split('\n')).toHaveLength(5);
    expect(text.startsWith('Solar water pump\n')).toBe(true);
    expect(text.endsWith('\nhttps://ideahub.example/ideas/42')).toBe(true);
  });

  it('throws on an unreadable date', () => {
    expect(() => shareText({ ...base, createdAt: 'not a date' }, UTC)).toThrow(RangeError);
  });
});
