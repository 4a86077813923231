/**
 * Fetches the details page's code ahead of a click (a pointer over a card, a touch, keyboard
 * focus), so opening an item does not wait for its chunk. Once per page load; a failed fetch
 * (offline) may be tried again.
 */
let pending: Promise<unknown> | null = null;

export function prefetchIdeaDetails(): void {
  pending ??= import('./pages/idea-details-page').catch(() => {
    pending = null;
  });
}
