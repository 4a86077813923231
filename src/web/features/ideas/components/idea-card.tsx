import type { IdeaCard as IdeaCardData } from '@shared/schemas/ideas';
import { creatorDisplayName, priceText } from '@shared/format';
import { Link } from 'react-router';
import { LocalTime, sinceDate } from '../../../components/ui/local-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { prefetchIdeaDetails } from '../../idea-details/prefetch';
import { CardIcon } from './card-icons';
import { COVER_FRAME, type CoverLoad, IdeaCover } from './idea-cover';

/**
 * One item in the grid; the whole card opens its details page. Plain markup with fixed class
 * strings (no Card/Badge class merging at render: twenty of these hydrate on home), its icons from
 * the list's sprite (CardIcon, inside a CardActionsProvider). On a phone it
 * stays under ~360 px tall, and its actions are 44 px touch targets.
 */
export function IdeaCard({ idea, load, actions }: { idea: IdeaCardData; load?: CoverLoad; actions?: React.ReactNode }) {
  const name = creatorDisplayName(idea.creator.name);
  return (
    <article className="group bg-card text-card-foreground focus-within:ring-ring relative flex flex-col overflow-hidden rounded-xl border shadow-sm transition-shadow focus-within:ring-2 hover:shadow-lg">
      <IdeaCover src={idea.thumbnailUrl} title={idea.title} category={idea.category} load={load}>
        <span className="bg-secondary text-secondary-foreground absolute top-2.5 left-2.5 rounded-md px-2 py-0.5 text-xs font-medium capitalize shadow-sm">
          {idea.category}
        </span>
      </IdeaCover>
      <div className="flex flex-1 flex-col gap-1.5 px-3 pt-3 pb-2 sm:gap-2 sm:px-4 sm:pt-4">
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
        <p className="text-muted-foreground line-clamp-1 text-sm sm:line-clamp-2">{idea.excerpt}</p>
        <div className="mt-auto flex items-center justify-between gap-3">
          <p className="text-primary text-lg font-bold tabular-nums">{priceText(idea.price, idea.currency)}</p>
          <p className="text-muted-foreground flex items-center gap-3 text-xs">
            <span className="inline-flex items-center gap-1" title="Rating">
              <CardIcon name={idea.ratingAverage !== null ? 'star-filled' : 'star'} className={idea.ratingAverage !== null ? 'size-3.5 text-amber-400' : 'size-3.5'} />
              <span className="sr-only">Rating </span>
              {idea.ratingAverage !== null ? idea.ratingAverage.toFixed(1) : '–'}
            </span>
            <span className="inline-flex items-center gap-1" title="Likes">
              <CardIcon name="heart" className="size-3.5" />
              {idea.likeCount}
              <span className="sr-only"> likes</span>
            </span>
            <span className="inline-flex items-center gap-1" title="Comments">
              <CardIcon name="comment" className="size-3.5" />
              {idea.commentCount}
              <span className="sr-only"> comments</span>
            </span>
          </p>
        </div>
        <div className="flex items-center justify-between gap-2 border-t pt-1.5">
          <p className="text-muted-foreground grid min-w-0 text-xs leading-4">
            <span className="truncate">
              {/* Above the title link's overlay, so the name opens the maker's page (issue 16). */}
              by{' '}
              <Link to={`/makers/${encodeURIComponent(idea.creator.id)}`} className="text-foreground relative z-10 font-medium underline-offset-2 hover:underline">
                {name}
              </Link>
            </span>
            <LocalTime dateTime={idea.createdAt} text={sinceDate} />
          </p>
          {actions ? <div className="relative z-10 flex shrink-0 items-center gap-1.5">{actions}</div> : null}
        </div>
      </div>
    </article>
  );
}

export function IdeaCardSkeleton() {
  return (
    <div className="bg-card overflow-hidden rounded-xl border shadow-sm" aria-hidden>
      <Skeleton className={`w-full rounded-none ${COVER_FRAME}`} />
      <div className="flex flex-col gap-3 p-4">
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    </div>
  );
}

export const GRID_CLASSES = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';
