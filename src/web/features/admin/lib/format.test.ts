import { formatPrice } from '@shared/format';
import { formatDate } from '@shared/rules/date-format';
import { describe, expect, it } from 'vitest';
import { formatCount } from './format';

describe('admin formatting', () => {
  it('writes money the way the panel shows it', () => {
    expect(formatPrice(2000.5, 'NGN', { cents: 'always' })).toBe('₦2,000.50');
    expect(formatPrice(0, 'NGN', { cents: 'always' })).toBe('₦0.00');
    expect(formatPrice(89.99, 'USD', { cents: 'always' })).toBe('$89.99');
    expect(formatPrice(1500, 'EUR', { cents: 'always' })).toBe('€1,500.00');
    expect(formatPrice(250000, 'NGN', { currencyAs: 'code' })).toBe('NGN 250,000');
    expect(formatPrice(89.99, 'USD', { currencyAs: 'code' })).toBe('USD 89.99');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('writes dates as MMM d, yyyy', () => {
    expect(formatDate(new Date('2026-03-01T12:00:00.000Z'))).toMatch(/^(Feb 28|Mar 1|Mar 2), 2026$/);
  });
});
