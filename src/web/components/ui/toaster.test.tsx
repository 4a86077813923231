// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { Toaster } from './toaster';
import { toast } from './use-toast';

const toasts = () => [...document.querySelectorAll<HTMLElement>('[data-slot="toast"]')];
/** The toasts sonner shows (one it is letting go is marked removed until its exit ends). */
const shown = () => toasts().filter((t) => t.closest('[data-sonner-toast]')?.getAttribute('data-removed') !== 'true');

afterEach(async () => {
  cleanup();
  // sonner keeps its toasts in module state: let the last one go before the next test.
  const { toast: sonner } = await import('sonner');
  sonner.dismiss();
});

describe('toasts', () => {
  it("show the title and the description in the design system's card", async () => {
    render(<Toaster />);
    act(() => toast({ title: 'Idea published', description: 'Everyone can see it now.' }));
    const card = await waitFor(() => {
      const [only] = shown();
      expect(only).toBeDefined();
      return only!;
    });
    expect(card.querySelector('[data-slot="toast-title"]')?.textContent).toBe('Idea published');
    expect(card.querySelector('[data-slot="toast-description"]')?.textContent).toBe('Everyone can see it now.');
    expect(card.dataset.variant).toBe('default');
  });

  it('keep one at a time: a new toast replaces the previous one', async () => {
    render(<Toaster />);
    act(() => toast({ title: 'First', description: 'one' }));
    await screen.findByText('First');
    act(() => toast({ variant: 'destructive', title: 'Upload failed', description: 'File is too large.' }));
    await screen.findByText('Upload failed');
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(screen.queryByText('First')).toBeNull();
    const [only] = toasts();
    expect(only?.textContent).toContain('File is too large.');
    // The destructive style: the error colours, on the card and in its data.
    expect(only?.dataset.variant).toBe('destructive');
    expect(only?.className).toContain('bg-destructive');
    expect(only?.className).toContain('text-destructive-foreground');
  });

  it('close with their Close button', async () => {
    render(<Toaster />);
    act(() => toast({ title: 'Saved' }));
    await screen.findByText('Saved');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(toasts()).toHaveLength(0));
  });

  it('raised before the Toaster mounts are shown once it does', async () => {
    act(() => toast({ title: 'Signed out', description: 'You have been signed out. See you soon!' }));
    // The toaster's code arrives, then the Toaster mounts (as app/providers.tsx loads it lazily).
    await import('./toaster');
    render(<Toaster />);
    expect(await screen.findByText('Signed out')).toBeTruthy();
  });
});
