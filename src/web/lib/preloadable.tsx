/**
 * `lazy` with a `preload()`: once preloaded, the component renders at once instead of suspending
 * (React.lazy always suspends on its first render, even when its module is already in).
 * main.tsx preloads what the server painted (the details page, its discussion) before hydrating
 * it, and first-screen.tsx before rendering it, so neither suspends: the two renders are the same,
 * in the same order.
 */
import { type ComponentType, lazy, useState } from 'react';

export type Preloadable<P> = ComponentType<P> & { preload: () => Promise<unknown> };

export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  const fetch = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(() => fetch().then((component) => ({ default: component })));
  function PreloadableComponent(props: P) {
    // Chosen once per mount: swapping the lazy wrapper for the loaded component later would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(PreloadableComponent, { preload: fetch });
}
