import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { AlertCircle, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

export const OWN_GRID = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3';

interface PagedIdeasProps<T extends { id: string }> {
  query: UseInfiniteQueryResult<InfiniteData<{ items: T[] }>>;
  /** Accessible name of the list, e.g. 'My ideas'. */
  label: string;
  loadingText: string;
  errorTitle: string;
  empty: ReactNode;
  renderItem: (item: T) => ReactNode;
}

/** A dashboard tab's list: loading, error with retry, empty state, the grid and 'Load more'. */
export function PagedIdeas<T extends { id: string }>({ query, label, loadingText, errorTitle, empty, renderItem }: PagedIdeasProps<T>) {
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  if (query.isPending) {
    return (
      <p className="text-muted-foreground flex items-center justify-center gap-2 py-16 text-sm" role="status">
        <Loader2 className="size-4 animate-spin" aria-hidden /> {loadingText}
      </p>
    );
  }
  if (query.isError && items.length === 0) {
    return (
      <div role="alert" className="bg-card flex flex-col items-center gap-3 rounded-xl border px-6 py-14 text-center">
        <AlertCircle className="text-destructive size-8" aria-hidden />
        <p className="font-semibold">{errorTitle}</p>
        <p className="text-muted-foreground text-sm">{query.error.message}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (items.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className={OWN_GRID} aria-label={label}>
        {items.map((item) => (
          <li key={item.id} className="flex [&>*]:w-full">
            {renderItem(item)}
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <div className="mt-8 flex justify-center">
          <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden /> : null}
            {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </>
  );
}
