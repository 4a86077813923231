import * as React from 'react';
import { CircleAlertIcon } from 'lucide-react';

import { cn } from '../../lib/cn';
import { Label } from './label';

/**
 * Inline validation message in the destructive colour, announced via role="alert".
 * Renders nothing when it has no content, so `<FieldError>{errors.title?.message}</FieldError>` is safe.
 */
function FieldError({ className, children, ...props }: React.ComponentProps<'p'>) {
  if (children === undefined || children === null || children === false || children === '') {
    return null;
  }
  return (
    <p
      data-slot="field-error"
      role="alert"
      className={cn('flex items-start gap-1.5 text-sm font-medium text-destructive', className)}
      {...props}
    >
      <CircleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

/** Helper text under a control, in the muted colour. */
function FieldDescription({ className, ...props }: React.ComponentProps<'p'>) {
  return (
    <p
      data-slot="field-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}

/** Props `<Field>` puts on its control (also what a render-prop child receives). */
interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

interface FieldProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** Visible label, linked to the control via htmlFor/id. */
  label?: React.ReactNode;
  /** Helper text, linked via aria-describedby. */
  description?: React.ReactNode;
  /** Error message (e.g. `errors.title?.message`). When set, the control gets aria-invalid. */
  error?: React.ReactNode;
  /** Shows a visual "*" after the label and sets aria-required on the control. */
  required?: boolean;
  /** Id for the control; defaults to the child's own `id`, else a generated one. */
  controlId?: string;
  labelClassName?: string;
  /**
   * Either a single control element (Input, Textarea, ...) which receives id/aria-* props,
   * or a render function for composite controls, e.g. a Radix Select:
   * `{(p) => <Select ...><SelectTrigger {...p}><SelectValue /></SelectTrigger>...</Select>}`
   */
  children: React.ReactElement | ((control: FieldControlProps) => React.ReactNode);
}

function joinIds(...ids: Array<string | undefined | false>): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined === '' ? undefined : joined;
}

function hasContent(node: React.ReactNode): boolean {
  return node !== undefined && node !== null && node !== false && node !== '';
}

/**
 * Label + control + description + error, with the accessibility wiring done for you:
 * `htmlFor`/`id`, `aria-describedby` (description and error), `aria-invalid`, `aria-required`.
 *
 * @example
 * <Field label="Title" description="Max 80 characters" error={errors.title?.message} required>
 *   <Input {...register('title')} />
 * </Field>
 */
function Field({
  label,
  description,
  error,
  required = false,
  controlId: controlIdProp,
  labelClassName,
  className,
  children,
  ...props
}: FieldProps) {
  const generatedId = React.useId();
  const childProps: Record<string, unknown> = React.isValidElement<Record<string, unknown>>(children)
    ? children.props
    : {};
  const childId = typeof childProps.id === 'string' ? childProps.id : undefined;
  const controlId = controlIdProp ?? childId ?? `field-${generatedId}`;
  const descriptionId = `${controlId}-description`;
  const errorId = `${controlId}-error`;
  const showDescription = hasContent(description);
  const invalid = hasContent(error);

  const childDescribedBy =
    typeof childProps['aria-describedby'] === 'string' ? childProps['aria-describedby'] : undefined;

  const controlProps: FieldControlProps = { id: controlId };
  const describedBy = joinIds(childDescribedBy, showDescription && descriptionId, invalid && errorId);
  if (describedBy) controlProps['aria-describedby'] = describedBy;
  if (invalid) controlProps['aria-invalid'] = true;
  if (required) controlProps['aria-required'] = true;

  let control: React.ReactNode;
  if (typeof children === 'function') {
    control = children(controlProps);
  } else {
    const merged: Record<string, unknown> = { ...controlProps };
    // Respect an explicit aria-invalid on the child (e.g. server-side state).
    if (childProps['aria-invalid'] !== undefined) merged['aria-invalid'] = childProps['aria-invalid'];
    control = React.cloneElement(children, merged);
  }

  return (
    <div
      data-slot="field"
      data-invalid={invalid || undefined}
      className={cn('grid gap-2', className)}
      {...props}
    >
      {hasContent(label) && (
        <Label htmlFor={controlId} className={cn(invalid && 'text-destructive', labelClassName)}>
          {label}
          {required && (
            <span aria-hidden="true" className="-ml-1 text-destructive">
              *
            </span>
          )}
        </Label>
      )}
      {control}
      {showDescription && <FieldDescription id={descriptionId}>{description}</FieldDescription>}
      <FieldError id={errorId}>{invalid ? error : null}</FieldError>
    </div>
  );
}

export { Field, FieldDescription, FieldError };
export type { FieldControlProps, FieldProps };
