import { zodResolver } from '@hookform/resolvers/zod';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { ideaFormSchema, type IdeaFormValues, serverFieldErrors } from './idea-form';

/** The item form, validated by the shared validator on every change, every message of a field kept. */
export function useIdeaForm(defaultValues: IdeaFormValues): UseFormReturn<IdeaFormValues> {
  return useForm<IdeaFormValues>({
    resolver: zodResolver(ideaFormSchema),
    mode: 'onChange',
    reValidateMode: 'onChange',
    criteriaMode: 'all',
    defaultValues,
  });
}

/** The server's 422 messages, each under its field (authorName is the caller's). */
export function showServerFieldErrors(form: UseFormReturn<IdeaFormValues>, fields: Record<string, string[]> | undefined): void {
  for (const [field, messages] of serverFieldErrors(fields)) {
    form.setError(field, { type: 'server', message: messages[0], types: { server: messages } });
  }
}
