import { zodResolver } from '@hookform/resolvers/zod';
import { PLATFORM_SETTINGS_DEFAULTS, type PlatformSettings, type PlatformSettingsInput, platformSettingsSchema } from '@shared/schemas/settings';
import { Loader2, RotateCcw, Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { useResetSettings, useSaveSettings, useSettings } from '../api/admin-api';
import { PageHeader } from '../components/page-header';
import { EmailSection, PlatformSection, PremiumSection, SecuritySection, SubmissionSection } from '../components/settings-sections';

type Field = FieldPath<PlatformSettingsInput>;
const FORM_ID = 'platform-settings';

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
          <PlatformSection form={form} />
          <SubmissionSection form={form} />
          <PremiumSection form={form} />
          <EmailSection form={form} />
          <SecuritySection form={form} />

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end lg:col-span-2">
            {form.formState.isDirty && <p className="text-muted-foreground text-sm sm:mr-auto">You have unsaved changes.</p>}
            <Button type="submit" disabled={busy}>
              {save.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
              Save Settings
            </Button>
          </div>
        </form>
      )}

      <ConfirmDialog
        open={confirmReset}
        onClose={() => setConfirmReset(false)}
        title="Reset to Defaults"
        description="Every setting goes back to its default value, and takes effect at once."
        action="Reset"
        destructive={false}
        pending={reset.isPending}
        onConfirm={doReset}
      />
    </>
  );
}
