import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, CURRENCY_SYMBOLS } from './constants.ts';
import { countOf, creatorDisplayName, formatPrice, initials, priceText } from './format.ts';

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

describe('formatPrice options (the admin panel)', () => {
  it('writes two decimals always when asked, as Intl.NumberFormat does with two fraction digits', () => {
    const intl = (amount: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 14n - 1n }), fc.constantFrom(...CURRENCIES), (cents, currency) => {
        const amount = Number(cents) / 100;
        expect(formatPrice(amount, currency, { cents: 'always' })).toBe(`${CURRENCY_SYMBOLS[currency]}${intl(amount)}`);
      }),
      { numRuns: 1000 },
    );
  });

  it('puts the currency code first when asked', () => {
    expect(formatPrice(250000, 'NGN', { currencyAs: 'code' })).toBe('NGN 250,000');
    expect(formatPrice(1234.5, 'EUR', { currencyAs: 'code' })).toBe('EUR 1,234.50');
    expect(formatPrice(2000, 'USD', { currencyAs: 'code', cents: 'always' })).toBe('USD 2,000.00');
  });
});

describe('creatorDisplayName', () => {
  it('falls back to Anonymous for missing or blank names', () => {
    expect(creatorDisplayName('Ada Obi')).toBe('Ada Obi');
    expect(creatorDisplayName(null)).toBe('Anonymous');
    expect(creatorDisplayName('   ')).toBe('Anonymous');
  });
});

describe('priceText', () => {
  it('says Free for nothing, in every currency, and the amount otherwise', () => {
    for (const c of CURRENCIES) {
      expect(priceText(0, c)).toBe('Free');
      expect(priceText(-0, c)).toBe('Free');
      expect(priceText(0.004, c)).toBe('Free');
    }
    expect(priceText(0.01, 'USD')).toBe('$0.01');
    expect(priceText(250000, 'NGN')).toBe('₦250,000');
  });
});

describe('countOf', () => {
  it('puts the noun in the number it counts', () => {
    expect(countOf(1, 'day')).toBe('1 day');
    expect(countOf(0, 'day')).toBe('0 days');
    expect(countOf(2, 'message')).toBe('2 messages');
    expect(countOf(1, 'reply', 'replies')).toBe('1 reply');
    expect(countOf(3, 'reply', 'replies')).toBe('3 replies');
  });
});

describe('initials', () => {
  it('makes avatar initials from a name, else from the email', () => {
    expect(initials('Ada Lovelace', 'a@x.test')).toBe('AL');
    expect(initials('  Grace  Brewster Hopper ', null)).toBe('GH');
    expect(initials('Cher', null)).toBe('CH');
    expect(initials(null, 'quiet@ideahub.demo')).toBe('Q');
    expect(initials('', null)).toBe('?');
  });
});
