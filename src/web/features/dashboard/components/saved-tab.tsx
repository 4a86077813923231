import type { IdeaCard as IdeaCardData } from '@shared/schemas/ideas';
import { Bookmark } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { CardActionsProvider, IdeaCard, IdeaCardActions, useSavedIdeas } from '../../ideas';
import { EmptyPanel } from '../../../components/ui/empty-panel';
import { PagedIdeas } from './paged-ideas';

/** 'Saved': the items the person bookmarked. */
export function SavedTab() {
  return (
    <CardActionsProvider>
      <PagedIdeas
        query={useSavedIdeas()}
        label="Saved ideas"
        loadingText="Loading saved ideas..."
        errorTitle="Saved ideas could not be loaded"
        empty={
          <EmptyPanel
            icon={<Bookmark className="size-8" aria-hidden />}
            title="No saved ideas yet"
            text="Tap the bookmark on any idea or product to keep it here."
            action={
              <Button asChild variant="outline">
                <Link to="/">Browse ideas</Link>
              </Button>
            }
          />
        }
        renderItem={(idea: IdeaCardData) => <IdeaCard idea={idea} actions={<IdeaCardActions idea={idea} />} />}
      />
    </CardActionsProvider>
  );
}
