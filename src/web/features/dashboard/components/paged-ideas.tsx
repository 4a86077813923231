import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PagedList } from '../../../components/ui/paged-list';

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

/** A dashboard tab's list of items: a PagedList shown as a grid. */
export function PagedIdeas<T extends { id: string }>({ query, label, loadingText, errorTitle, empty, renderItem }: PagedIdeasProps<T>) {
  return (
    <PagedList query={query} loadingText={loadingText} errorTitle={errorTitle} empty={empty}>
      {(items) => (
        <ul className={OWN_GRID} aria-label={label}>
          {items.map((item) => (
            <li key={item.id} className="flex [&>*]:w-full">
              {renderItem(item)}
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
