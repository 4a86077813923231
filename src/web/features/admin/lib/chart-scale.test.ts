import { describe, expect, it } from 'vitest';
import { dayLabel, labelIndexes, niceTicks } from './chart-scale';

describe('niceTicks', () => {
  it('starts at 0 and ends at a round number at or above the maximum', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(Number.NaN)).toEqual([0, 1]);
    expect(niceTicks(1)).toEqual([0, 1]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(10)).toEqual([0, 5, 10]);
    expect(niceTicks(100)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(101)).toEqual([0, 50, 100, 150]);
    for (const max of [1, 2, 5, 9, 13, 37, 250, 999, 12345]) {
      const t = niceTicks(max);
      expect(t[0]).toBe(0);
      expect(t.at(-1)!).toBeGreaterThanOrEqual(max);
      expect(t.length).toBeLessThanOrEqual(6);
      expect(t.every((v) => Number.isInteger(v))).toBe(true);
    }
  });
});

describe('labelIndexes', () => {
  it('spreads at most `max` labels, keeping the first and the last', () => {
    expect(labelIndexes(0)).toEqual([]);
    expect(labelIndexes(3)).toEqual([0, 1, 2]);
    expect(labelIndexes(30)).toEqual([0, 6, 12, 17, 23, 29]);
    expect(labelIndexes(90, 4)).toEqual([0, 30, 59, 89]);
  });
});

describe('dayLabel', () => {
  it('prints a UTC day as month and day', () => {
    expect(dayLabel('2026-03-01')).toBe('Mar 1');
    expect(dayLabel('2025-12-31')).toBe('Dec 31');
    expect(dayLabel('nonsense')).toBe('nonsense');
  });
});
