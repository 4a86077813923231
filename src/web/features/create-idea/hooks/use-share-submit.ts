/**
 * Pressing Share (SPEC §2 'Create idea', §8): a visitor goes to sign in; an incomplete profile goes
 * to the profile (the draft is kept); otherwise the item is sent, and the server's refusal shows
 * under its fields, in the author name alert and in a toast.
 */
import { signInPath } from '@shared/rules/return-path';
import type { FormEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { type IdeaFormValues, showServerFieldErrors, toCreateInput } from '../../idea-form';
import { useCreateIdea } from '../api/create-idea';
import { COMPLETE_PROFILE_PATH, CREATE_TEXT } from '../lib/texts';

interface ShareSubmit {
  form: UseFormReturn<IdeaFormValues>;
  signedOut: boolean;
  /** The server's last word on the profile: false sends the person to complete it first. */
  profileComplete: boolean | undefined;
  /** The profile's name is not acceptable as an author name: nothing is sent. */
  authorError: string | null;
  /** The server refused the author name. */
  onAuthorRefused: (message: string) => void;
  /** The server refused for the cooldown: ask it again what may be shared. */
  onCooldown: () => void;
  /** Shared: the draft is over. */
  onShared: () => void;
}

export function useShareSubmit({ form, signedOut, profileComplete, authorError, onAuthorRefused, onCooldown, onShared }: ShareSubmit) {
  const navigate = useNavigate();
  const createIdea = useCreateIdea();

  function completeProfileFirst() {
    // The draft is already kept; the profile page brings the person back to it once saved.
    toast({ variant: 'destructive', title: CREATE_TEXT.profileTitle, description: CREATE_TEXT.profile });
    void navigate(COMPLETE_PROFILE_PATH);
  }

  function refused(error: Error, shared: IdeaFormValues['category']) {
    if (!(error instanceof ApiError)) {
      toast({ variant: 'destructive', title: CREATE_TEXT.errorTitle, description: CREATE_TEXT.failed(shared) });
      return;
    }
    if (error.status === 401) {
      void navigate(signInPath('/create-idea'));
      return;
    }
    if (error.code === 'profile_incomplete') {
      completeProfileFirst();
      return;
    }
    if (error.status === 429 || error.code === 'cooldown') onCooldown();
    showServerFieldErrors(form, error.fields);
    const author = error.fields?.authorName?.[0];
    if (author) onAuthorRefused(author);
    toast({
      variant: 'destructive',
      title: CREATE_TEXT.errorTitle,
      description: error.status >= 500 || !error.message ? CREATE_TEXT.failed(shared) : error.message,
    });
  }

  function onValid(values: IdeaFormValues) {
    if (profileComplete === false) {
      completeProfileFirst();
      return;
    }
    if (authorError) return;
    const shared = values.category;
    createIdea.mutate(toCreateInput(values), {
      onSuccess: () => {
        onShared();
        toast({ title: CREATE_TEXT.successTitle, description: CREATE_TEXT.success(shared) });
        void navigate('/dashboard');
      },
      onError: (error) => refused(error, shared),
    });
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    // A visitor is sent to sign in (SPEC §2), whatever the form holds.
    if (signedOut) {
      e.preventDefault();
      void navigate(signInPath('/create-idea'));
      return;
    }
    void form.handleSubmit(onValid)(e);
  }

  return { onSubmit, pending: createIdea.isPending };
}
