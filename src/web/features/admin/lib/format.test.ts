import { describe, expect, it } from 'vitest';
import { formatCount, formatCurrencyAmount, formatMoney, formatNaira, shortDate } from './format';

describe('admin formatting', () => {
  it('writes money the way the panel shows it', () => {
    expect(formatNaira(2000.5)).toBe('₦2,000.50');
    expect(formatNaira(0)).toBe('₦0.00');
    expect(formatMoney(89.99, 'USD')).toBe('$89.99');
    expect(formatMoney(1500, 'EUR')).toBe('€1,500.00');
    expect(formatCurrencyAmount(250000, 'NGN')).toBe('NGN 250,000');
    expect(formatCurrencyAmount(89.99, 'USD')).toBe('USD 89.99');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('writes dates as MMM d, yyyy', () => {
    expect(shortDate('2026-03-01T12:00:00.000Z')).toMatch(/^(Feb 28|Mar 1|Mar 2), 2026$/);
  });
});
