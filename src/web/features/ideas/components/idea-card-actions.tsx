import { itemReturnPath } from '@shared/rules/after-sign-in';
import { signInPath } from '@shared/rules/return-path';
import type { IdeaCard } from '@shared/schemas/ideas';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, use, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/use-toast';
import { isSignedIn } from '../../auth';
import { CONTACT_FAILED, contactCreator } from '../../messages';
import { useToggleSaved } from '../../../lib/saved';
import type * as ShareCode from '../lib/share-idea';
import { CardIcon } from './card-icons';

interface CardActions {
  share(idea: IdeaCard): void;
  contact(idea: IdeaCard): void;
  toggleSaved(idea: IdeaCard): void;
}

const CardActionsContext = createContext<CardActions | null>(null);

/**
 * Sharing's code (the share text, its date format, its messages) is a chunk of its own, out of
 * home's first JavaScript (bench/bundle-size.ts). The provider fetches it once the list has
 * hydrated, so a press finds it loaded: a share sheet opens only close to the press that asked.
 * Once per page load; a failed fetch (offline) may be tried again.
 */
let shareCode: Promise<typeof ShareCode> | null = null;
const loadShare = () =>
  (shareCode ??= import('../lib/share-idea').catch((error: unknown) => {
    shareCode = null;
    throw error;
  }));

/**
 * What every card's Share, Contact and Bookmark buttons do (and the cards' icons), made once for a whole list (one saved
 * mutation, one navigate), not per card: twenty cards hydrate on home's first seconds (issue 18).
 *
 * The session is asked when a button is pressed (its answer, or the request under way), not
 * watched: a card does not render again when the session's answer arrives.
 */
export function CardActionsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // TanStack Query keeps `mutate` the same function across renders.
  const { mutate } = useToggleSaved();
  const actions = useMemo<CardActions>(
    () => ({
      share: (idea) =>
        void loadShare().then(
          (m) => m.shareIdea(idea),
          (error: unknown) => console.error('Sharing could not be loaded', error),
        ),
      // A visitor goes to sign in; a signed-in person to their conversation with the creator (issue 17 point 6).
      contact: (idea) =>
        void contactCreator(idea.id, {
          signedIn: isSignedIn(queryClient),
          navigate,
          onError: (description) => toast({ variant: 'destructive', title: CONTACT_FAILED, description }),
        }),
      toggleSaved: (idea) =>
        void isSignedIn(queryClient).then((signedIn) => {
          if (!signedIn) return void navigate(signInPath(itemReturnPath(idea.id, 'save')));
          mutate({ id: idea.id, saved: !idea.viewer?.saved });
        }),
    }),
    [queryClient, navigate, mutate],
  );
  useEffect(() => void loadShare().catch(() => {}), []);
  return (
    <CardActionsContext value={actions}>
      {children}
    </CardActionsContext>
  );
}

// A ghost icon button's look (styles/index.css's item cards, no class merging at render), 44 px for a thumb.
const BUTTON = 'card-button';

/**
 * A card's Share, Contact and Bookmark buttons (SPEC §2 Home), inside a CardActionsProvider. What a
 * card shows comes from the item: `viewer` is only in a signed-in person's answers (no Contact on
 * one's own items).
 */
export function IdeaCardActions({ idea }: { idea: IdeaCard }) {
  const actions = use(CardActionsContext)!;
  const saved = Boolean(idea.viewer?.saved);
  return (
    <>
      <button type="button" className={BUTTON} aria-label={`Share ${idea.title}`} title="Share" onClick={() => actions.share(idea)}>
        <CardIcon name="share" className="size-4" />
      </button>
      {idea.viewer?.own ? null : (
        <button type="button" className={BUTTON} aria-label={`Contact the creator of ${idea.title}`} title="Contact" onClick={() => actions.contact(idea)}>
          <CardIcon name="mail" className="size-4" />
        </button>
      )}
      <button
        type="button"
        className={saved ? `${BUTTON} text-primary` : BUTTON}
        aria-label={`Save ${idea.title}`}
        aria-pressed={saved}
        title={saved ? 'Saved' : 'Save'}
        onClick={() => actions.toggleSaved(idea)}
      >
        <CardIcon name={saved ? 'bookmark-filled' : 'bookmark'} className="size-4" />
      </button>
    </>
  );
}
