import { HOME_SKELETON_COUNT } from '@shared/constants';
import { AlertCircle, Lightbulb, Loader2, Package, Search, SearchX, Sparkles } from 'lucide-react';
import { lazy, memo, type RefObject, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Tabs, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useSession } from '../../auth';
import type { IdeaCard as IdeaCardData } from '@shared/schemas/ideas';
import { homeHref, showsTodaysTop, topicHref } from '@shared/constants';
import { useSiteUrl } from '../../../app/site-url';
import { browseFilterOf, type IdeaFilter, listStartOf, useIdeas } from '../api/list-ideas';
import { isFollowingFeed, SortControls, sortCaption } from './discovery-controls';
import { TodaysTop } from './todays-top';
import { GRID_CLASSES, IdeaCard, IdeaCardSkeleton } from './idea-card';
import { CardActionsProvider, IdeaCardActions } from './idea-card-actions';
import { type CoverLoad, coverLoadAt } from '../../../components/ideas/idea-cover';

// The Following feed's empty and signed-out states: only that feed draws them, so they load with it.
const FollowingEmpty = lazy(() => import('./following-empty').then((m) => ({ default: m.FollowingEmpty })));
const FollowingSignIn = lazy(() => import('./following-empty').then((m) => ({ default: m.FollowingSignIn })));

const PriceFilter = lazy(() => import('./price-filter').then((m) => ({ default: m.PriceFilter })));
const FiltersRefused = lazy(() => import('./price-filter').then((m) => ({ default: m.FiltersRefused })));

const HEADINGS = { all: 'All Ideas & Products', idea: 'Brilliant Ideas', product: 'Amazing Products' } as const;
type Tab = keyof typeof HEADINGS;
const isTab = (v: string | null): v is Tab => v === 'all' || v === 'idea' || v === 'product';

const TABS = [
  { value: 'all', label: 'All', icon: null },
  { value: 'idea', label: 'Ideas', icon: <Lightbulb className="size-4" aria-hidden /> },
  { value: 'product', label: 'Products', icon: <Package className="size-4" aria-hidden /> },
] as const;

/** The Atom feed that follows a tab, or the topic's (advertised in the page's head). */
const feedHref = (siteUrl: string, filter: IdeaFilter) =>
  filter.topic ? `${siteUrl}${topicHref(filter.topic)}/feed.xml` : `${siteUrl}/feed.xml${filter.category !== 'all' ? `?category=${filter.category}` : ''}`;

/** Reads and writes the browse filters in the URL, so a search can be reloaded and shared; a topic's page fixes its topic. */
function useBrowseFilter(topic?: string): [IdeaFilter, (next: Partial<IdeaFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const update = useCallback((next: Partial<IdeaFilter>) => {
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        // Another list starts at its top: a cursor belongs to the list it came from.
        p.delete('cursor');
        if (next.category === 'all') p.delete('category');
        else if (next.category) p.set('category', next.category);
        if (next.q === '') p.delete('q');
        else if (next.q) p.set('q', next.q);
        return p;
      },
      { replace: true },
    );
  }, [setParams]);
  const filter = browseFilterOf(params);
  return [topic ? { ...filter, topic } : filter, update];
}

/**
 * One card of the list. Memoised: the list renders again as the filters, the next page or the
 * item itself change, and a card only when its item does (decision 0010: no whole-list renders).
 */
const IdeaListItem = memo(function IdeaListItem({ idea, load }: { idea: IdeaCardData; load: CoverLoad }) {
  return <IdeaCard idea={idea} load={load} actions={<IdeaCardActions idea={idea} />} />;
});

/** The sorts, with 'Following' once the person is known to be signed in. */
function SessionSortControls({ filter }: { filter: IdeaFilter }) {
  const session = useSession();
  return <SortControls filter={filter} signedIn={session.status === 'signed-in'} />;
}

/** 'Join' under the empty list, for visitors only. */
function JoinAction() {
  const session = useSession();
  if (session.status !== 'signed-out') return null;
  return (
    <div className="mt-6">
      <Button asChild>
        <Link to="/auth">Join</Link>
      </Button>
    </div>
  );
}

/** Home's search, category tabs and list. Memoised: it does not depend on the page around it (or on the session). */
export const IdeasBrowser = memo(function IdeasBrowser({ topic }: { topic?: string }) {
  const [filter, setFilter] = useBrowseFilter(topic);
  const [text, setText] = useState(filter.q ?? '');
  const [params] = useSearchParams();
  const query = useIdeas(filter, listStartOf(params));
  const sentinel = useRef<HTMLDivElement>(null);

  // Debounce typing into the URL.
  useEffect(() => {
    const t = setTimeout(() => {
      if ((text.trim() || undefined) !== filter.q) setFilter({ q: text.trim() });
    }, 300);
    return () => clearTimeout(t);
  }, [text, filter.q, setFilter]);

  // Load the next page when the end of the grid comes into view.
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = query;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || isError) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, isError]);

  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const following = isFollowingFeed(filter);
  const searching = Boolean(filter.q) && !following;
  const caption = sortCaption(filter);
  const siteUrl = useSiteUrl();

  return (
    <section aria-labelledby="browse-heading" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      {/* Search, tabs, sorts and the price filter: one row on a wide screen (issue 27), so the items show on the first screen. */}
      <div className="flex flex-wrap items-start gap-2 md:gap-3">
        <SearchForm filter={filter} text={text} onText={setText} onSearch={() => setFilter({ q: text.trim() })} />
        <CategoryTabs filter={filter} onCategory={(category) => setFilter({ category })} />
        {/* Sorts and price filters (issue 16): links and a GET form, a boundary of their own. */}
        <Suspense fallback={null}>
          <SessionSortControls filter={filter} />
          <Suspense fallback={null}>
            <PriceFilter filter={filter} />
          </Suspense>
          <link rel="alternate" type="application/atom+xml" href={feedHref(siteUrl, filter)} title={`IdeaHub: ${HEADINGS[filter.category]}`} />
        </Suspense>
      </div>

      <div className="mt-3 mb-2 sm:mt-5 sm:mb-4">
        <h2 id="browse-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
          {HEADINGS[filter.category ?? 'all']}
        </h2>
        <p className="text-muted-foreground mt-1">
          {searching ? `Search results for "${filter.q}"` : 'Discover what our community is creating'}
        </p>
        {caption ? <p className="text-primary mt-1 text-sm font-medium">{caption}</p> : null}
      </div>

      {/* Above the grid while browsing; a search's or a filter's results come first instead. */}
      {showsTodaysTop(filter) ? (
        <Suspense fallback={null}>
          <TodaysTop filter={filter} />
        </Suspense>
      ) : null}

      {query.isPending ? (
        <div className={GRID_CLASSES} role="status" aria-busy="true" aria-label="Loading ideas">
          {Array.from({ length: HOME_SKELETON_COUNT }, (_, i) => (
            <IdeaCardSkeleton key={i} />
          ))}
        </div>
      ) : query.isError && items.length === 0 && following && (query.error as { status?: number } | null)?.status === 401 ? (
        <Suspense fallback={null}>
          <FollowingSignIn />
        </Suspense>
      ) : query.isError && items.length === 0 ? (
        (query.error as { status?: number } | null)?.status === 400 ? (
          <Suspense fallback={null}>
            <FiltersRefused filter={filter} error={query.error} />
          </Suspense>
        ) : (
          <LoadError onRetry={() => void query.refetch()} />
        )
      ) : items.length === 0 ? (
        following ? (
          <Suspense fallback={null}>
            <FollowingEmpty />
          </Suspense>
        ) : searching ? (
          <EmptyState icon={<SearchX className="size-8" aria-hidden />} title="No results found" text="Try adjusting your search terms or browse all categories" />
        ) : (
          <EmptyState
            icon={<Sparkles className="size-8" aria-hidden />}
            title="No ideas shared yet"
            text="Be the first to share a brilliant idea or product!"
            action={<JoinAction />}
          />
        )
      ) : (
        <>
          <CardActionsProvider>
            <ul className={GRID_CLASSES} aria-label={HEADINGS[filter.category ?? 'all']}>
              {/* On a server-painted page each card hydrates as a boundary of its own (the pressed one first). */}
              {items.map((idea, i) => (
                <Suspense key={idea.id} fallback={null}>
                  <li className="card-cell">
                    <IdeaListItem idea={idea} load={coverLoadAt(i)} />
                  </li>
                </Suspense>
              ))}
            </ul>
          </CardActionsProvider>
          <NextPage
            sentinel={sentinel}
            loading={query.isFetchingNextPage}
            failed={query.isFetchNextPageError}
            onMore={() => void query.fetchNextPage()}
            moreHref={moreHref(params, query.data?.pages.at(-1)?.nextCursor ?? null)}
          />
        </>
      )}
    </section>
  );
});

function EmptyState({ icon, title, text, action }: { icon: React.ReactNode; title: string; text: string; action?: React.ReactNode }) {
  return (
    <div className="bg-card flex flex-col items-center rounded-xl border border-dashed px-6 py-16 text-center">
      <div className="bg-primary/10 text-primary mb-4 rounded-full p-4">{icon}</div>
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="text-muted-foreground mt-1 max-w-sm">{text}</p>
      {action}
    </div>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="bg-card flex flex-col items-center rounded-xl border px-6 py-16 text-center">
      <AlertCircle className="text-destructive mb-3 size-8" aria-hidden />
      <h3 className="text-lg font-semibold">Ideas could not be loaded</h3>
      <p className="text-muted-foreground mt-1">Check your connection and try again.</p>
      <Button className="mt-6" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** Home's search: the app's own, and a plain GET form that works before (or without) the app's code. */
function SearchForm({ filter, text, onText, onSearch }: { filter: IdeaFilter; text: string; onText: (text: string) => void; onSearch: () => void }) {
  return (
    <Suspense fallback={null}>
      {/* A plain GET form too: without JavaScript it asks the server for home with the search. */}
      <form
        role="search"
        method="get"
        action={filter.topic ? topicHref(filter.topic) : '/'}
        className="relative w-full md:w-72 lg:w-80"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch();
        }}
      >
        {filter.category !== 'all' && <input type="hidden" name="category" value={filter.category} />}
        {/* The sort and price filters go with a search sent without JavaScript. */}
        {(['sort', 'window', 'minPrice', 'maxPrice', 'currency'] as const).map((name) =>
          filter[name] ? <input key={name} type="hidden" name={name} value={filter[name]} /> : null,
        )}
        <label htmlFor="idea-search" className="sr-only">
          Search ideas and products
        </label>
        <Search className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2" aria-hidden />
        <Input
          id="idea-search"
          name="q"
          type="search"
          placeholder="Search ideas and products..."
          value={text}
          onChange={(e) => onText(e.target.value)}
          className="h-10 pl-9"
          maxLength={200}
        />
      </form>
    </Suspense>
  );
}

/**
 * All, Ideas and Products. Tabs without panels: the one list below shows the chosen category, so no
 * aria-controls. Each tab is a link to its address, so it works before (or without) the app's code.
 * A Suspense boundary of its own, so React may hydrate it apart from the rest.
 */
function CategoryTabs({ filter, onCategory }: { filter: IdeaFilter; onCategory: (category: IdeaFilter['category']) => void }) {
  return (
    <Suspense fallback={null}>
      <Tabs value={filter.category} onValueChange={(v) => isTab(v) && onCategory(v)}>
        <TabsList aria-label="Category" className="h-10 w-full md:w-fit">
          {TABS.map(({ value, label, icon }) => (
            <TabsTrigger key={value} value={value} className="px-4" aria-controls={undefined} asChild>
              <Link to={homeHref({ ...filter, category: value })} replace preventScrollReset>
                {icon} {label}
              </Link>
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
    </Suspense>
  );
}

/** Where the next page loads when the end of the grid comes into view; says so, or offers to try again. */
/** The address of the list's next page (its keyset cursor), with the same filters; null at the end. */
function moreHref(params: URLSearchParams, next: string | null): string | null {
  if (!next) return null;
  const p = new URLSearchParams(params);
  p.set('cursor', next);
  return `?${p.toString()}`;
}

function NextPage({
  sentinel,
  loading,
  failed,
  onMore,
  moreHref,
}: {
  sentinel: RefObject<HTMLDivElement | null>;
  loading: boolean;
  failed: boolean;
  onMore: () => void;
  moreHref: string | null;
}) {
  return (
    <div ref={sentinel} className="mt-8 flex justify-center" aria-live="polite">
      {loading ? (
        <span className="text-muted-foreground inline-flex items-center gap-2 text-sm">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Loading more…
        </span>
      ) : failed ? (
        <div className="flex flex-col items-center gap-2 text-sm">
          <span className="text-destructive">Could not load more ideas.</span>
          <Button variant="outline" size="sm" onClick={onMore}>
            Try again
          </Button>
        </div>
      ) : moreHref ? (
        // A plain link to the next page's address (the server draws it without JavaScript); with it, the page grows in place.
        <Button asChild variant="outline">
          <a
            href={moreHref}
            onClick={(e) => {
              e.preventDefault();
              onMore();
            }}
          >
            More
          </a>
        </Button>
      ) : null}
    </div>
  );
}
