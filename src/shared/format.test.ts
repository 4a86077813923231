import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, CURRENCY_SYMBOLS } from './constants.ts';
import { creatorDisplayName, formatPrice } from './format.ts';

describe('formatPrice', () => {
  it('uses each currency symbol with grouped amounts', () => {
    expect(formatPrice(250000, 'NGN')).toBe('₦250,000');
    expect(formatPrice(89.99, 'USD')).toBe('$89.99');
    expect(formatPrice(35, 'EUR')).toBe('€35');
    expect(formatPrice(0, 'NGN')).toBe('₦0');
    expect(formatPrice(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatPrice(999999999999.99, 'USD')).toBe('$999,999,999,999.99');
    expect(formatPrice(5.999, 'USD')).toBe('$6.00');
  });

  it('reads as Intl.NumberFormat does for every stored amount (two decimals at most)', () => {
    const intl = (amount: number) =>
      new Intl.NumberFormat('en-US', { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 }).format(amount);
    fc.assert(
      fc.property(fc.bigInt({ min: 1n - 10n ** 14n, max: 10n ** 14n - 1n }), fc.constantFrom(...CURRENCIES), (cents, currency) => {
        const amount = Number(cents) / 100;
        expect(formatPrice(amount, currency)).toBe(`${CURRENCY_SYMBOLS[currency]}${intl(amount)}`);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('creatorDisplayName', () => {
  it('falls back to Anonymous for missing or blank names', () => {
    expect(creatorDisplayName('Ada Obi')).toBe('Ada Obi');
    expect(creatorDisplayName(null)).toBe('Anonymous');
    expect(creatorDisplayName('   ')).toBe('Anonymous');
  });
});
