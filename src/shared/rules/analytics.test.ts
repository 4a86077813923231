import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  averageRating,
  categorySplit,
  engagementRate,
  formatPercent,
  growthPercent,
  ideasPerUser,
  revenueNaira,
  roundTo1,
  windows,
} from './analytics.ts';

describe('roundTo1', () => {
  it('rounds half away from zero and never yields -0', () => {
    expect(roundTo1(12.34)).toBe(12.3);
    expect(roundTo1(12.35)).toBe(12.4);
    expect(roundTo1(-12.35)).toBe(-12.4);
    expect(Object.is(roundTo1(-0.04), 0)).toBe(true);
    expect(roundTo1(Number.NaN)).toBe(0);
    expect(roundTo1(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('growthPercent', () => {
  it('is a percentage of the previous window, one decimal', () => {
    expect(growthPercent(45, 40)).toBe(12.5);
    expect(growthPercent(20, 10)).toBe(100);
    expect(growthPercent(10, 10)).toBe(0);
    expect(growthPercent(1, 3)).toBe(-66.7);
    expect(growthPercent(2, 3)).toBe(-33.3);
    expect(growthPercent(4, 3)).toBe(33.3);
  });

  it('can be negative', () => {
    expect(growthPercent(97, 100)).toBe(-3);
    expect(growthPercent(0, 8)).toBe(-100);
  });

  it('is 0 when the previous window is empty', () => {
    expect(growthPercent(0, 0)).toBe(0);
    expect(growthPercent(15, 0)).toBe(0);
  });

  it('rounds exact halves as written (no floating drift)', () => {
    expect(growthPercent(2249, 2000)).toBe(12.5); // exactly 12.45 %
    expect(growthPercent(1751, 2000)).toBe(-12.5); // exactly -12.45 %
  });

  it('ignores nonsense inputs', () => {
    expect(growthPercent(Number.NaN, 10)).toBe(-100);
    expect(growthPercent(10, Number.NaN)).toBe(0);
    expect(growthPercent(10, -5)).toBe(0);
  });

  it('has the sign of current − previous (property)', () => {
    fc.assert(
      fc.property(fc.nat(1e9), fc.integer({ min: 1, max: 1e9 }), (current, previous) => {
        const g = growthPercent(current, previous);
        if (current > previous) expect(g).toBeGreaterThanOrEqual(0);
        if (current < previous) expect(g).toBeLessThanOrEqual(0);
        expect(g).toBeGreaterThanOrEqual(-100);
        expect(Math.abs(g - ((current - previous) / previous) * 100)).toBeLessThanOrEqual(0.05 + Math.abs(g) * 1e-14);
      }),
    );
  });
});

describe('engagementRate', () => {
  it('is likes / users × 100, one decimal', () => {
    expect(engagementRate(5, 40)).toBe(12.5);
    expect(engagementRate(1, 3)).toBe(33.3);
    expect(engagementRate(2, 3)).toBe(66.7);
    expect(engagementRate(250, 100)).toBe(250);
    expect(engagementRate(249, 2000)).toBe(12.5); // exactly 12.45 %
    expect(engagementRate(0, 10)).toBe(0);
  });

  it('is 0 with no users', () => {
    expect(engagementRate(0, 0)).toBe(0);
    expect(engagementRate(7, 0)).toBe(0);
  });
});

describe('ideasPerUser', () => {
  it('is items / users, one decimal; 0 with no users', () => {
    expect(ideasPerUser(7, 3)).toBe(2.3);
    expect(ideasPerUser(5, 2)).toBe(2.5);
    expect(ideasPerUser(1, 20)).toBe(0.1);
    expect(ideasPerUser(1, 21)).toBe(0);
    expect(ideasPerUser(0, 5)).toBe(0);
    expect(ideasPerUser(9, 0)).toBe(0);
  });
});

describe('categorySplit', () => {
  it('gives percentages of all items', () => {
    expect(categorySplit(3, 1)).toEqual({ ideas: 75, products: 25 });
    expect(categorySplit(1, 2)).toEqual({ ideas: 33.3, products: 66.7 });
    expect(categorySplit(2, 1)).toEqual({ ideas: 66.7, products: 33.3 });
    expect(categorySplit(1, 0)).toEqual({ ideas: 100, products: 0 });
    expect(categorySplit(0, 4)).toEqual({ ideas: 0, products: 100 });
  });

  it('is 0 and 0 when there is nothing', () => {
    expect(categorySplit(0, 0)).toEqual({ ideas: 0, products: 0 });
  });

  it('always sums to exactly 100 (property)', () => {
    fc.assert(
      fc.property(fc.nat(1e9), fc.nat(1e9), (ideas, products) => {
        fc.pre(ideas + products > 0);
        const split = categorySplit(ideas, products);
        expect(split.ideas + split.products).toBe(100);
        expect(split.ideas).toBeGreaterThanOrEqual(0);
        expect(split.products).toBeGreaterThanOrEqual(0);
        expect(Math.abs(split.ideas - (ideas / (ideas + products)) * 100)).toBeLessThanOrEqual(0.05 + 1e-9);
        expect(Math.round(split.ideas * 10) / 10).toBe(split.ideas);
        expect(Math.round(split.products * 10) / 10).toBe(split.products);
      }),
    );
  });
});

describe('revenueNaira', () => {
  it('divides successful minor units by 100', () => {
    expect(revenueNaira(25_000_000)).toBe(250_000);
    expect(revenueNaira(12_345)).toBe(123.45);
    expect(revenueNaira(0)).toBe(0);
  });

  it('accepts what a SQL SUM returns', () => {
    expect(revenueNaira('25000000')).toBe(250_000);
    expect(revenueNaira(25_000_000n)).toBe(250_000);
    expect(revenueNaira(null)).toBe(0);
    expect(revenueNaira(undefined)).toBe(0);
    expect(revenueNaira('garbage')).toBe(0);
  });
});

describe('windows', () => {
  it('current window is the last 30 days, the previous days 31 to 60', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const w = windows(now);
    expect(w.currentStart).toEqual(new Date('2026-10-22T12:00:00Z'));
    expect(w.previousStart).toEqual(new Date('2026-09-22T12:00:00Z'));
    expect(w.now).toEqual(now);
    expect(w.now).not.toBe(now);
  });

  it('uses 24-hour days across a DST change', () => {
    const now = new Date('2026-04-15T00:00:00Z');
    expect(now.getTime() - windows(now).currentStart.getTime()).toBe(30 * 86_400_000);
    expect(now.getTime() - windows(now).previousStart.getTime()).toBe(60 * 86_400_000);
  });

  it('takes another window length', () => {
    const now = new Date('2026-11-21T00:00:00Z');
    expect(windows(now, 7).currentStart).toEqual(new Date('2026-11-14T00:00:00Z'));
    expect(windows(now, 7).previousStart).toEqual(new Date('2026-11-07T00:00:00Z'));
  });
});

describe('formatPercent', () => {
  it('signs growth: +, -, and no sign for zero', () => {
    expect(formatPercent(12.5)).toBe('+12.5%');
    expect(formatPercent(-3)).toBe('-3.0%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(100)).toBe('+100.0%');
    expect(formatPercent(-0.04)).toBe('0.0%');
    expect(formatPercent(0.04)).toBe('0.0%');
    expect(formatPercent(0.05)).toBe('+0.1%');
    expect(formatPercent(Number.NaN)).toBe('0.0%');
  });

  it('without a sign for rates', () => {
    expect(formatPercent(12.5, { signed: false })).toBe('12.5%');
    expect(formatPercent(33.333, { signed: false })).toBe('33.3%');
    expect(formatPercent(-3, { signed: false })).toBe('-3.0%');
  });

  it('formats the formulas end to end', () => {
    expect(formatPercent(growthPercent(45, 40))).toBe('+12.5%');
    expect(formatPercent(growthPercent(97, 100))).toBe('-3.0%');
    expect(formatPercent(growthPercent(5, 0))).toBe('0.0%');
    expect(formatPercent(engagementRate(1, 3), { signed: false })).toBe('33.3%');
  });
});

describe('averageRating', () => {
  it('is total / count to one decimal', () => {
    expect(averageRating(13, 3)).toBe(4.3);
    expect(averageRating(4.5 + 3.7, 2)).toBe(4.1);
    expect(averageRating(5, 1)).toBe(5);
    expect(averageRating(0, 4)).toBe(0);
    expect(averageRating(9.5, 2)).toBe(4.8); // exactly 4.75
  });

  it('is null without ratings', () => {
    expect(averageRating(0, 0)).toBeNull();
    expect(averageRating(5, -1)).toBeNull();
    expect(averageRating(Number.NaN, 2)).toBeNull();
  });
});
