import type { IdeaDetail } from '@shared/schemas/ideas';
import { Heart } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { useToggleLike } from '../api/like-idea';

/**
 * Like (SPEC §4): toggles at once and shows the real count. For visitors it is shown disabled; an
 * attempt explains why ('Must be logged in to like ideas') and leads to /auth.
 */
export function LikeButton({ idea, signedIn }: { idea: IdeaDetail; signedIn: boolean }) {
  const navigate = useNavigate();
  const toggle = useToggleLike(idea.id);
  const liked = idea.viewer?.liked ?? false;
  const label = `${idea.likeCount} ${idea.likeCount === 1 ? 'like' : 'likes'}`;

  if (!signedIn) {
    return (
      <Button
        variant="outline"
        aria-disabled="true"
        title="Sign in to like ideas"
        className="cursor-not-allowed aria-disabled:pointer-events-auto"
        onClick={() => {
          // The message lives beside the like schemas, which bring zod (~23 KiB gzip): fetched on
          // the press, so the details page's first load goes without it. The toast outlives the page.
          void import('@shared/schemas/engagement').then(({ LIKE_SIGN_IN_REQUIRED }) =>
            toast({ variant: 'destructive', title: 'Error', description: LIKE_SIGN_IN_REQUIRED }),
          );
          navigate('/auth');
        }}
      >
        <Heart aria-hidden />
        <span className="sr-only">Like ·</span> {label}
      </Button>
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
