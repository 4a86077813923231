import { signInPath } from '@shared/rules/return-path';
import type { IdeaCard } from '@shared/schemas/ideas';
import { useQueryClient } from '@tanstack/react-query';
import { Bookmark, Mail, Share2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { isSignedIn } from '../../auth/hooks/use-session';
import { recordContact } from '../api/contact';
import { useToggleSaved } from '../api/saved';
import { shareIdea } from '../lib/share-idea';

/**
 * A card's Share, Contact and Bookmark buttons (SPEC §2 Home). Contact and Bookmark send a
 * visitor to /auth; for a signed-in person Contact is recorded quietly and Bookmark toggles Saved.
 *
 * The session is asked when a button is pressed (its answer, or the request under way), not
 * watched: a card does not render again when the session's answer arrives (twenty cards at once,
 * on home's first seconds). What a card shows comes from the item: `viewer` is only in a
 * signed-in person's answers.
 */
export function IdeaCardActions({ idea }: { idea: IdeaCard }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toggleSaved = useToggleSaved();
  const saved = Boolean(idea.viewer?.saved);

  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        className="size-11"
        aria-label={`Share ${idea.title}`}
        title="Share"
        onClick={() => void shareIdea(idea)}
      >
        <Share2 className="size-4" aria-hidden />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        className="size-11"
        aria-label={`Contact the creator of ${idea.title}`}
        title="Contact"
        onClick={() =>
          void isSignedIn(queryClient).then((signedIn) => {
            if (!signedIn) return void navigate(signInPath(`/ideas/${idea.id}`));
            // Recorded on the server; nothing is shown (SPEC §2).
            recordContact(idea.id).catch((error: unknown) => console.error('Contact could not be recorded', error));
          })
        }
      >
        <Mail className="size-4" aria-hidden />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        className={cn('size-11', saved && 'text-primary')}
        aria-label={`Save ${idea.title}`}
        aria-pressed={saved}
        title={saved ? 'Saved' : 'Save'}
        onClick={() =>
          void isSignedIn(queryClient).then((signedIn) => {
            if (!signedIn) return void navigate(signInPath(`/ideas/${idea.id}`));
            toggleSaved.mutate({ id: idea.id, saved: !saved });
          })
        }
      >
        <Bookmark className={cn('size-4', saved && 'fill-current')} aria-hidden />
      </Button>
    </>
  );
}
