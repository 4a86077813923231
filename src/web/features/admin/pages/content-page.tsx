import type { AdminContent } from '@shared/schemas/admin';
import { contentCategoryFilterSchema } from '@shared/schemas/admin';
import { categoryLabel, creatorDisplayName, formatPrice } from '@shared/format';
import { timeAgo } from '@shared/rules/time-ago';
import { ExternalLink, FileText, Heart, ImageIcon, Lightbulb, MoreHorizontal, Package, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { toast } from '../../../components/ui/use-toast';
import { RemovalReasonField } from '../../notifications';
import { useContent, useContentCounts, useDeleteContent } from '../api/admin-api';
import { AdminList, FilterSelect, SearchBox } from '../components/list-parts';
import { PageHeader } from '../components/page-header';
import { StatCard, StatGrid } from '../components/stat-card';
import { formatCount } from '../lib/format';
import { useChoiceParam, useSearchParam } from '../lib/use-url-filters';

type CategoryFilter = (typeof contentCategoryFilterSchema.options)[number];

const CATEGORY_FILTERS: { value: CategoryFilter; label: string }[] = [
  { value: 'all', label: 'All Categories' },
  { value: 'idea', label: 'Ideas' },
  { value: 'product', label: 'Products' },
];

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

      <AdminList
        query={list}
        keyOf={(i) => i.id}
        breakpoint="xl"
        empty="No content found matching your search criteria."
        toolbar={
          <>
            <SearchBox
              value={search.text}
              onChange={search.setText}
              placeholder="Search by title, description or creator..."
              label="Search content"
            />
            <FilterSelect value={category} onChange={setCategory} options={CATEGORY_FILTERS} label="Filter by category" className="w-full sm:w-48" />
          </>
        }
        row={(item) => (
          <div className="flex items-start gap-3">
            <div className="min-w-0 flex-1 space-y-2">
              <ContentCell item={item} />
              <div className="text-muted-foreground flex flex-wrap items-center gap-x-3 gap-y-1 pl-14 text-xs">
                <CategoryBadge item={item} />
                <span className="text-foreground font-medium tabular-nums">{formatPrice(item.price, item.currency, { currencyAs: 'code' })}</span>
                <Rating item={item} />
              </div>
              <p className="text-muted-foreground pl-14 text-xs">
                by {creatorDisplayName(item.creator.name)} · <time dateTime={item.createdAt}>{timeAgo(item.createdAt)}</time>
              </p>
            </div>
            <ContentMenu item={item} onDelete={() => setTarget(item)} />
          </div>
        )}
        columns={[
          { header: 'Content', headClassName: 'pl-4', cellClassName: 'pl-4', cell: (item) => <ContentCell item={item} /> },
          {
            header: 'Creator',
            cell: (item) => (
              <>
                <p className="max-w-36 truncate">{creatorDisplayName(item.creator.name)}</p>
                {item.creator.email && <p className="text-muted-foreground max-w-36 truncate text-xs">{item.creator.email}</p>}
              </>
            ),
          },
          { header: 'Category', cell: (item) => <CategoryBadge item={item} /> },
          {
            header: 'Price',
            headClassName: 'text-right',
            cellClassName: 'text-right font-medium tabular-nums',
            cell: (item) => formatPrice(item.price, item.currency, { currencyAs: 'code' }),
          },
          { header: 'Rating', cell: (item) => <Rating item={item} /> },
          { header: 'Created', cellClassName: 'text-muted-foreground', cell: (item) => <time dateTime={item.createdAt}>{timeAgo(item.createdAt)}</time> },
          {
            header: 'Actions',
            headClassName: 'pr-4 text-right',
            cellClassName: 'pr-4 text-right',
            cell: (item) => <ContentMenu item={item} onDelete={() => setTarget(item)} />,
          },
        ]}
      />

      <ConfirmDialog
        open={target !== null}
        onClose={() => setTarget(null)}
        title="Delete Content"
        description={target ? deleteConfirmation(target.title) : ''}
        action="Delete"
        pending={remove.isPending}
        onConfirm={confirmDelete}
      >
        <RemovalReasonField value={reason} onChange={setReason} disabled={remove.isPending} />
      </ConfirmDialog>
    </>
  );
}

function CategoryBadge({ item }: { item: AdminContent }) {
  return (
    <Badge variant={item.category === 'idea' ? 'secondary' : 'outline'}>
      {categoryLabel(item.category)}
    </Badge>
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
