/**
 * The header's Learn More dropdown and mobile drawer, mounted on the first press: Radix Menu,
 * Dialog and floating-ui are about a sixth of the home route's JavaScript (the home route's budget:
 * bench/bundle-size.ts), and mounting them was half of the header's hydration on a phone (issue 7,
 * docs/decisions/0010-hydration-in-turns.md). Until then a look-alike trigger stands in (the server
 * paints the same one). Its chunk is fetched when a pointer comes near or the trigger takes focus;
 * a press mounts the real menu already open, after its chunk arrives if it had not yet.
 */
import { ChevronDown, Menu } from 'lucide-react';
import { type ReactElement, Suspense, useState } from 'react';
import { preloadable } from '../../lib/preloadable';
import { Button } from '../ui/button';

const load = () => import('./learn-more-menu');
const LazyLearnMoreMenu = preloadable(() => load().then((m) => m.LearnMoreMenu));
const LazyMobileDrawer = preloadable(() => load().then((m) => m.MobileDrawer));

/** Fetches the real menus' chunk (once; later calls reuse it). */
export const preloadHeaderMenus = () => Promise.all([LazyLearnMoreMenu.preload(), LazyMobileDrawer.preload()]);

const warmUp = () => void preloadHeaderMenus().catch(() => undefined);

interface TriggerProps {
  onClick: () => void;
  onPointerEnter: () => void;
  onFocus: () => void;
}

/** The look-alike until the first press; then `menu` (mounted open), with the look-alike shown while its chunk loads. */
function MountedOnPress({ trigger, menu }: { trigger: (props: TriggerProps) => ReactElement; menu: ReactElement }) {
  const [pressed, setPressed] = useState(false);
  const lookAlike = trigger({ onClick: () => setPressed(true), onPointerEnter: warmUp, onFocus: warmUp });
  if (!pressed) return lookAlike;
  return <Suspense fallback={lookAlike}>{menu}</Suspense>;
}

export function LearnMoreMenu() {
  return (
    <MountedOnPress
      trigger={(props) => (
        <Button variant="ghost" className="gap-1" aria-haspopup="menu" aria-expanded={false} {...props}>
          Learn More <ChevronDown className="size-4" aria-hidden />
        </Button>
      )}
      menu={<LazyLearnMoreMenu defaultOpen />}
    />
  );
}

export function MobileDrawer() {
  return (
    <MountedOnPress
      trigger={(props) => (
        <Button variant="ghost" size="icon" aria-label="Open menu" aria-haspopup="dialog" aria-expanded={false} {...props}>
          <Menu className="size-5" aria-hidden />
        </Button>
      )}
      menu={<LazyMobileDrawer defaultOpen />}
    />
  );
}
