/**
 * 'Contact' on a card or a details page (issue 17 point 6): a visitor is sent to sign in and back
 * to the item; a signed-in person lands on their conversation with the creator about it (the server
 * opens it on the first press and records each press). Imports nothing but the API client and the
 * return-path rule, both already split out of home's entry: importing more here (the session, the
 * toasts) from both home's cards and the lazy details page made the bundler split those out of
 * home's entry as well. The caller says whether someone is signed in and
 * how to show a failure.
 */
import type { Conversation } from '@shared/schemas/conversations';
import { itemReturnPath } from '@shared/rules/after-sign-in';
import { signInPath } from '@shared/rules/return-path';
import type { NavigateFunction } from 'react-router';
import { api } from '../../../lib/api-client';

export const CONTACT_FAILED = 'Could not open the conversation';

export const messagesPath = (conversationId: string) => `/messages/${encodeURIComponent(conversationId)}`;

export async function contactCreator(
  ideaId: string,
  deps: { signedIn: Promise<boolean>; navigate: NavigateFunction; onError: (message: string) => void },
): Promise<void> {
  if (!(await deps.signedIn)) return void deps.navigate(signInPath(itemReturnPath(ideaId, 'contact')));
  try {
    const conversation = await api<Conversation>('/api/conversations', { method: 'POST', body: { ideaId } });
    void deps.navigate(messagesPath(conversation.id));
  } catch (error) {
    deps.onError((error as Error).message);
  }
}
