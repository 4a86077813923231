/**
 * The header's Learn More dropdown and mobile drawer, loaded after the first render: Radix Menu,
 * Dialog and floating-ui are about a sixth of the home route's JavaScript and are needed only once
 * someone opens one of them (the home route's budget: bench/bundle-size.ts). The chunk is requested
 * as soon as the header mounts; until it arrives a look-alike trigger stands in, and a press on it
 * is not lost: the real menu mounts already open.
 */
import { ChevronDown, Menu } from 'lucide-react';
import { Suspense, useState } from 'react';
import { preloadable } from '../../lib/preloadable';
import { Button } from '../ui/button';

const load = () => import('./learn-more-menu');
const LazyLearnMoreMenu = preloadable(() => load().then((m) => m.LearnMoreMenu));
const LazyMobileDrawer = preloadable(() => load().then((m) => m.MobileDrawer));

/** The real menus, loaded before the server renders a page and before the app hydrates it (main.tsx, first-screen.tsx). */
export const preloadHeaderMenus = () => Promise.all([LazyLearnMoreMenu.preload(), LazyMobileDrawer.preload()]);

export function LearnMoreMenu() {
  const [pressed, setPressed] = useState(false);
  return (
    <Suspense
      fallback={
        <Button variant="ghost" className="gap-1" aria-haspopup="menu" aria-expanded={false} onClick={() => setPressed(true)}>
          Learn More <ChevronDown className="size-4" aria-hidden />
        </Button>
      }
    >
      <LazyLearnMoreMenu defaultOpen={pressed} />
    </Suspense>
  );
}

export function MobileDrawer() {
  const [pressed, setPressed] = useState(false);
  return (
    <Suspense
      fallback={
        <Button variant="ghost" size="icon" aria-label="Open menu" aria-haspopup="dialog" aria-expanded={false} onClick={() => setPressed(true)}>
          <Menu className="size-5" aria-hidden />
        </Button>
      }
    >
      <LazyMobileDrawer defaultOpen={pressed} />
    </Suspense>
  );
}
