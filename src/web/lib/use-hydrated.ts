/**
 * False while React hydrates markup the server drew (and on the server), true once the app runs
 * in the browser. A part hydrated later than the rest (a Suspense boundary) may find data already
 * in the cache that the server did not have; rendering what the server rendered first keeps
 * hydration exact, and React renders the real state right after.
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
