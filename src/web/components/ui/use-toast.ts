/**
 * Toasts (SPEC §4: one at a time, a new toast replaces the previous one): call
 * `toast({ title, description, variant })` from anywhere. sonner shows them (toaster.tsx); its code
 * is fetched with the first toast or when the Toaster mounts, so it is not in a page's first JavaScript.
 */
import type { showToast, ToastOptions } from './toaster';

let toaster: Promise<{ showToast: typeof showToast }> | null = null;

export function toast(options: ToastOptions): void {
  toaster ??= import('./toaster').catch((error: unknown) => {
    // Offline: this toast is lost; the next one tries again.
    toaster = null;
    throw error;
  });
  toaster.then((m) => m.showToast(options)).catch(() => {});
}
