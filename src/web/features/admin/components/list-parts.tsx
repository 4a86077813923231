/**
 * Every admin list (Users, Content, Reports, Payments, Coupons, Audit Log): AdminList draws the card
 * with its toolbar, the table on wide screens and stacked rows on narrow ones (each with its
 * loading, error and empty states) and Load more; SearchBox and FilterSelect sit in its toolbar.
 */
import { Loader2, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { OptionSelect } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';

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

/** The toolbar's filter: one of a few choices, named for screen readers by `label`. */
export function FilterSelect<V extends string>({
  value,
  onChange,
  options,
  label,
  className,
}: {
  value: V;
  onChange: (value: V) => void;
  options: readonly { value: V; label: string }[];
  label: string;
  className: string;
}) {
  return <OptionSelect value={value} onChange={onChange} options={options} trigger={{ className, 'aria-label': label }} />;
}

function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={columns} className="text-muted-foreground h-32 text-center whitespace-normal">
        {children}
      </TableCell>
    </TableRow>
  );
}

function SkeletonRows({ columns, rows = 5 }: { columns: number; rows?: number }) {
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

function ErrorRow({ columns, message, onRetry }: { columns: number; message: string; onRetry: () => void }) {
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

function LoadMore({ hasMore, loading, onLoad }: { hasMore: boolean; loading: boolean; onLoad: () => void }) {
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
type ListBreakpoint = 'md' | 'lg' | 'xl';
const LIST_HIDDEN: Record<ListBreakpoint, string> = { md: 'md:hidden', lg: 'lg:hidden', xl: 'xl:hidden' };
const TABLE_SHOWN: Record<ListBreakpoint, string> = { md: 'hidden md:block', lg: 'hidden lg:block', xl: 'hidden xl:block' };

/** Wraps a list's table: shown from `breakpoint` up, where MobileList hides. */
function WideOnly({ breakpoint = 'md', children }: { breakpoint?: ListBreakpoint; children: ReactNode }) {
  return <div className={TABLE_SHOWN[breakpoint]}>{children}</div>;
}

/**
 * The same list as stacked rows for narrower screens, where a wide table would hide its last
 * columns behind a sideways scroll. Pages render it beside their table (in WideOnly), one of the two hidden.
 */
function MobileList<T>({
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

/** The paged list query of an admin list (TanStack's infinite query). */
interface ListQuery<T> {
  data: { pages: { items: T[] }[] } | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: Error | null;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

/** A column of the wide table: its heading and each row's cell. */
export interface ListColumn<T> {
  header: ReactNode;
  headClassName?: string;
  cellClassName?: string | ((item: T) => string);
  cell: (item: T) => ReactNode;
}

interface AdminListProps<T> {
  query: ListQuery<T>;
  keyOf: (item: T) => string;
  columns: ListColumn<T>[];
  /** One item as a stacked row on narrower screens. */
  row: (item: T) => ReactNode;
  /** What an empty list says. */
  empty: string;
  /** Where the table replaces the stacked rows. */
  breakpoint?: ListBreakpoint;
  /** Above the list: the search box and filters. */
  toolbar?: ReactNode;
  toolbarClassName?: string;
  rowClassName?: string;
}

export function AdminList<T>({ query, keyOf, columns, row, empty, breakpoint = 'md', toolbar, toolbarClassName, rowClassName }: AdminListProps<T>) {
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const error = query.isError ? query.error : null;
  const retry = () => void query.refetch();
  const width = columns.length;
  return (
    <Card className="gap-0 py-0">
      {toolbar ? <div className={cn('flex flex-col gap-3 border-b p-4 sm:flex-row sm:items-center', toolbarClassName)}>{toolbar}</div> : null}
      <MobileList breakpoint={breakpoint} items={items} keyOf={keyOf} pending={query.isPending} error={error} onRetry={retry} empty={empty} render={row} />
      <WideOnly breakpoint={breakpoint}>
        <Table aria-busy={query.isFetching}>
          <TableHeader>
            <TableRow>
              {columns.map((c, i) => (
                <TableHead key={i} className={c.headClassName}>
                  {c.header}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {query.isPending ? (
              <SkeletonRows columns={width} />
            ) : error ? (
              <ErrorRow columns={width} message={error.message} onRetry={retry} />
            ) : items.length === 0 ? (
              <EmptyRow columns={width}>{empty}</EmptyRow>
            ) : (
              items.map((item) => (
                <TableRow key={keyOf(item)} className={rowClassName}>
                  {columns.map((c, i) => (
                    <TableCell key={i} className={typeof c.cellClassName === 'function' ? c.cellClassName(item) : c.cellClassName}>
                      {c.cell(item)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </WideOnly>
      <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
    </Card>
  );
}
