/** The item form's topics: the topics feature's picker wired to the form's `topics` value. */
import { Controller, type UseFormReturn } from 'react-hook-form';
import { TopicsField } from '../../topics';
import { fieldErrorLines } from '../forms/field-messages';
import { fieldMessages, type IdeaFormValues } from '../forms/idea-form';

export function TopicsFormField({ form, disabled }: { form: UseFormReturn<IdeaFormValues>; disabled: boolean }) {
  const error = fieldErrorLines(fieldMessages(form.formState.errors.topics as Parameters<typeof fieldMessages>[0]));
  return (
    <Controller
      control={form.control}
      name="topics"
      render={({ field }) => <TopicsField value={field.value} onChange={field.onChange} disabled={disabled} error={error} />}
    />
  );
}
