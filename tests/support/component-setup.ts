/**
 * Every unit test file's set-up. In component tests (jsdom), sonner takes a dismissed toast away on
 * a timer that unmounting does not clear: the file's window stays until that timer has run, or
 * React, called by it, finds no window (an uncaught error after the file's last test).
 */
import { afterAll } from 'vitest';

if (typeof window !== 'undefined') afterAll(() => new Promise((resolve) => setTimeout(resolve, 300)));
