import type { OwnIdea } from '@shared/schemas/ideas';
import { Plus, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useOwnIdeas } from '../../ideas';
import { EmptyPanel } from '../../../components/ui/empty-panel';
import { PagedIdeas } from './paged-ideas';
import { OwnIdeaCard } from './own-idea-card';


interface MyIdeasTabProps {
  onEdit: (idea: OwnIdea) => void;
  onDelete: (idea: OwnIdea) => void;
}

/** 'My Ideas': the person's own items, newest first, with edit and delete. */
export function MyIdeasTab({ onEdit, onDelete }: MyIdeasTabProps) {
  return (
    <PagedIdeas
      query={useOwnIdeas()}
      label="My ideas"
      loadingText="Loading your ideas..."
      errorTitle="Your ideas could not be loaded"
      empty={
        <EmptyPanel
          icon={<Sparkles className="size-8" aria-hidden />}
          title="No ideas shared yet"
          text="Share an idea or a product with a price and see what the community thinks."
          action={
            <Button asChild>
              <Link to="/create-idea">
                <Plus aria-hidden /> Share Your First Idea
              </Link>
            </Button>
          }
        />
      }
      renderItem={(idea: OwnIdea) => <OwnIdeaCard idea={idea} onEdit={onEdit} onDelete={onDelete} />}
    />
  );
}
