import type { IdeaCard as IdeaCardData } from '@shared/schemas/ideas';
import { creatorDisplayName, priceText } from '@shared/format';
import { Heart, ImageIcon, MessageCircle, Star } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { LocalTime, sinceDate } from '../../../components/ui/local-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { prefetchIdeaDetails } from '../../idea-details/prefetch';

/** One item in the grid; the whole card opens its details page. */
export function IdeaCard({ idea, priority = false, actions }: { idea: IdeaCardData; priority?: boolean; actions?: React.ReactNode }) {
  const name = creatorDisplayName(idea.creator.name);
  return (
    <Card className="group relative gap-0 overflow-hidden p-0 transition-shadow hover:shadow-lg focus-within:ring-2 focus-within:ring-ring">
      <div className="bg-muted relative aspect-[4/3] overflow-hidden">
        {idea.thumbnailUrl ? (
          <img
            src={idea.thumbnailUrl}
            alt=""
            width={640}
            height={480}
            loading={priority ? 'eager' : 'lazy'}
            decoding="async"
            fetchPriority={priority ? 'high' : 'auto'}
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          />
        ) : (
          <div className="text-muted-foreground flex size-full items-center justify-center">
            <ImageIcon className="size-10" aria-hidden />
          </div>
        )}
        <Badge variant="secondary" className="absolute top-3 left-3 capitalize shadow-sm">
          {idea.category}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-2 leading-snug font-semibold">
          <Link
            to={`/ideas/${idea.id}`}
            className="after:absolute after:inset-0 focus-visible:outline-none"
            onPointerEnter={prefetchIdeaDetails}
            onTouchStart={prefetchIdeaDetails}
            onFocus={prefetchIdeaDetails}
          >
            {idea.title}
          </Link>
        </h3>
        <p className="text-muted-foreground line-clamp-2 text-sm">{idea.excerpt}</p>
        <p className="text-primary text-lg font-bold tabular-nums">{priceText(idea.price, idea.currency)}</p>
        <div className="text-muted-foreground mt-auto flex items-center justify-between gap-2 pt-1 text-xs">
          <span className="truncate">
            {/* Above the title link's overlay, so the name opens the maker's page (issue 16). */}
            by{' '}
            <Link to={`/makers/${encodeURIComponent(idea.creator.id)}`} className="text-foreground relative z-10 font-medium underline-offset-2 hover:underline">
              {name}
            </Link>
          </span>
          <LocalTime dateTime={idea.createdAt} className="shrink-0" text={sinceDate} />
        </div>
        <div className="text-muted-foreground flex items-center gap-4 border-t pt-3 text-xs">
          <span className="inline-flex items-center gap-1" title="Rating">
            <Star className={cn('size-3.5', idea.ratingAverage !== null && 'fill-amber-400 text-amber-400')} aria-hidden />
            <span className="sr-only">Rating </span>
            {idea.ratingAverage !== null ? idea.ratingAverage.toFixed(1) : '–'}
          </span>
          <span className="inline-flex items-center gap-1" title="Likes">
            <Heart className="size-3.5" aria-hidden />
            {idea.likeCount}
            <span className="sr-only"> likes</span>
          </span>
          <span className="inline-flex items-center gap-1" title="Comments">
            <MessageCircle className="size-3.5" aria-hidden />
            {idea.commentCount}
            <span className="sr-only"> comments</span>
          </span>
          {actions ? <div className="relative z-10 ml-auto flex items-center gap-1">{actions}</div> : null}
        </div>
      </div>
    </Card>
  );
}

export function IdeaCardSkeleton() {
  return (
    <Card className="gap-0 overflow-hidden p-0" aria-hidden>
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="flex flex-col gap-3 p-4">
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    </Card>
  );
}

export const GRID_CLASSES = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';
