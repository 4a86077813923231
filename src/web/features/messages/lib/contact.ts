/**
 * 'Contact' on a card or a details page (issue 17 point 6): a visitor is sent to sign in and back
 * to the item; a signed-in person lands on their conversation with the creator about it (the server
 * opens it on the first press and records each press). Kept small: the card's button imports it on
 * home, the conversation page itself is a lazy chunk.
 */
import type { Conversation } from '@shared/schemas/conversations';
import { signInPath } from '@shared/rules/return-path';
import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { toast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api-client';
import { isSignedIn } from '../../auth/hooks/use-session';

export const messagesPath = (conversationId: string) => `/messages/${encodeURIComponent(conversationId)}`;

export async function contactCreator(ideaId: string, deps: { queryClient: QueryClient; navigate: NavigateFunction }): Promise<void> {
  if (!(await isSignedIn(deps.queryClient))) return void deps.navigate(signInPath(`/ideas/${ideaId}`));
  try {
    const conversation = await api<Conversation>('/api/conversations', { method: 'POST', body: { ideaId } });
    void deps.navigate(messagesPath(conversation.id));
  } catch (error) {
    toast({ variant: 'destructive', title: 'Could not open the conversation', description: (error as Error).message });
  }
}
