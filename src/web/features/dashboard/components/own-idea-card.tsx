import type { OwnIdea } from '@shared/schemas/ideas';
import { categoryLabel, priceText } from '@shared/format';
import { timeAgo } from '@shared/rules/time-ago';
import { Heart, MessageCircle, Pencil, Star, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { IdeaCover } from '../../../components/ideas/idea-cover';

interface OwnIdeaCardProps {
  idea: OwnIdea;
  onEdit: (idea: OwnIdea) => void;
  onDelete: (idea: OwnIdea) => void;
}

/** One of the person's own items on the dashboard, with its real counts and edit/delete icons. */
export function OwnIdeaCard({ idea, onEdit, onDelete }: OwnIdeaCardProps) {
  return (
    <Card className="group relative gap-0 overflow-hidden p-0 focus-within:ring-ring focus-within:ring-2">
      <IdeaCover src={idea.thumbnailUrl ?? idea.imageUrl} title={idea.title} category={idea.category} frame="aspect-[16/9]" width={640} height={360}>
        <Badge variant="secondary" className="absolute top-3 left-3 shadow-sm">
          {categoryLabel(idea.category)}
        </Badge>
      </IdeaCover>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-2 leading-snug font-semibold">
          <Link to={`/ideas/${idea.id}`} className="hover:underline focus-visible:outline-none">
            {idea.title}
          </Link>
        </h3>
        <p className="text-muted-foreground line-clamp-2 text-sm">{idea.description}</p>
        <div className="mt-auto flex items-baseline justify-between gap-2 pt-1">
          <p className="text-primary text-lg font-bold tabular-nums">{priceText(idea.price, idea.currency)}</p>
          <time dateTime={idea.createdAt} className="text-muted-foreground shrink-0 text-xs">
            {timeAgo(idea.createdAt)}
          </time>
        </div>
        <div className="text-muted-foreground flex items-center gap-4 border-t pt-3 text-xs">
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
          {idea.ratingAverage !== null ? (
            <span className="inline-flex items-center gap-1" title="Rating">
              <Star className="size-3.5 fill-amber-400 text-amber-400" aria-hidden />
              <span className="sr-only">Rating </span>
              {idea.ratingAverage.toFixed(1)}
            </span>
          ) : null}
          <div className="ml-auto flex items-center gap-1">
            <Button variant="ghost" size="icon-sm" aria-label={`Edit ${idea.title}`} title="Edit" onClick={() => onEdit(idea)}>
              <Pencil aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon-sm"
              className="text-destructive hover:text-destructive hover:bg-destructive/10"
              aria-label={`Delete ${idea.title}`}
              title="Delete"
              onClick={() => onDelete(idea)}
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        </div>
      </div>
    </Card>
  );
}
