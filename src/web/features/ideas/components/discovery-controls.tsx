/**
 * Home's sorts and price filters (issue 16), kept light for the home route's first load: sorts and
 * Top's windows are links to their addresses, the price filter a GET form in a <details>, so all of
 * it works before (or without) the app's code; with it, the same addresses are reached in place.
 */
import { type HomeFilter, homeHref, PRICE_FILTER_PARAMS } from '@shared/constants';
import { Flame, Sparkles, Trophy, UserCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';

const SORTS = [
  { value: 'newest', label: 'Newest', icon: <Sparkles className="size-4 max-sm:hidden" aria-hidden /> },
  { value: 'trending', label: 'Trending', icon: <Flame className="size-4 max-sm:hidden" aria-hidden /> },
  { value: 'top', label: 'Top', icon: <Trophy className="size-4 max-sm:hidden" aria-hidden /> },
] as const;

export const WINDOW_NAMES = { day: 'Today', week: 'This week', month: 'This month', all: 'All time' } as const;
type WindowName = keyof typeof WINDOW_NAMES;

/** Whether the address asks for the Following feed (issue 28). */
export const isFollowingFeed = (filter: HomeFilter) => filter.feed === 'following';
/** The sort the address asks for ('newest' unless it names another). */
export const sortOf = (filter: HomeFilter) => (filter.sort === 'trending' || filter.sort === 'top' ? filter.sort : 'newest');
/** Top's window ('week' unless the address names another). */
export const windowOf = (filter: HomeFilter): WindowName =>
  filter.window === 'day' || filter.window === 'month' || filter.window === 'all' ? filter.window : 'week';
/** Whether any price filter is set. */
export const hasPriceFilter = (filter: HomeFilter) => PRICE_FILTER_PARAMS.some((p) => filter[p] !== undefined);
/** The filter without its price filters ('Clear filters'). */
export const withoutPrice = (filter: HomeFilter): HomeFilter => ({ ...filter, minPrice: undefined, maxPrice: undefined, currency: undefined });

/** A row of links that looks like the category tabs; the current one is marked for everyone. */
function Segmented({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <nav aria-label={label} className={cn('bg-muted text-muted-foreground inline-flex h-10 max-w-full items-center overflow-x-auto rounded-lg p-[3px]', className)}>
      {children}
    </nav>
  );
}

function SegmentLink({ to, current, children }: { to: string; current: boolean; children: ReactNode }) {
  return (
    <Link
      to={to}
      replace
      preventScrollReset
      aria-current={current ? 'page' : undefined}
      className={cn(
        'focus-visible:ring-ring/50 inline-flex h-full items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-[3px]',
        current ? 'bg-background text-foreground dark:bg-input/30 dark:border-input border border-transparent shadow-sm' : 'hover:text-foreground',
      )}
    >
      {children}
    </Link>
  );
}

/** 'Newest', 'Trending', 'Top' and, for Top, its window; 'Following' for signed-in people (and whoever's address names it). */
export function SortControls({ filter, signedIn }: { filter: HomeFilter; signedIn: boolean }) {
  const following = isFollowingFeed(filter);
  const sort = sortOf(filter);
  const window = windowOf(filter);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Segmented label="Sort">
        {SORTS.map(({ value, label, icon }) => (
          <SegmentLink key={value} to={homeHref({ ...filter, sort: value, window: undefined, feed: undefined })} current={!following && sort === value}>
            {icon} {label}
          </SegmentLink>
        ))}
        {signedIn || following ? (
          <SegmentLink to={homeHref({ ...filter, q: undefined, sort: undefined, window: undefined, feed: 'following' })} current={following}>
            <UserCheck className="size-4 max-sm:hidden" aria-hidden /> Following
          </SegmentLink>
        ) : null}
      </Segmented>
      {sort === 'top' && !following ? (
        <Segmented label="Top of">
          {(Object.keys(WINDOW_NAMES) as WindowName[]).map((w) => (
            <SegmentLink key={w} to={homeHref({ ...filter, sort: 'top', window: w })} current={window === w}>
              {WINDOW_NAMES[w]}
            </SegmentLink>
          ))}
        </Segmented>
      ) : null}
    </div>
  );
}

/** What the sort shows, said under the heading ('Top · This week'). */
export function sortCaption(filter: HomeFilter): string | null {
  if (isFollowingFeed(filter)) return 'Newest from the makers you follow';
  const sort = sortOf(filter);
  if (sort === 'top') return `Most liked · ${WINDOW_NAMES[windowOf(filter)]}`;
  if (sort === 'trending') return 'Rising now: recent likes and messages count most';
  return null;
}
