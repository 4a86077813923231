/**
 * Rate-limit windows are fixed (each starts at a multiple of its length). A test that must stay
 * inside one window moves the app's clock to just after a window's start instead of waiting for
 * the real one to end; the clock keeps running from there and is put back after the test.
 */
import { onTestFinished } from 'vitest';
import { setClockForTests } from '../../src/server/lib/clock.ts';

/** From now until the test ends, the app's clock reads one second into a fresh window of `seconds`. */
export function startOfFreshWindow(seconds: number): void {
  const length = seconds * 1000;
  const shift = (Math.floor(Date.now() / length) + 1) * length + 1000 - Date.now();
  const restore = setClockForTests(() => Date.now() + shift);
  onTestFinished(restore);
}
