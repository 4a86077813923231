/**
 * 'Today's top' (issue 27 point 1): a strip above the grid ranking the items shared in the last 24
 * hours by likes (ties: newest), numbered, with a link to the whole ranking
 * (`?sort=top&window=day`). Nothing at all when nothing was shared that day.
 */
import { type HomeFilter, homeHref, todaysTopRequest } from '@shared/constants';
import type { IdeaListResponse } from '@shared/schemas/ideas';
import { useQuery } from '@tanstack/react-query';
import { Heart, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { api } from '../../../lib/api-client';
import { ideasKeys } from '../../../lib/ideas-keys';

export function TodaysTop({ filter }: { filter: HomeFilter }) {
  const scope = { category: filter.category, topic: filter.topic };
  const query = useQuery({ queryKey: ideasKeys.today(scope), queryFn: () => api<IdeaListResponse>(todaysTopRequest(scope)) });
  const items = query.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="todays-top-heading" className="bg-card mb-3 flex items-center gap-2 rounded-xl border px-3 py-1 shadow-xs sm:mb-4">
      <h3 id="todays-top-heading" className="flex shrink-0 items-center gap-1.5 text-sm font-semibold whitespace-nowrap">
        <Trophy className="size-4 text-amber-500" aria-hidden /> <span className="max-sm:sr-only">Today’s top</span>
      </h3>
      {/* Positioned, so its screen-reader texts scroll with it instead of widening the page. */}
      <ol className="relative flex min-w-0 flex-1 items-center gap-1 overflow-x-auto">
        {items.map((idea, i) => (
          <li key={idea.id} className="shrink-0">
            <Link
              to={`/ideas/${idea.id}`}
              title={idea.title}
              className="hover:bg-muted focus-visible:ring-ring/50 inline-flex h-9 items-center gap-1.5 rounded-full px-2.5 text-sm outline-none focus-visible:ring-[3px]"
            >
              <span className="text-primary font-bold tabular-nums" aria-hidden>
                {i + 1}
              </span>
              <span className="max-w-44 truncate">{idea.title}</span>
              <span className="text-muted-foreground inline-flex items-center gap-0.5 text-xs tabular-nums">
                <Heart className="size-3" aria-hidden />
                {idea.likeCount}
                <span className="sr-only"> likes</span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
      <Link
        to={homeHref({ category: filter.category, topic: filter.topic, sort: 'top', window: 'day' })}
        className="text-primary inline-flex h-9 shrink-0 items-center px-1 text-sm font-medium whitespace-nowrap hover:underline"
      >
        See all
      </Link>
    </section>
  );
}
