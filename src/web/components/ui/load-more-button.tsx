import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { Button } from './button';

/** A paged list's 'Load more' under it, while its query has a next page (`className`: its spacing). */
export function LoadMoreButton({ query, className }: { query: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>; className: string }) {
  if (!query.hasNextPage) return null;
  return (
    <div className={`${className} flex justify-center`}>
      <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
        {query.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden /> : null}
        {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}
