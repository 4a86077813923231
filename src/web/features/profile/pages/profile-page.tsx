import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  type ProfileFormValues,
  profileFormSchema,
  profileFormToUpdate,
  profileToFormValues,
} from '@shared/schemas/profile';
import { validateProfileName } from '@shared/validation/profile-name';
import { FullScreenLoading } from '../../../components/layout/full-screen-loading';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { useOwnProfile, useUpdateProfile } from '../api/profile';
import { LeavingCards } from '../components/leaving-cards';
import { TwoFactorCard } from '../components/two-factor-card';

type FieldName = keyof ProfileFormValues;

interface FieldSpec {
  /** 'email' is shown read-only ('Email cannot be changed'); the rest are form fields. */
  name: FieldName | 'email';
  label: string;
  placeholder?: string;
  multiline?: boolean;
  description?: string;
  autoComplete?: string;
  type?: string;
  wide?: boolean;
}

const SECTIONS: { title: string; description: string; fields: FieldSpec[] }[] = [
  {
    title: 'Basic Information',
    description: 'Your name and how people can reach you.',
    fields: [
      { name: 'fullName', label: 'Full Name', autoComplete: 'name', placeholder: 'Your full name' },
      { name: 'email', label: 'Email', type: 'email', description: 'Email cannot be changed' },
      { name: 'contactInfo', label: 'Contact Info', placeholder: 'How other members can contact you', description: 'Shown to signed-in members with your ideas.' },
      { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', placeholder: '+234 800 000 0000' },
      { name: 'bio', label: 'Bio', multiline: true, wide: true, placeholder: 'A few words about you' },
    ],
  },
  {
    title: 'Professional Information',
    description: 'What you do and what you are good at.',
    fields: [
      { name: 'industry', label: 'Industry', placeholder: 'e.g. Agriculture' },
      { name: 'educationStatus', label: 'Education Status', placeholder: 'e.g. Graduate' },
      { name: 'skills', label: 'Skills', wide: true, placeholder: 'e.g. design, marketing, solar', description: 'Separate skills with commas.' },
    ],
  },
  {
    title: 'Location Information',
    description: 'Where you are based.',
    fields: [
      { name: 'address', label: 'Address', autoComplete: 'street-address', wide: true },
      { name: 'country', label: 'Country', autoComplete: 'country-name' },
      { name: 'state', label: 'State', autoComplete: 'address-level1' },
      { name: 'lga', label: 'LGA', description: 'Local government area.' },
    ],
  },
  {
    title: 'Banking Information',
    description: 'Private: only you can see it.',
    fields: [
      { name: 'bankName', label: 'Bank Name' },
      { name: 'bankAccountNumber', label: 'Account Number', autoComplete: 'off' },
      { name: 'bankAccountName', label: 'Account Name', autoComplete: 'off' },
    ],
  },
  {
    title: 'Emergency Contact',
    description: 'Private: only you can see it.',
    fields: [
      { name: 'nextOfKinName', label: 'Next of Kin Name' },
      { name: 'nextOfKinPhone', label: 'Next of Kin Phone', type: 'tel' },
    ],
  },
];

/** /profile (SPEC §2 Profile): view mode with disabled fields; Edit Profile, then Cancel or Save Changes. */
export default function ProfilePage() {
  const profile = useOwnProfile();
  const update = useUpdateProfile();
  const [editing, setEditing] = useState(false);
  const form = useForm<ProfileFormValues>({ resolver: zodResolver(profileFormSchema), mode: 'onSubmit' });
  const { errors } = form.formState;

  useEffect(() => {
    if (profile.data && !editing) form.reset(profileToFormValues(profile.data));
  }, [profile.data, editing, form]);

  if (profile.isPending) return <FullScreenLoading />;
  if (profile.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 text-center">
        <p role="alert" className="text-destructive">
          {profile.error.message}
        </p>
        <Button className="mt-4" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const save = form.handleSubmit(
    (values) => {
      update.mutate(profileFormToUpdate(values), {
        onSuccess: () => {
          toast({ title: 'Profile Updated', description: 'Your profile has been updated successfully.' });
          setEditing(false);
        },
        onError: (error: Error) => {
          if (error instanceof ApiError && error.fields) {
            for (const [field, messages] of Object.entries(error.fields)) {
              if (field in values) form.setError(field as FieldName, { message: messages.join(' ') });
            }
          }
          toast({ variant: 'destructive', title: 'Update Failed', description: error.message });
        },
      });
    },
    (invalid) => {
      // SPEC §5: the name's messages, joined with a space; other fields show theirs inline.
      const nameCheck = validateProfileName(form.getValues('fullName'));
      const description = !nameCheck.valid ? nameCheck.message : Object.values(invalid).find((e) => e?.message)?.message;
      toast({ variant: 'destructive', title: 'Update Failed', description: description ?? 'Please check the highlighted fields.' });
    },
  );

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-10">
      <Link
        to="/dashboard"
        className="text-muted-foreground hover:text-foreground focus-visible:ring-ring inline-flex items-center gap-1.5 rounded-md text-sm focus-visible:ring-2 focus-visible:outline-none"
      >
        <ArrowLeft className="size-4" aria-hidden /> Back to Dashboard
      </Link>
      <form noValidate onSubmit={save} aria-label="Profile">
        <div className="mt-4 mb-6 flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight">My Profile</h1>
            <p className="text-muted-foreground text-sm">Manage your personal information.</p>
          </div>
          {editing ? (
            <div className="flex gap-2">
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  form.reset(profileToFormValues(profile.data));
                  setEditing(false);
                }}
                disabled={update.isPending}
              >
                Cancel
              </Button>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? 'Saving...' : 'Save Changes'}
              </Button>
            </div>
          ) : (
            <Button type="button" onClick={() => setEditing(true)}>
              <Pencil aria-hidden /> Edit Profile
            </Button>
          )}
        </div>

        <div className="grid gap-6">
          {SECTIONS.map((section) => (
            <Card key={section.title}>
              <CardHeader>
                <CardTitle>
                  <h2>{section.title}</h2>
                </CardTitle>
                <CardDescription>{section.description}</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4 sm:grid-cols-2">
                {section.fields.map((f) => {
                  const name = f.name;
                  return (
                    <div key={name} className={f.wide ? 'sm:col-span-2' : undefined}>
                      {name === 'email' ? (
                        <Field label={f.label} description={f.description}>
                          <Input type="email" value={profile.data.email} disabled readOnly />
                        </Field>
                      ) : (
                        <Field label={f.label} description={f.description} error={errors[name]?.message} required={name === 'fullName'}>
                          {f.multiline ? (
                            <Textarea disabled={!editing} placeholder={f.placeholder} rows={4} {...form.register(name)} />
                          ) : (
                            <Input
                              type={f.type ?? 'text'}
                              disabled={!editing}
                              placeholder={f.placeholder}
                              autoComplete={f.autoComplete}
                              {...form.register(name)}
                            />
                          )}
                        </Field>
                      )}
                    </div>
                  );
                })}
              </CardContent>
            </Card>
          ))}
        </div>
      </form>
      <TwoFactorCard />
      <LeavingCards />
    </div>
  );
}
