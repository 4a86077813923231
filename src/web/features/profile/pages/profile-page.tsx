import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarDays, Info, Mail, Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type UseFormReturn, useForm, useFormState } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { returnPathIn } from '@shared/rules/return-path';
import {
  type Profile,
  type ProfileFormValues,
  profileFormSchema,
  profileFormToUpdate,
  profileToFormValues,
} from '@shared/schemas/profile';
import { validateProfileName } from '@shared/validation/profile-name';
import { formatMonthYear } from '@shared/rules/date-format';
import { FullScreenLoading } from '../../../components/layout/full-screen-loading';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { NotificationPreferencesCard } from '../../notifications';
import { FollowedList } from '../../follows';
import { useOwnProfile, useUpdateProfile } from '../api/profile';
import { LeavingCards } from '../components/leaving-cards';
import { ProfilePhotoField } from '../components/profile-photo-field';
import { PersonAvatar } from '../../../components/people/person-avatar';
import { TwoFactorCard } from '../components/two-factor-card';
import { PayoutsSetup } from '../../payments';
import { BackLink } from '../../../components/layout/back-link';

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

/** What sharing needs of a profile (the server's rule: name and contact). */
const CONTACT_NEEDED = 'Add how people can contact you: sharing needs it.';

/** One value of the profile as text; an empty one says so plainly. */
function ProfileValue({ profile, spec }: { profile: Profile; spec: FieldSpec }) {
  const empty = <span className="text-muted-foreground font-normal italic">Not provided</span>;
  if (spec.name === 'email') return <>{profile.email}</>;
  if (spec.name === 'skills') {
    const skills = profile.skills ?? [];
    if (skills.length === 0) return empty;
    return (
      <ul className="flex flex-wrap gap-1.5" aria-label="Skills">
        {skills.map((skill) => (
          <li key={skill}>
            <Badge variant="secondary" className="font-normal">
              {skill}
            </Badge>
          </li>
        ))}
      </ul>
    );
  }
  const value = profile[spec.name]?.trim();
  if (!value) return empty;
  return <span className={cn(spec.multiline && 'whitespace-pre-line')}>{value}</span>;
}

/** The profile as a card to read (SPEC §4 Profile, view mode; issue 15 point 12): values as text, not greyed-out inputs. */
function ProfileView({ profile }: { profile: Profile }) {
  return (
    <div className="grid gap-6">
      <Card className="overflow-hidden py-0">
        <div className="from-primary/15 via-primary/5 to-background h-20 bg-gradient-to-r" aria-hidden />
        <CardContent className="flex flex-col gap-3 pb-6 sm:flex-row sm:items-end sm:gap-5">
          <PersonAvatar
            person={{ id: profile.userId, name: profile.fullName, avatarUrl: profile.avatarUrl }}
            size="xl"
            className="ring-card -mt-10 ring-4"
          />
          <div className="grid min-w-0 gap-1">
            <p className="truncate text-xl font-semibold">{profile.fullName?.trim() || 'No name yet'}</p>
            <p className="text-muted-foreground flex min-w-0 items-center gap-1.5 text-sm">
              <Mail className="size-4 shrink-0" aria-hidden />
              <span className="truncate">{profile.email}</span>
            </p>
            <p className="text-muted-foreground flex items-center gap-1.5 text-sm">
              <CalendarDays className="size-4 shrink-0" aria-hidden />
              Member since {formatMonthYear(profile.createdAt)}
            </p>
            <ProfilePhotoField profile={profile} />
          </div>
        </CardContent>
      </Card>
      {SECTIONS.map((section) => (
        <Card key={section.title}>
          <CardHeader>
            <CardTitle>
              <h2>{section.title}</h2>
            </CardTitle>
            <CardDescription>{section.description}</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
              {section.fields.map((spec) => (
                <div key={spec.name} className={cn('grid content-start gap-1', spec.wide && 'sm:col-span-2')}>
                  <dt className="text-muted-foreground text-sm">{spec.label}</dt>
                  <dd className="text-sm font-medium break-words">
                    <ProfileValue profile={profile} spec={spec} />
                  </dd>
                  {spec.name === 'email' ? <dd className="text-muted-foreground text-xs">{spec.description}</dd> : null}
                </div>
              ))}
            </dl>
            {section.title === 'Banking Information' ? <PayoutsSetup /> : null}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

/**
 * /profile (SPEC §2 Profile, §4): the profile to read, and Edit Profile to change it (Cancel or
 * Save Changes, then back to reading). Sent here to complete it before sharing (`?next=` the page
 * to go back to, issue 15 point 1), it opens for editing, says what is needed, and once the name
 * and contact are saved goes back there (the share form keeps its draft).
 */
export default function ProfilePage() {
  const profile = useOwnProfile();
  const update = useUpdateProfile();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = returnPathIn(params);
  const [editing, setEditing] = useState(returnTo !== null);
  const form = useForm<ProfileFormValues>({ resolver: zodResolver(profileFormSchema), mode: 'onSubmit' });

  useEffect(() => {
    if (profile.data && !editing) form.reset(profileToFormValues(profile.data));
  }, [profile.data, editing, form]);
  // Opened for editing straight away: fill the form once the profile is in.
  const [filled, setFilled] = useState(false);
  useEffect(() => {
    if (profile.data && editing && !filled) {
      form.reset(profileToFormValues(profile.data));
      setFilled(true);
    }
  }, [profile.data, editing, filled, form]);

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
      if (returnTo && values.contactInfo.trim() === '') {
        form.setError('contactInfo', { message: CONTACT_NEEDED }, { shouldFocus: true });
        return;
      }
      update.mutate(profileFormToUpdate(values), {
        onSuccess: (saved) => {
          toast({ title: 'Profile Updated', description: 'Your profile has been updated successfully.' });
          setEditing(false);
          if (returnTo && saved.fullName?.trim() && saved.contactInfo?.trim()) void navigate(returnTo);
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

  const cancel = () => {
    form.reset(profileToFormValues(profile.data));
    setEditing(false);
  };

  const completeNotice = returnTo ? <CompleteNotice toDraft={returnTo === '/create-idea'} /> : null;

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-10">
      <BackLink to="/dashboard">Back to Dashboard</BackLink>
      {editing ? (
        <form noValidate onSubmit={save} aria-label="Profile">
          <div className="mt-4 mb-6 flex flex-wrap items-center justify-between gap-3">
            <div>
              <h1 className="text-2xl font-bold tracking-tight">My Profile</h1>
              <p className="text-muted-foreground text-sm">Manage your personal information.</p>
            </div>
          </div>
          {completeNotice}
          <ProfileFields form={form} email={profile.data.email} contactRequired={returnTo !== null} />
          <SaveBar onCancel={cancel} pending={update.isPending} />
        </form>
      ) : (
        <>
          <div className="mt-4 mb-6 flex flex-wrap items-center justify-between gap-3">
            <div>
              <h1 className="text-2xl font-bold tracking-tight">My Profile</h1>
              <p className="text-muted-foreground text-sm">Manage your personal information.</p>
            </div>
            <Button type="button" onClick={() => setEditing(true)}>
              <Pencil aria-hidden /> Edit Profile
            </Button>
          </div>
          {completeNotice}
          <ProfileView profile={profile.data} />
        </>
      )}
      <FollowedList />
      <NotificationPreferencesCard />
      <TwoFactorCard />
      <LeavingCards />
    </div>
  );
}

/** Sent here to complete the profile before sharing: what is needed, and where Save leads. */
function CompleteNotice({ toDraft }: { toDraft: boolean }) {
  return (
    <div role="status" className="border-primary/30 bg-primary/5 mb-6 flex gap-3 rounded-lg border p-4 text-sm">
      <Info className="text-primary mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="grid gap-1">
        <p className="font-medium">Add your full name and contact info to share.</p>
        <p className="text-muted-foreground">Members see them with what you share. Save, and you go straight back{toDraft ? ' to your draft' : ''}.</p>
      </div>
    </div>
  );
}

/** The form's sections: each field with its label, hint and message (the email shown, not editable). */
function ProfileFields({ form, email, contactRequired }: { form: UseFormReturn<ProfileFormValues>; email: string; contactRequired: boolean }) {
  const { errors } = useFormState({ control: form.control });
  return (
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
                      <Input type="email" value={email} disabled readOnly />
                    </Field>
                  ) : (
                    <Field
                      label={f.label}
                      description={f.description}
                      error={errors[name]?.message}
                      required={name === 'fullName' || (name === 'contactInfo' && contactRequired)}
                    >
                      {f.multiline ? (
                        <Textarea placeholder={f.placeholder} rows={4} {...form.register(name)} />
                      ) : (
                        <Input type={f.type ?? 'text'} placeholder={f.placeholder} autoComplete={f.autoComplete} {...form.register(name)} />
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
  );
}

/** Always in reach, however long the form: at the bottom of the screen while editing. */
function SaveBar({ onCancel, pending }: { onCancel: () => void; pending: boolean }) {
  return (
    <div className="bg-background/90 supports-[backdrop-filter]:bg-background/75 sticky bottom-0 z-30 -mx-4 mt-6 border-t px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
      <div className="flex items-center justify-end gap-2">
        <p className="text-muted-foreground mr-auto hidden text-sm sm:block">Editing your profile</p>
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </div>
  );
}
