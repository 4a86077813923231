/** The settings page's pieces: a labelled text or number box with its unit and hint, and a yes/no switch. */
import { IMAGE_UPLOAD_MAX_BYTES } from '@shared/constants';
import { ALLOWED_FILE_EXTENSIONS, FILE_TYPE_CHOICES, parseFileTypes, type PlatformSettings, type PlatformSettingsInput } from '@shared/schemas/settings';
import { type ReactNode, useId } from 'react';
import { Controller, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';

export type SettingsForm = UseFormReturn<PlatformSettingsInput, unknown, PlatformSettings>;
type Field = FieldPath<PlatformSettingsInput>;

const UPLOAD_CAP_MB = IMAGE_UPLOAD_MAX_BYTES / 1_048_576;

/** What the max file size field says: the most the server accepts, which the field cannot go above. */
export const MAX_FILE_SIZE_HINT = `Image uploads are capped at this size, up to ${UPLOAD_CAP_MB} MB (the most the server accepts).`;

/**
 * Allowed file types as three checkboxes (PNG, JPEG, WebP: what uploads accept); the value stays
 * the comma-separated list of extensions the settings store.
 */
export function FileTypesField({ control, error }: { control: SettingsForm['control']; error?: string }) {
  const id = useId();
  return (
    <Controller
      control={control}
      name="allowedFileTypes"
      render={({ field }) => {
        const chosen = new Set(parseFileTypes(field.value ?? ''));
        const toggle = (extensions: readonly string[], on: boolean) => {
          for (const e of extensions) {
            if (on) chosen.add(e);
            else chosen.delete(e);
          }
          field.onChange(ALLOWED_FILE_EXTENSIONS.filter((e) => chosen.has(e)).join(','));
        };
        return (
          <fieldset className="grid gap-2" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} aria-invalid={error ? true : undefined}>
            <legend className="mb-2 text-sm leading-none font-medium">Allowed file types</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {FILE_TYPE_CHOICES.map((choice, i) => (
                <label key={choice.label} className="flex cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    ref={i === 0 ? field.ref : undefined}
                    className="accent-primary size-4"
                    checked={choice.extensions.every((e) => chosen.has(e))}
                    onChange={(e) => toggle(choice.extensions, e.target.checked)}
                    onBlur={field.onBlur}
                  />
                  {choice.label}
                </label>
              ))}
            </div>
            <p id={`${id}-hint`} className="text-muted-foreground text-xs">
              The image types people may upload.
            </p>
            <FieldError id={`${id}-error`}>{error}</FieldError>
          </fieldset>
        );
      }}
    />
  );
}

interface ControlProps {
  id: string;
  className?: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export function TextField({
  label,
  unit,
  hint,
  error,
  children,
}: {
  label: string;
  /** Shown inside the box, after the number ('hours', 'MB'). */
  unit?: string;
  hint?: string;
  error?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label}
        {unit && <span className="sr-only"> ({unit})</span>}
      </Label>
      {unit ? (
        <div className="relative">
          {children({ id, className: 'pr-24 [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none', 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
          <span className="text-muted-foreground pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm" aria-hidden>
            {unit}
          </span>
        </div>
      ) : (
        children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })
      )}
      {hint && (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

type SwitchName = {
  [K in Field]: PlatformSettingsInput[K & keyof PlatformSettingsInput] extends boolean ? K : never;
}[Field];

export function SwitchField({
  control,
  name,
  label,
  hint,
}: {
  control: SettingsForm['control'];
  name: SwitchName;
  label: string;
  hint?: string;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-start justify-between gap-4 py-1">
          <div className="space-y-1">
            <Label htmlFor={id} className="cursor-pointer">
              {label}
            </Label>
            {hint && (
              <p id={`${id}-hint`} className="text-muted-foreground text-xs">
                {hint}
              </p>
            )}
          </div>
          <Switch
            id={id}
            checked={Boolean(field.value)}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            aria-describedby={hint ? `${id}-hint` : undefined}
          />
        </div>
      )}
    />
  );
}

type NumberName = {
  [K in Field]: PlatformSettingsInput[K & keyof PlatformSettingsInput] extends number ? K : never;
}[Field];

/** A whole number within its limits, with its unit inside the box. */
export function NumberField({
  form,
  name,
  label,
  unit,
  hint,
  limits,
}: {
  form: SettingsForm;
  name: NumberName;
  label: string;
  unit: string;
  hint?: string;
  limits: { min: number; max: number };
}) {
  return (
    <TextField label={label} unit={unit} error={form.formState.errors[name]?.message} hint={hint}>
      {(p) => <Input {...p} type="number" inputMode="numeric" min={limits.min} max={limits.max} step={1} {...form.register(name, { valueAsNumber: true })} />}
    </TextField>
  );
}
