import type { IdeaCard as IdeaCardData } from '@shared/schemas/ideas';
import { categoryLabel, creatorDisplayName, priceText } from '@shared/format';
import { timeAgo } from '@shared/rules/time-ago';
import { Link } from 'react-router';
import { LocalTime } from '../../../components/ui/local-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { prefetchIdeaDetails } from '../../idea-details';
import { CardIcon } from './card-icons';
import { PersonAvatar } from '../../../components/people/person-avatar';
import { COVER_FRAME, type CoverLoad, IdeaCover } from '../../../components/ideas/idea-cover';
import { TopicLinks } from '../../../components/ideas/topic-links';

/**
 * One item in the grid; the whole card opens its details page. Plain markup with the short class
 * names of styles/index.css's item cards (no class merging at render, no long utility lists
 * repeated twenty times on home), its icons by reference to the icon sprite (CardIcon). On a phone it
 * stays under ~360 px tall, and its actions are 44 px touch targets.
 */
export function IdeaCard({ idea, load, actions }: { idea: IdeaCardData; load?: CoverLoad; actions?: React.ReactNode }) {
  const name = creatorDisplayName(idea.creator.name);
  return (
    <article className="idea-card">
      <IdeaCover src={idea.thumbnailUrl} title={idea.title} category={idea.category} load={load}>
        <span className="card-badge">
          {categoryLabel(idea.category)}
        </span>
        {/* On the picture, out of the flow: the reader's clock may change its words after the app takes over, never the card's layout. */}
        <LocalTime dateTime={idea.createdAt} text={timeAgo} className="card-time" />
      </IdeaCover>
      <div className="card-body">
        <h3 className="card-title">
          <Link
            to={`/ideas/${idea.id}`}
            className="card-link"
            onPointerEnter={prefetchIdeaDetails}
            onTouchStart={prefetchIdeaDetails}
            onFocus={prefetchIdeaDetails}
          >
            {idea.title}
          </Link>
        </h3>
        <p className="card-excerpt">{idea.excerpt}</p>
        <TopicLinks topics={idea.topics} />
        <div className="card-row">
          <p className="card-price text-primary">{priceText(idea.price, idea.currency)}</p>
          <p className="card-stats">
            <span className="card-stat" title="Rating">
              <CardIcon name={idea.ratingAverage !== null ? 'star-filled' : 'star'} className={idea.ratingAverage !== null ? 'size-3.5 text-amber-400' : 'size-3.5'} />
              <span className="sr-only">Rating </span>
              {idea.ratingAverage !== null ? idea.ratingAverage.toFixed(1) : '–'}
            </span>
            <span className="card-stat" title="Likes">
              <CardIcon name="heart" className="size-3.5" />
              {idea.likeCount}
              <span className="sr-only"> likes</span>
            </span>
            <span className="card-stat" title="Comments">
              <CardIcon name="comment" className="size-3.5" />
              {idea.commentCount}
              <span className="sr-only"> comments</span>
            </span>
          </p>
        </div>
        <div className="card-foot">
          <PersonAvatar person={idea.creator} size="sm" />
          <p className="card-by mr-auto">
            {/* The whole name, wrapping to a second line if it must: never cut (issue 27). */}
            <span className="break-words">
              {/* Above the title link's overlay, so the name opens the maker's page (issue 16). */}
              by{' '}
              <Link to={`/makers/${encodeURIComponent(idea.creator.id)}`} className="card-maker">
                {name}
              </Link>
            </span>
          </p>
          {actions ? <div className="card-actions">{actions}</div> : null}
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
