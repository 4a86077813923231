import { describe, expect, it } from 'vitest';
import { creatorDisplayName, formatPrice } from './format.ts';

describe('formatPrice', () => {
  it('uses each currency symbol with grouped amounts', () => {
    expect(formatPrice(250000, 'NGN')).toBe('₦250,000');
    expect(formatPrice(89.99, 'USD')).toBe('$89.99');
    expect(formatPrice(35, 'EUR')).toBe('€35');
    expect(formatPrice(0, 'NGN')).toBe('₦0');
    expect(formatPrice(1234.5, 'EUR')).toBe('€1,234.50');
  });
});

describe('creatorDisplayName', () => {
  it('falls back to Anonymous for missing or blank names', () => {
    expect(creatorDisplayName('Ada Obi')).toBe('Ada Obi');
    expect(creatorDisplayName(null)).toBe('Anonymous');
    expect(creatorDisplayName('   ')).toBe('Anonymous');
  });
});
