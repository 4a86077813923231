/**
 * The item form's fields, shared by the share page and the Edit Idea dialog: each takes the form
 * (useIdeaForm) and lays out its label, control, hint and messages; the page and the dialog keep
 * their own arrangement and wording (labels, hints, placeholders).
 */
import { CURRENCIES, CURRENCY_NAMES, PRICE_MIN, PRICE_STEP, RATING_MAX, RATING_MIN, RATING_STEP } from '@shared/constants';
import { PROJECT_DETAILS_MAX_LENGTH } from '@shared/schemas/ideas';
import type { ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Field } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { OptionSelect } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { maxUploadBytes, useAppConfig } from '../../../lib/app-config';
import { fieldErrorLines } from '../forms/field-messages';
import { fieldMessages, type IdeaFormValues } from '../forms/idea-form';
import { ImageField } from './image-field';

type IdeaForm = UseFormReturn<IdeaFormValues>;

interface FieldProps {
  form: IdeaForm;
  /** While the form is being sent: every control is disabled. */
  disabled: boolean;
}

/** '(optional)' after a label, in the muted colour. */
export function optional(label: string): ReactNode {
  return (
    <>
      {label} <span className="text-muted-foreground font-normal">(optional)</span>
    </>
  );
}

/** A field's messages as `<Field error>` shows them (one line each). */
const errorOf = (form: IdeaForm, name: Exclude<keyof IdeaFormValues, 'topics' | 'moreImages'>) => fieldErrorLines(fieldMessages(form.formState.errors[name]));

export function TitleField({ form, disabled, placeholder }: FieldProps & { placeholder?: string }) {
  return (
    <Field label="Title" required error={errorOf(form, 'title')}>
      <Input {...form.register('title')} placeholder={placeholder} autoComplete="off" maxLength={600} disabled={disabled} />
    </Field>
  );
}

export function DescriptionField({ form, disabled, rows, className, placeholder }: FieldProps & { rows: number; className: string; placeholder?: string }) {
  return (
    <Field label="Description" required error={errorOf(form, 'description')}>
      <Textarea {...form.register('description')} rows={rows} className={className} placeholder={placeholder} disabled={disabled} />
    </Field>
  );
}

export function PriceField({ form, disabled, label, description, placeholder }: FieldProps & { label: ReactNode; description: string; placeholder: string }) {
  return (
    <Field label={label} error={errorOf(form, 'price')} description={description} className="content-start">
      <Input {...form.register('price')} type="number" inputMode="decimal" min={PRICE_MIN} step={PRICE_STEP} placeholder={placeholder} disabled={disabled} />
    </Field>
  );
}

/** A select over one of the form's fixed choices. */
function ChoiceField<N extends 'currency' | 'category'>({
  form,
  disabled,
  name,
  label,
  required,
  options,
}: FieldProps & { name: N; label: string; required?: boolean; options: readonly { value: IdeaFormValues[N]; label: string }[] }) {
  return (
    <Field label={label} required={required} error={errorOf(form, name)} className="content-start">
      {(p) => (
        <Controller
          control={form.control}
          name={name}
          render={({ field }) => (
            <OptionSelect value={field.value} onChange={field.onChange} options={options} disabled={disabled} trigger={{ ...p, className: 'w-full' }} />
          )}
        />
      )}
    </Field>
  );
}

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: `${c} (${CURRENCY_NAMES[c]})` }));
const CATEGORY_OPTIONS = [
  { value: 'idea', label: 'Idea' },
  { value: 'product', label: 'Product' },
] as const;

export function CurrencyField({ form, disabled }: FieldProps) {
  return <ChoiceField form={form} disabled={disabled} name="currency" label="Currency" options={CURRENCY_OPTIONS} />;
}

/** Idea or product, as a select (the share page has its category cards instead). */
export function CategoryField({ form, disabled }: FieldProps) {
  return <ChoiceField form={form} disabled={disabled} name="category" label="Category" required options={CATEGORY_OPTIONS} />;
}

export function RatingField({
  form,
  disabled,
  label,
  description,
  placeholder,
  className,
}: FieldProps & { label: ReactNode; description?: string; placeholder: string; className: string }) {
  return (
    <Field label={label} error={errorOf(form, 'rating')} description={description} className={className}>
      <Input
        {...form.register('rating')}
        type="number"
        inputMode="decimal"
        min={RATING_MIN}
        max={RATING_MAX}
        step={RATING_STEP}
        placeholder={placeholder}
        disabled={disabled}
      />
    </Field>
  );
}

export function ProjectDetailsField({ form, disabled }: FieldProps) {
  return (
    <Field label={optional('Project details')} error={errorOf(form, 'projectDetails')} description="Plans, materials, milestones: anything that helps people judge it.">
      <Textarea {...form.register('projectDetails')} rows={4} className="min-h-24" maxLength={PROJECT_DETAILS_MAX_LENGTH} disabled={disabled} />
    </Field>
  );
}

/** The image: upload (button or drop) or a pasted address, within the server's upload limit and types. */
export function ImageUrlField({ form, disabled, onUploadingChange }: FieldProps & { onUploadingChange: (uploading: boolean) => void }) {
  const config = useAppConfig();
  return (
    <Controller
      control={form.control}
      name="imageUrl"
      render={({ field }) => (
        <ImageField
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          onUploadingChange={onUploadingChange}
          maxBytes={maxUploadBytes(config.data)}
          allowedTypes={config.data?.allowedImageTypes}
          errors={fieldMessages(form.formState.errors.imageUrl)}
          disabled={disabled}
        />
      )}
    />
  );
}
