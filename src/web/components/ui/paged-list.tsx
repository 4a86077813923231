import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { AlertCircle, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { LoadMoreButton } from './load-more-button';

interface PagedListProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<{ items: T[] }>>;
  loadingText: string;
  errorTitle: string;
  empty: ReactNode;
  /** The list of the items loaded so far (at least one). */
  children: (items: T[]) => ReactNode;
  /** Space above 'Load more' (default mt-8). */
  moreClassName?: string;
}

/** A paged list (the dashboard's tabs): loading, error with retry, empty state, the list and 'Load more'. */
export function PagedList<T>({ query, loadingText, errorTitle, empty, children, moreClassName = 'mt-8' }: PagedListProps<T>) {
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
      {children(items)}
      <LoadMoreButton query={query} className={moreClassName} />
    </>
  );
}
