import type { AdminContent } from '@shared/schemas/admin';
import { contentCategoryFilterSchema } from '@shared/schemas/admin';
import { creatorDisplayName } from '@shared/format';
import { ExternalLink, FileText, Heart, ImageIcon, Lightbulb, Loader2, MoreHorizontal, Package, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { toast } from '../../../components/ui/use-toast';
import { RemovalReasonField } from '../../notifications/components/removal-reason-field';
import { useContent, useContentCounts, useDeleteContent } from '../api/admin-api';
import { EmptyRow, ErrorRow, LoadMore, MobileList, SearchBox, SkeletonRows, WideOnly } from '../components/list-parts';
import { PageHeader } from '../components/page-header';
import { StatCard, StatGrid } from '../components/stat-card';
import { formatCount, formatCurrencyAmount, relativeDate } from '../lib/format';
import { useChoiceParam, useSearchParam } from '../lib/use-url-filters';

type CategoryFilter = (typeof contentCategoryFilterSchema.options)[number];

const CATEGORY_FILTERS: { value: CategoryFilter; label: string }[] = [
  { value: 'all', label: 'All Categories' },
  { value: 'idea', label: 'Ideas' },
  { value: 'product', label: 'Products' },
];

const COLUMNS = 7;

/** 'Are you sure you want to delete "{title}"? This action cannot be undone.' (SPEC §2). */
export function deleteConfirmation(title: string): string {
  return `Are you sure you want to delete "${title}"? This action cannot be undone.`;
}

export default function ContentPage() {
  const search = useSearchParam('q');
  const [category, setCategory] = useChoiceParam('category', contentCategoryFilterSchema.options, 'all');
  const counts = useContentCounts();
  const list = useContent({ q: search.value || undefined, category });
  const remove = useDeleteContent();
  const [target, setTarget] = useState<AdminContent | null>(null);
  const [reason, setReason] = useState('');
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const c = counts.data;

  const confirmDelete = () => {
    if (!target) return;
    remove.mutate(
      { id: target.id, reason },
      {
        onSuccess: () => toast({ title: 'Idea Deleted', description: 'The idea has been removed from the platform.' }),
        onError: (error) => toast({ variant: 'destructive', title: 'Delete Failed', description: error.message }),
        onSettled: () => {
          setTarget(null);
          setReason('');
        },
      },
    );
  };

  return (
    <>
      <PageHeader title="Content Management" description="Review what people share and remove what does not belong." />
      <StatGrid>
        <StatCard label="Total Content" icon={FileText} loading={counts.isPending} value={c && formatCount(c.total)} />
        <StatCard label="Ideas" icon={Lightbulb} tone="warning" loading={counts.isPending} value={c && formatCount(c.ideas)} />
        <StatCard label="Products" icon={Package} tone="info" loading={counts.isPending} value={c && formatCount(c.products)} />
        <StatCard label="Total Likes" icon={Heart} tone="destructive" loading={counts.isPending} value={c && formatCount(c.totalLikes)} />
      </StatGrid>

      <Card className="gap-0 py-0">
        <div className="flex flex-col gap-3 border-b p-4 sm:flex-row sm:items-center">
          <SearchBox
            value={search.text}
            onChange={search.setText}
            placeholder="Search by title, description or creator..."
            label="Search content"
          />
          <Select value={category} onValueChange={(v) => setCategory(v as CategoryFilter)}>
            <SelectTrigger className="w-full sm:w-48" aria-label="Filter by category">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {CATEGORY_FILTERS.map((f) => (
                <SelectItem key={f.value} value={f.value}>
                  {f.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <MobileList
          breakpoint="xl"
          items={rows}
          keyOf={(i) => i.id}
          pending={list.isPending}
          error={list.isError ? list.error : null}
          onRetry={() => void list.refetch()}
          empty="No content found matching your search criteria."
          render={(item) => (
            <div className="flex items-start gap-3">
              <div className="min-w-0 flex-1 space-y-2">
                <ContentCell item={item} />
                <div className="text-muted-foreground flex flex-wrap items-center gap-x-3 gap-y-1 pl-14 text-xs">
                  <Badge variant={item.category === 'idea' ? 'secondary' : 'outline'} className="capitalize">
                    {item.category}
                  </Badge>
                  <span className="text-foreground font-medium tabular-nums">{formatCurrencyAmount(item.price, item.currency)}</span>
                  <Rating item={item} />
                </div>
                <p className="text-muted-foreground pl-14 text-xs">
                  by {creatorDisplayName(item.creator.name)} · <time dateTime={item.createdAt}>{relativeDate(item.createdAt)}</time>
                </p>
              </div>
              <ContentMenu item={item} onDelete={() => setTarget(item)} />
            </div>
          )}
        />
        <WideOnly breakpoint="xl">
          <Table aria-busy={list.isFetching}>
            <TableHeader>
              <TableRow>
                <TableHead className="pl-4">Content</TableHead>
                <TableHead>Creator</TableHead>
                <TableHead>Category</TableHead>
                <TableHead className="text-right">Price</TableHead>
                <TableHead>Rating</TableHead>
                <TableHead>Created</TableHead>
                <TableHead className="pr-4 text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.isPending ? (
                <SkeletonRows columns={COLUMNS} />
              ) : list.isError ? (
                <ErrorRow columns={COLUMNS} message={list.error.message} onRetry={() => void list.refetch()} />
              ) : rows.length === 0 ? (
                <EmptyRow columns={COLUMNS}>No content found matching your search criteria.</EmptyRow>
              ) : (
                rows.map((item) => (
                  <TableRow key={item.id}>
                    <TableCell className="pl-4">
                      <ContentCell item={item} />
                    </TableCell>
                    <TableCell>
                      <p className="max-w-36 truncate">{creatorDisplayName(item.creator.name)}</p>
                      {item.creator.email && <p className="text-muted-foreground max-w-36 truncate text-xs">{item.creator.email}</p>}
                    </TableCell>
                    <TableCell>
                      <Badge variant={item.category === 'idea' ? 'secondary' : 'outline'} className="capitalize">
                        {item.category}
                      </Badge>
                    </TableCell>
                    <TableCell className="text-right font-medium tabular-nums">{formatCurrencyAmount(item.price, item.currency)}</TableCell>
                    <TableCell>
                      <Rating item={item} />
                    </TableCell>
                    <TableCell className="text-muted-foreground">
                      <time dateTime={item.createdAt}>{relativeDate(item.createdAt)}</time>
                    </TableCell>
                    <TableCell className="pr-4 text-right">
                      <ContentMenu item={item} onDelete={() => setTarget(item)} />
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </WideOnly>
        <LoadMore hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
      </Card>

      <AlertDialog open={target !== null} onOpenChange={(open) => !open && !remove.isPending && setTarget(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete Content</AlertDialogTitle>
            <AlertDialogDescription>{target ? deleteConfirmation(target.title) : ''}</AlertDialogDescription>
          </AlertDialogHeader>
          <RemovalReasonField value={reason} onChange={setReason} disabled={remove.isPending} />
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
            <AlertDialogAction
              className={buttonVariants({ variant: 'destructive' })}
              disabled={remove.isPending}
              onClick={(e) => {
                // Stay open until the server answers.
                e.preventDefault();
                confirmDelete();
              }}
            >
              {remove.isPending && <Loader2 className="animate-spin" aria-hidden />}
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

function ContentCell({ item }: { item: AdminContent }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <div className="bg-muted flex size-11 shrink-0 items-center justify-center overflow-hidden rounded-md">
        {item.thumbnailUrl ? (
          <img src={item.thumbnailUrl} alt="" width={44} height={44} loading="lazy" className="size-full object-cover" />
        ) : (
          <ImageIcon className="text-muted-foreground size-5" aria-hidden />
        )}
      </div>
      <div className="min-w-0 xl:max-w-52">
        <p className="truncate font-medium">{item.title}</p>
        <p className="text-muted-foreground truncate text-xs">{item.excerpt}</p>
      </div>
    </div>
  );
}

/** Average to one decimal and the count, or 'No ratings'. */
function Rating({ item }: { item: AdminContent }) {
  if (item.ratingAverage === null) return <span className="text-muted-foreground text-xs">No ratings</span>;
  return (
    <span className="inline-flex items-center gap-1 tabular-nums">
      <Star className="size-3.5 fill-amber-400 text-amber-400" aria-hidden />
      <span className="font-medium">{item.ratingAverage.toFixed(1)}</span>
      <span className="text-muted-foreground text-xs">
        ({item.ratingCount}
        <span className="sr-only"> {item.ratingCount === 1 ? 'rating' : 'ratings'}</span>)
      </span>
    </span>
  );
}

function ContentMenu({ item, onDelete }: { item: AdminContent; onDelete: () => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${item.title}`}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-44">
        <DropdownMenuItem asChild>
          <a href={`/ideas/${item.id}`} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden />
            View Details
          </a>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={onDelete}>
          <Trash2 aria-hidden />
          Delete Content
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
