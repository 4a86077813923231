import { CONVERSATION_TEXTS } from '@shared/rules/conversations';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { isSignedIn } from '../../auth';
import { CONTACT_FAILED, contactCreator } from '../lib/contact';

/** The details page's 'Contact' (issue 17 point 6): to the private conversation with the creator, or to sign in first. */
export function ContactButton({ ideaId, title, icon, className }: { ideaId: string; title: string; icon?: ReactNode; className?: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <Button
      variant="outline"
      size="sm"
      className={className}
      aria-label={`Contact the creator of ${title}`}
      onClick={() =>
        void contactCreator(ideaId, {
          signedIn: isSignedIn(queryClient),
          navigate,
          onError: (description) => toast({ variant: 'destructive', title: CONTACT_FAILED, description }),
        })
      }
    >
      {icon}
      {CONVERSATION_TEXTS.contact}
    </Button>
  );
}
