import type { UseFormReturn } from 'react-hook-form';
import { Field } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { fieldErrorLines } from '../forms/field-messages';
import { fieldMessages, type IdeaFormValues } from '../forms/idea-form';

/** The item's 'Website' (optional, public https only; the server checks it again). */
export function WebsiteField({ form, disabled }: { form: UseFormReturn<IdeaFormValues>; disabled: boolean }) {
  return (
    <Field
      label={
        <>
          Website <span className="text-muted-foreground font-normal">(optional)</span>
        </>
      }
      description="A public https:// address, shown as 'Visit' on the item's page."
      error={fieldErrorLines(fieldMessages(form.formState.errors.websiteUrl))}
    >
      <Input {...form.register('websiteUrl')} type="url" inputMode="url" placeholder="https://example.com" autoComplete="url" maxLength={4096} disabled={disabled} />
    </Field>
  );
}
