// @vitest-environment jsdom
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { Toaster } from './toaster';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY, dismissToast, toast, useToast } from './use-toast';

describe('use-toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    // Reset the module-level store: dismiss everything, then let removal timers fire.
    act(() => {
      dismissToast();
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY);
    });
    cleanup();
    vi.useRealTimers();
  });

  it('keeps exactly one toast: a second toast() replaces the first', () => {
    expect(TOAST_LIMIT).toBe(1);
    const { result } = renderHook(() => useToast());

    let first = '';
    let second = '';
    act(() => {
      first = toast({ title: 'First', description: 'one' }).id;
    });
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]?.id).toBe(first);

    act(() => {
      second = toast({ title: 'Second', description: 'two', variant: 'destructive' }).id;
    });

    expect(second).not.toBe(first);
    expect(result.current.toasts).toHaveLength(1);
    const only = result.current.toasts[0];
    expect(only?.id).toBe(second);
    expect(only?.title).toBe('Second');
    expect(only?.description).toBe('two');
    expect(only?.variant).toBe('destructive');
    expect(only?.open).toBe(true);
  });

  it('dismiss closes the toast, and it is removed after TOAST_REMOVE_DELAY', () => {
    const { result } = renderHook(() => useToast());

    let handle: ReturnType<typeof toast> | undefined;
    act(() => {
      handle = result.current.toast({ title: 'Saved' });
    });
    expect(result.current.toasts[0]?.open).toBe(true);

    act(() => {
      handle?.dismiss();
    });
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]?.open).toBe(false);

    act(() => {
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    });
    expect(result.current.toasts).toHaveLength(1);

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.toasts).toHaveLength(0);
  });

  it('dismiss(id) from the hook closes that toast', () => {
    const { result } = renderHook(() => useToast());
    let id = '';
    act(() => {
      id = toast({ title: 'Hello' }).id;
    });
    act(() => {
      result.current.dismiss(id);
    });
    expect(result.current.toasts[0]?.open).toBe(false);
  });

  it('<Toaster /> shows only the latest toast', () => {
    render(<Toaster />);

    act(() => {
      toast({ title: 'Idea published' });
    });
    expect(screen.getByText('Idea published')).toBeTruthy();

    act(() => {
      toast({ title: 'Upload failed', description: 'File is too large.', variant: 'destructive' });
    });
    expect(screen.queryByText('Idea published')).toBeNull();
    expect(screen.getByText('Upload failed')).toBeTruthy();
    expect(screen.getByText('File is too large.')).toBeTruthy();
    expect(document.querySelectorAll('[data-slot="toast"]')).toHaveLength(1);
  });
});
