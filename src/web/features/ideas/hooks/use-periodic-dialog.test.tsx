// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { JOIN_DIALOG_STORAGE_KEY, STATUS_DIALOG_STORAGE_KEY } from '@shared/rules/periodic-dialog';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PERIODIC_DIALOG_DELAY_MS, PERIODIC_DIALOG_RETRY_MS, personIsBusy, usePeriodicDialog } from './use-periodic-dialog';

function add(html: string): HTMLElement {
  const el = document.createElement('div');
  el.innerHTML = html;
  document.body.append(el);
  return el;
}

describe('personIsBusy', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is free on a quiet page', () => {
    add('<main><button>Like</button><p>text</p></main>');
    expect(personIsBusy(document)).toBe(false);
    (document.querySelector('button') as HTMLButtonElement).focus();
    expect(personIsBusy(document)).toBe(false);
  });

  it('is busy while a dialog, drawer, menu, list or popover is open', () => {
    for (const html of [
      '<div role="dialog">Phone menu</div>',
      '<div role="alertdialog">Delete?</div>',
      '<div role="menu">Learn More</div>',
      '<div role="listbox">Currency</div>',
      '<div data-radix-popper-content-wrapper>Must be logged in to like ideas</div>',
    ]) {
      const el = add(html);
      expect(personIsBusy(document), html).toBe(true);
      el.remove();
      expect(personIsBusy(document), html).toBe(false);
    }
  });

  it('is busy while the person is in a form or a text box', () => {
    add('<form role="search"><input name="q"><button>Search</button></form><textarea></textarea><div contenteditable="true">x</div>');
    for (const selector of ['input', 'form button', 'textarea', '[contenteditable]']) {
      (document.querySelector(selector) as HTMLElement).focus();
      expect(personIsBusy(document), selector).toBe(true);
    }
    (document.activeElement as HTMLElement).blur();
    expect(personIsBusy(document)).toBe(false);
  });
});

describe('usePeriodicDialog', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('waits for the person to have been on the page for the delay (about 20 s)', () => {
    expect(PERIODIC_DIALOG_DELAY_MS).toBeGreaterThanOrEqual(20_000);
    const { result } = renderHook(() => usePeriodicDialog('signed-out'));
    act(() => vi.advanceTimersByTime(PERIODIC_DIALOG_DELAY_MS - 1));
    expect(result.current[0]).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current[0]).toBe('join');
  });

  it('never opens over an open menu: it waits until it closes', () => {
    const menu = add('<div role="menu">Learn More</div>');
    const { result } = renderHook(() => usePeriodicDialog('signed-in'));
    act(() => vi.advanceTimersByTime(PERIODIC_DIALOG_DELAY_MS + 10 * PERIODIC_DIALOG_RETRY_MS));
    expect(result.current[0]).toBeNull();
    menu.remove();
    act(() => vi.advanceTimersByTime(PERIODIC_DIALOG_RETRY_MS));
    expect(result.current[0]).toBe('status');
  });

  it('shows nothing when it was shown less than 30 minutes ago', () => {
    localStorage.setItem(STATUS_DIALOG_STORAGE_KEY, String(Date.now() - 29 * 60_000));
    localStorage.setItem(JOIN_DIALOG_STORAGE_KEY, String(Date.now() - 31 * 60_000));
    const signedIn = renderHook(() => usePeriodicDialog('signed-in'));
    const visitor = renderHook(() => usePeriodicDialog('signed-out'));
    act(() => vi.advanceTimersByTime(PERIODIC_DIALOG_DELAY_MS * 3));
    expect(signedIn.result.current[0]).toBeNull();
    expect(visitor.result.current[0]).toBe('join');
  });

  it('does nothing while the session is unknown', () => {
    const { result } = renderHook(() => usePeriodicDialog('loading'));
    act(() => vi.advanceTimersByTime(PERIODIC_DIALOG_DELAY_MS * 3));
    expect(result.current[0]).toBeNull();
  });
});
