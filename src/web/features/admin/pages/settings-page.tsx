import { zodResolver } from '@hookform/resolvers/zod';
import { IMAGE_UPLOAD_MAX_BYTES } from '@shared/constants';
import {
  PLATFORM_SETTINGS_DEFAULTS,
  type PlatformSettings,
  type PlatformSettingsInput,
  platformSettingsSchema,
  SETTINGS_LIMITS,
} from '@shared/schemas/settings';
import { Crown, Globe, Loader2, Mail, RotateCcw, Save, ShieldCheck, Upload } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { useResetSettings, useSaveSettings, useSettings } from '../api/admin-api';
import { PageHeader } from '../components/page-header';
import { Switch } from '../components/switch';

type Field = FieldPath<PlatformSettingsInput>;
const FORM_ID = 'platform-settings';
const L = SETTINGS_LIMITS;

export default function SettingsPage() {
  const settings = useSettings();
  const save = useSaveSettings();
  const reset = useResetSettings();
  const [confirmReset, setConfirmReset] = useState(false);
  const form = useForm<PlatformSettingsInput, unknown, PlatformSettings>({
    resolver: zodResolver(platformSettingsSchema),
    defaultValues: { ...PLATFORM_SETTINGS_DEFAULTS },
    mode: 'onTouched',
  });
  const loaded = settings.data?.settings;

  // The stored values, once they arrive (and after a reset).
  useEffect(() => {
    if (loaded) form.reset(loaded);
  }, [loaded, form]);

  const showServerErrors = (error: Error) => {
    if (error instanceof ApiError && error.fields) {
      for (const [field, messages] of Object.entries(error.fields)) {
        if (field in PLATFORM_SETTINGS_DEFAULTS) form.setError(field as Field, { message: messages.join(' ') });
      }
    }
    toast({ variant: 'destructive', title: 'Update Failed', description: error.message });
  };

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (data) => {
        form.reset(data.settings);
        toast({ title: 'Settings Saved', description: 'Platform settings have been updated successfully.' });
      },
      onError: showServerErrors,
    }),
  );

  const doReset = () =>
    reset.mutate(undefined, {
      onSuccess: (data) => {
        form.reset(data.settings);
        setConfirmReset(false);
        toast({ title: 'Settings Reset', description: 'Platform settings have been reset to defaults.' });
      },
      onError: (error) => {
        setConfirmReset(false);
        toast({ variant: 'destructive', title: 'Update Failed', description: error.message });
      },
    });

  const busy = save.isPending || reset.isPending;
  const errors = form.formState.errors;
  const num = (name: Field) => form.register(name, { valueAsNumber: true });
  const maxFileSize = form.watch('maxFileSize');

  return (
    <>
      <PageHeader
        title="Admin Settings"
        description="Platform configuration. Changes take effect as soon as they are saved."
        actions={
          <>
            <Button variant="outline" onClick={() => setConfirmReset(true)} disabled={busy || !loaded}>
              <RotateCcw aria-hidden />
              Reset to Defaults
            </Button>
            <Button type="submit" form={FORM_ID} disabled={busy || !loaded}>
              {save.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
              Save Settings
            </Button>
          </>
        }
      />
      {settings.isError && (
        <p role="alert" className="text-destructive text-sm">
          {settings.error.message}
        </p>
      )}
      {!loaded ? (
        <div className="grid gap-6 lg:grid-cols-2" aria-hidden>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-72 rounded-xl" />
          ))}
        </div>
      ) : (
        <form id={FORM_ID} onSubmit={onSubmit} noValidate className="grid items-start gap-6 lg:grid-cols-2">
          <Section icon={Globe} title="Platform Configuration" description="Name, availability and sign-up.">
            <TextField label="Platform name" error={errors.platformName?.message} hint="Used in messages such as the maintenance page.">
              {(p) => <Input {...p} maxLength={L.platformName.max} {...form.register('platformName')} />}
            </TextField>
            <TextField label="Platform description" error={errors.platformDescription?.message}>
              {(p) => <Textarea {...p} rows={2} maxLength={L.platformDescription.max} {...form.register('platformDescription')} />}
            </TextField>
            <SwitchField
              control={form.control}
              name="maintenanceMode"
              label="Maintenance mode"
              hint="Visitors and users see a maintenance page. Admins can still use the site."
            />
            <SwitchField control={form.control} name="newRegistrations" label="New registrations" hint="Let new people create accounts." />
          </Section>

          <Section icon={Upload} title="Submission Settings" description="How often people may share, and what they may upload.">
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <TextField label="Idea submission limit" unit="hours" error={errors.ideaSubmissionLimit?.message} hint="Wait between two ideas of one person. 0 turns it off.">
                {(p) => <Input {...p} type="number" inputMode="numeric" min={L.submissionLimit.min} max={L.submissionLimit.max} step={1} {...num('ideaSubmissionLimit')} />}
              </TextField>
              <TextField label="Product submission limit" unit="hours" error={errors.productSubmissionLimit?.message} hint="Wait between two products of one person.">
                {(p) => <Input {...p} type="number" inputMode="numeric" min={L.submissionLimit.min} max={L.submissionLimit.max} step={1} {...num('productSubmissionLimit')} />}
              </TextField>
            </div>
            <TextField label="Max file size" unit="MB" error={errors.maxFileSize?.message} hint={maxFileSizeHint(maxFileSize)}>
              {(p) => <Input {...p} type="number" inputMode="numeric" min={L.maxFileSize.min} max={L.maxFileSize.max} step={1} {...num('maxFileSize')} />}
            </TextField>
            <TextField
              label="Allowed file types"
              error={errors.allowedFileTypes?.message}
              hint="Comma-separated, from .jpg, .jpeg, .png, .webp and .pdf. Uploads accept only the image types listed."
            >
              {(p) => <Input {...p} spellCheck={false} autoCapitalize="none" {...form.register('allowedFileTypes')} />}
            </TextField>
          </Section>

          <Section icon={Crown} title="Premium Access Settings" description="Who sees full descriptions and discussions.">
            <TextField
              label="Premium threshold"
              unit="items"
              error={errors.premiumThreshold?.message}
              hint="People who have shared more than this many ideas and products are premium."
            >
              {(p) => <Input {...p} type="number" inputMode="numeric" min={L.premiumThreshold.min} max={L.premiumThreshold.max} step={1} {...num('premiumThreshold')} />}
            </TextField>
            <SwitchField control={form.control} name="premiumBenefits" label="Premium benefits" hint="Offer premium features to active contributors." />
          </Section>

          <Section icon={Mail} title="Email Settings" description="Which emails the platform may send.">
            <SwitchField control={form.control} name="emailNotifications" label="Email notifications" hint="Notify people about activity on their items." />
            <SwitchField control={form.control} name="welcomeEmails" label="Welcome emails" hint="Greet people when they join." />
            <SwitchField control={form.control} name="marketingEmails" label="Marketing emails" hint="News and announcements." />
          </Section>

          <Section icon={ShieldCheck} title="Security Settings" description="Passwords, verification and sessions." className="lg:col-span-2">
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <TextField label="Password minimum length" unit="characters" error={errors.passwordMinLength?.message} hint="Applies to new passwords.">
                {(p) => <Input {...p} type="number" inputMode="numeric" min={L.passwordMinLength.min} max={L.passwordMinLength.max} step={1} {...num('passwordMinLength')} />}
              </TextField>
              <TextField label="Session timeout" unit="hours" error={errors.sessionTimeout?.message}>
                {(p) => <Input {...p} type="number" inputMode="numeric" min={L.sessionTimeout.min} max={L.sessionTimeout.max} step={1} {...num('sessionTimeout')} />}
              </TextField>
            </div>
            <div className="grid gap-x-8 sm:grid-cols-2">
              <SwitchField
                control={form.control}
                name="requireEmailVerification"
                label="Require email verification"
                hint="New accounts confirm their email address before signing in."
              />
              <SwitchField control={form.control} name="enableTwoFactor" label="Two-factor authentication" hint="Offer a second step at sign-in." />
            </div>
          </Section>

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end lg:col-span-2">
            {form.formState.isDirty && <p className="text-muted-foreground text-sm sm:mr-auto">You have unsaved changes.</p>}
            <Button type="submit" disabled={busy}>
              {save.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
              Save Settings
            </Button>
          </div>
        </form>
      )}

      <AlertDialog open={confirmReset} onOpenChange={(open) => !reset.isPending && setConfirmReset(open)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Reset to Defaults</AlertDialogTitle>
            <AlertDialogDescription>Every setting goes back to its default value, and takes effect at once.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={reset.isPending}>Cancel</AlertDialogCancel>
            <AlertDialogAction
              disabled={reset.isPending}
              onClick={(e) => {
                e.preventDefault();
                doReset();
              }}
            >
              {reset.isPending && <Loader2 className="animate-spin" aria-hidden />}
              Reset
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

function Section({
  icon: Icon,
  title,
  description,
  className,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle asChild>
          <h3 className="flex items-center gap-2">
            <Icon className="text-primary size-4" aria-hidden />
            {title}
          </h3>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">{children}</CardContent>
    </Card>
  );
}

const UPLOAD_CAP_MB = IMAGE_UPLOAD_MAX_BYTES / 1_048_576;

/** What the max file size means for uploads (issue 15 point 13): capped at 5 MB whatever is set above it. */
function maxFileSizeHint(value: number | undefined): string {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0 && value < UPLOAD_CAP_MB) {
    return `Image uploads are capped at ${value} MB (they can never be larger than ${UPLOAD_CAP_MB} MB).`;
  }
  return `Image uploads are capped at ${UPLOAD_CAP_MB} MB: a larger value here has no effect.`;
}

interface ControlProps {
  id: string;
  className?: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

function TextField({
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

function SwitchField({
  control,
  name,
  label,
  hint,
}: {
  control: ReturnType<typeof useForm<PlatformSettingsInput, unknown, PlatformSettings>>['control'];
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
