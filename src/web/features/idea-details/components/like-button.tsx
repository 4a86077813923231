import { LIKE_SIGN_IN_REQUIRED } from '@shared/constants';
import { itemReturnPath } from '@shared/rules/after-sign-in';
import type { IdeaDetail } from '@shared/schemas/ideas';
import { Heart } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { SignInOrJoin } from '../../../components/ui/sign-in-or-join';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { cn } from '../../../lib/cn';
import { useToggleLike } from '../api/like-idea';

/**
 * Like (SPEC §4): toggles at once and shows the real count. For a visitor it is an invitation
 * (issue 15 point 3): the same button, which opens a small panel saying why ('Must be logged in
 * to like ideas') with Sign In and Join, both coming back to this item afterwards.
 */
export function LikeButton({ idea, signedIn }: { idea: IdeaDetail; signedIn: boolean }) {
  const toggle = useToggleLike(idea.id);
  const liked = idea.viewer?.liked ?? false;
  const label = `${idea.likeCount} ${idea.likeCount === 1 ? 'like' : 'likes'}`;

  if (!signedIn) {
    // Back on the item, liked (src/shared/rules/after-sign-in.ts).
    const here = itemReturnPath(idea.id, 'like');
    return (
      <Popover>
        <PopoverTrigger asChild>
          <Button variant="outline">
            <Heart aria-hidden />
            <span className="sr-only">Like ·</span> {label}
          </Button>
        </PopoverTrigger>
        <PopoverContent align="start" aria-labelledby="like-sign-in-title">
          <div className="flex items-start gap-3">
            <span className="mt-0.5 rounded-full bg-rose-100 p-2 text-rose-600 dark:bg-rose-500/15 dark:text-rose-300" aria-hidden>
              <Heart className="size-4" />
            </span>
            <div className="grid gap-1">
              <p id="like-sign-in-title" className="text-sm font-semibold">
                {LIKE_SIGN_IN_REQUIRED}
              </p>
              <p className="text-muted-foreground text-sm">Sign in or create a free account to like this {idea.category}. You’ll come right back here, liked.</p>
            </div>
          </div>
          <SignInOrJoin here={here} />
        </PopoverContent>
      </Popover>
    );
  }
  return (
    <Button
      variant="outline"
      aria-pressed={liked}
      onClick={() => toggle.mutate(!liked)}
      className={cn(liked && 'border-rose-300 bg-rose-50 text-rose-700 hover:bg-rose-100 hover:text-rose-800 dark:border-rose-400/40 dark:bg-rose-500/15 dark:text-rose-200 dark:hover:bg-rose-500/25 dark:hover:text-rose-100')}
    >
      <Heart aria-hidden className={cn('transition-transform', liked && 'scale-110 fill-current')} />
      <span className="sr-only">{liked ? 'Unlike' : 'Like'} ·</span> {label}
    </Button>
  );
}
