/** The settings page's five sections (SPEC §2 Admin Settings), each over the one settings form. */
import { SETTINGS_LIMITS as L } from '@shared/schemas/settings';
import { Crown, Globe, Mail, ShieldCheck, Upload } from 'lucide-react';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { FileTypesField, MAX_FILE_SIZE_HINT, NumberField, type SettingsForm, SwitchField, TextField } from './settings-fields';
import { SectionCard } from './section-card';

export function PlatformSection({ form }: { form: SettingsForm }) {
  const errors = form.formState.errors;
  return (
    <SectionCard icon={Globe} title="Platform Configuration" description="Name, availability and sign-up.">
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
      <NumberField
        form={form}
        name="platformFeePercent"
        label="Platform fee"
        unit="%"
        hint="The share of each sale IdeaHub keeps; the rest settles to the maker. Applies to payout accounts set up from now on."
        limits={L.platformFeePercent}
      />
    </SectionCard>
  );
}

export function SubmissionSection({ form }: { form: SettingsForm }) {
  return (
    <SectionCard icon={Upload} title="Submission Settings" description="How often people may share, and what they may upload.">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <NumberField
          form={form}
          name="ideaSubmissionLimit"
          label="Idea submission limit"
          unit="hours"
          hint="Wait between two ideas of one person. 0 turns it off."
          limits={L.submissionLimit}
        />
        <NumberField form={form} name="productSubmissionLimit" label="Product submission limit" unit="hours" hint="Wait between two products of one person." limits={L.submissionLimit} />
      </div>
      <NumberField form={form} name="maxFileSize" label="Max file size" unit="MB" hint={MAX_FILE_SIZE_HINT} limits={L.maxFileSize} />
      <FileTypesField control={form.control} error={form.formState.errors.allowedFileTypes?.message} />
    </SectionCard>
  );
}

export function PremiumSection({ form }: { form: SettingsForm }) {
  return (
    <SectionCard icon={Crown} title="Premium Access Settings" description="Who sees full descriptions and discussions.">
      <NumberField
        form={form}
        name="premiumThreshold"
        label="Premium threshold"
        unit="items"
        hint="People who have shared more than this many ideas and products are premium."
        limits={L.premiumThreshold}
      />
      <SwitchField control={form.control} name="premiumBenefits" label="Premium benefits" hint="Offer premium features to active contributors." />
    </SectionCard>
  );
}

export function EmailSection({ form }: { form: SettingsForm }) {
  return (
    <SectionCard icon={Mail} title="Email Settings" description="Which emails the platform may send.">
      <SwitchField control={form.control} name="emailNotifications" label="Email notifications" hint="Notify people about activity on their items." />
      <SwitchField control={form.control} name="welcomeEmails" label="Welcome emails" hint="Greet people when they join." />
      <SwitchField control={form.control} name="marketingEmails" label="Marketing emails" hint="News and announcements." />
    </SectionCard>
  );
}

export function SecuritySection({ form }: { form: SettingsForm }) {
  return (
    <SectionCard icon={ShieldCheck} title="Security Settings" description="Passwords, verification, sessions and the audit log." className="lg:col-span-2">
      <div className="grid items-start gap-4 sm:grid-cols-3">
        <NumberField form={form} name="passwordMinLength" label="Password minimum length" unit="characters" hint="Applies to new passwords." limits={L.passwordMinLength} />
        <NumberField form={form} name="sessionTimeout" label="Session timeout" unit="hours" limits={L.sessionTimeout} />
        <NumberField
          form={form}
          name="auditRetentionDays"
          label="Audit log retention"
          unit="days"
          hint={`Audit log entries older than this are deleted. ${L.auditRetentionDays.min} to ${L.auditRetentionDays.max} days.`}
          limits={L.auditRetentionDays}
        />
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
    </SectionCard>
  );
}
