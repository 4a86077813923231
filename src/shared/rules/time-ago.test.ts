import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago.ts';

describe('timeAgo', () => {
  it('says how long ago, from a Date, epoch milliseconds or an ISO string', () => {
    const threeMinutes = Date.now() - 3 * 60_000 - 5_000;
    expect(timeAgo(new Date(threeMinutes))).toBe('3 minutes ago');
    expect(timeAgo(threeMinutes)).toBe('3 minutes ago');
    expect(timeAgo(new Date(threeMinutes).toISOString())).toBe('3 minutes ago');
    expect(timeAgo(Date.now() - 2 * 3_600_000)).toBe('about 2 hours ago');
  });
});
