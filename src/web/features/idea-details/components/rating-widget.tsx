import { signInPath } from '@shared/rules/return-path';
import type { IdeaDetail } from '@shared/schemas/ideas';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useRateIdea } from '../api/rate-idea';

export function ratingSummaryText(average: number | null, count: number): string {
  if (average === null || count === 0) return 'No ratings yet';
  return `${average.toFixed(1)} · ${count} ${count === 1 ? 'rating' : 'ratings'}`;
}

/** Five stars, filled to `value` (rounded to the nearest half is not needed: whole and partial fill). */
export function Stars({ value, className }: { value: number | null; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)} aria-hidden>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={cn('size-4', value !== null && value >= n - 0.25 ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground/50')}
        />
      ))}
    </span>
  );
}

/**
 * Rating of an item (our reading): the community's average to one decimal and the count for
 * everyone, the creator's own rating (set when sharing) apart and labelled as theirs; 1 to 5 stars
 * for signed-in people other than the owner, who can change or remove theirs.
 */
export function RatingWidget({ idea, signedIn }: { idea: IdeaDetail; signedIn: boolean }) {
  const rate = useRateIdea(idea.id);
  const mine = idea.viewer?.rating ?? null;
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? mine ?? 0;
  const canRate = signedIn && !idea.isOwner;

  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-1">
        <p className="text-muted-foreground text-xs font-medium tracking-wide uppercase">Community rating</p>
        <div className="flex items-center gap-2">
          <Stars value={idea.ratingAverage} />
          <span className="text-sm font-medium tabular-nums">{ratingSummaryText(idea.ratingAverage, idea.ratingCount)}</span>
        </div>
      </div>
      {idea.rating !== null ? (
        // The creator's own score, given when sharing: never mixed into the community's.
        <div className="bg-muted/60 flex items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm" data-testid="creator-rating">
          <span className="text-muted-foreground">{idea.isOwner ? 'Your own rating' : 'Creator’s own rating'}</span>
          <span className="inline-flex items-center gap-1 font-medium tabular-nums">
            <Star className="size-3.5 fill-amber-400 text-amber-400" aria-hidden />
            {idea.rating.toFixed(1)} / 5
          </span>
        </div>
      ) : null}
      {canRate ? (
        <div>
          <div
            role="radiogroup"
            aria-label="Your rating"
            className="flex items-center gap-1"
            onMouseLeave={() => setHover(null)}
          >
            {[1, 2, 3, 4, 5].map((n) => (
              <button
                key={n}
                type="button"
                role="radio"
                aria-checked={mine === n}
                aria-label={`${n} ${n === 1 ? 'star' : 'stars'}`}
                disabled={rate.isPending}
                onMouseEnter={() => setHover(n)}
                onFocus={() => setHover(n)}
                onBlur={() => setHover(null)}
                onClick={() => rate.mutate(n)}
                className="focus-visible:ring-ring/50 rounded-md p-1 transition-transform outline-none hover:scale-110 focus-visible:ring-[3px] disabled:opacity-60"
              >
                <Star className={cn('size-7', n <= shown ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground/60')} aria-hidden />
              </button>
            ))}
          </div>
          <p className="text-muted-foreground mt-2 flex min-h-8 items-center gap-2 text-sm">
            {mine !== null ? (
              <>
                You rated it {mine} {mine === 1 ? 'star' : 'stars'}.
                <Button variant="link" size="sm" className="h-auto px-0" disabled={rate.isPending} onClick={() => rate.mutate(null)}>
                  Remove my rating
                </Button>
              </>
            ) : (
              'Tap a star to rate.'
            )}
          </p>
        </div>
      ) : idea.isOwner ? (
        <p className="text-muted-foreground text-sm">This is your item: others rate it.</p>
      ) : (
        <p className="text-muted-foreground text-sm">
          <Link to={signInPath(`/ideas/${idea.id}`)} className="text-primary font-medium underline-offset-4 hover:underline">
            Sign in
          </Link>{' '}
          to rate this item.
        </p>
      )}
    </div>
  );
}
