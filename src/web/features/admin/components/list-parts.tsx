/** Pieces every admin list shares: the search box, the empty row, skeleton rows, Load more, an error row. */
import { Loader2, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { TableCell, TableRow } from '../../../components/ui/table';

export function SearchBox({
  value,
  onChange,
  placeholder,
  label,
}: {
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
  label: string;
}) {
  return (
    <div className="relative w-full sm:max-w-sm">
      <Search className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2" aria-hidden />
      <Input type="search" value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} aria-label={label} className="pl-9" />
    </div>
  );
}

export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={columns} className="text-muted-foreground h-32 text-center whitespace-normal">
        {children}
      </TableCell>
    </TableRow>
  );
}

export function SkeletonRows({ columns, rows = 5 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <TableRow key={r} aria-hidden className="hover:bg-transparent">
          {Array.from({ length: columns }, (_, c) => (
            <TableCell key={c}>
              <Skeleton className={c === 0 ? 'h-9 w-44' : 'h-4 w-20'} />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}

export function ErrorRow({ columns, message, onRetry }: { columns: number; message: string; onRetry: () => void }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={columns} className="h-32 text-center whitespace-normal">
        <p className="text-destructive mb-3 text-sm" role="alert">
          {message}
        </p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </TableCell>
    </TableRow>
  );
}

export function LoadMore({ hasMore, loading, onLoad }: { hasMore: boolean; loading: boolean; onLoad: () => void }) {
  if (!hasMore) return null;
  return (
    <div className="flex justify-center border-t p-3">
      <Button variant="ghost" size="sm" onClick={onLoad} disabled={loading}>
        {loading && <Loader2 className="animate-spin" aria-hidden />}
        {loading ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}

/** Where a list switches from stacked rows to its table (wide tables need more room). */
export type ListBreakpoint = 'md' | 'lg' | 'xl';
const LIST_HIDDEN: Record<ListBreakpoint, string> = { md: 'md:hidden', lg: 'lg:hidden', xl: 'xl:hidden' };
const TABLE_SHOWN: Record<ListBreakpoint, string> = { md: 'hidden md:block', lg: 'hidden lg:block', xl: 'hidden xl:block' };

/** Wraps a list's table: shown from `breakpoint` up, where MobileList hides. */
export function WideOnly({ breakpoint = 'md', children }: { breakpoint?: ListBreakpoint; children: ReactNode }) {
  return <div className={TABLE_SHOWN[breakpoint]}>{children}</div>;
}

/**
 * The same list as stacked rows for narrower screens, where a wide table would hide its last
 * columns behind a sideways scroll. Pages render it beside their table (in WideOnly), one of the two hidden.
 */
export function MobileList<T>({
  breakpoint = 'md',
  items,
  keyOf,
  render,
  pending,
  error,
  onRetry,
  empty,
}: {
  items: T[];
  keyOf: (item: T) => string;
  render: (item: T) => ReactNode;
  pending: boolean;
  error: Error | null;
  onRetry: () => void;
  empty: string;
  breakpoint?: ListBreakpoint;
}) {
  const hide = LIST_HIDDEN[breakpoint];
  if (pending) {
    return (
      <div className={`space-y-3 p-4 ${hide}`} aria-hidden>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    );
  }
  if (error) {
    return (
      <div className={`p-6 text-center ${hide}`}>
        <p className="text-destructive mb-3 text-sm" role="alert">
          {error.message}
        </p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (items.length === 0) return <p className={`text-muted-foreground p-8 text-center text-sm ${hide}`}>{empty}</p>;
  return (
    <ul className={`divide-y ${hide}`}>
      {items.map((item) => (
        <li key={keyOf(item)} className="p-4">
          {render(item)}
        </li>
      ))}
    </ul>
  );
}
