/**
 * /create-idea (SPEC §2 'Create idea', §4 'Submission eligibility', §5): share an idea or a
 * product. Eligibility comes from the server when the page opens; the shared validator runs on
 * every change; the server re-checks everything on submit.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CURRENCIES,
  CURRENCY_NAMES,
  DEFAULT_CATEGORY,
  DEFAULT_CURRENCY,
  PRICE_MIN,
  PRICE_STEP,
  RATING_MAX,
  RATING_MIN,
  RATING_STEP,
  type Category,
} from '@shared/constants';
import { lockMessageFor } from '@shared/rules/eligibility';
import { signInPath, withReturnPath } from '@shared/rules/return-path';
import { PROJECT_DETAILS_MAX_LENGTH } from '@shared/schemas/ideas';
import { ArrowLeft, ArrowRight, History, Loader2, Send, UserRoundPen } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../auth/hooks/use-session';
import { maxUploadBytes, useAppConfig } from '../../ideas/api/app-config';
import { toEligibility, useEligibility } from '../../ideas/api/eligibility';
import { useCreateIdea } from '../../ideas/api/manage-idea';
import { fieldErrorLines } from '../../ideas/forms/field-messages';
import {
  authorNameError,
  fieldMessages,
  hasErrors,
  ideaFormSchema,
  PROFILE_NAME_HINT,
  serverFieldErrors,
  toCreateInput,
  type IdeaFormValues,
} from '../../ideas/forms/idea-form';
import { useOwnProfile } from '../../profile/api/profile';
import { CategoryPicker } from '../components/category-picker';
import { EligibilityDialog } from '../components/eligibility-dialog';
import { ImageField } from '../components/image-field';
import { clearDraft, loadDraft, saveDraft } from '../lib/share-draft';

export const CREATE_TEXT = {
  successTitle: 'Success!',
  success: (category: Category) => `Your ${category} has been shared with the community.`,
  errorTitle: 'Error',
  failed: (category: Category) => `Failed to share your ${category}. Please try again.`,
  profileTitle: 'Complete your profile',
  profile: 'Please update your profile (name and contact) before sharing.',
} as const;

/** Where the share form sends a person whose profile lacks a name or contact: back here once it is saved. */
export const COMPLETE_PROFILE_PATH = withReturnPath('/profile', '/create-idea');

const DEFAULTS: IdeaFormValues = {
  category: DEFAULT_CATEGORY,
  title: '',
  description: '',
  price: '',
  currency: DEFAULT_CURRENCY,
  imageUrl: '',
  rating: '',
  projectDetails: '',
};

export default function CreateIdeaPage() {
  const navigate = useNavigate();
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const eligibilityQuery = useEligibility(signedIn);
  const configQuery = useAppConfig();
  const profile = useOwnProfile();
  const createIdea = useCreateIdea();

  const [summaryOpen, setSummaryOpen] = useState(false);
  const [summaryShown, setSummaryShown] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [serverAuthorError, setServerAuthorError] = useState<string | null>(null);
  const userId = session.user?.id ?? null;
  // The draft this person left (issue 15 point 1), read once when the page opens.
  const [draft] = useState(() => (userId ? loadDraft(userId, DEFAULTS) : null));
  const [draftNotice, setDraftNotice] = useState(draft !== null);
  // Once shared (or cancelled) the draft is over: later changes (the lists refreshing) keep nothing.
  const draftClosed = useRef(false);
  const closeDraft = () => {
    draftClosed.current = true;
    if (userId) clearDraft(userId);
  };

  const form = useForm<IdeaFormValues>({
    resolver: zodResolver(ideaFormSchema),
    mode: 'onChange',
    reValidateMode: 'onChange',
    criteriaMode: 'all',
    defaultValues: draft ?? DEFAULTS,
  });
  const { control, register, handleSubmit, getValues, setValue, setError, setFocus, formState, watch, reset, trigger } = form;

  // Every change is kept for the session, so leaving (to complete the profile) loses nothing.
  useEffect(() => {
    if (!userId) return;
    const subscription = watch((values) => {
      if (!draftClosed.current) saveDraft(userId, { ...DEFAULTS, ...values } as IdeaFormValues);
    });
    return () => subscription.unsubscribe();
  }, [watch, userId]);
  // A restored draft is checked at once, as if typed: its messages show and Share waits for a fix.
  useEffect(() => {
    if (draft) void trigger();
  }, [draft, trigger]);
  const errors = formState.errors;
  const category = watch('category');

  const eligibility = useMemo(
    () => (eligibilityQuery.data ? toEligibility(eligibilityQuery.data) : null),
    [eligibilityQuery.data],
  );
  const locks: Record<Category, string | null> = {
    idea: eligibility ? lockMessageFor('idea', eligibility.idea) : null,
    product: eligibility ? lockMessageFor('product', eligibility.product) : null,
  };

  // Eligibility check failures are only logged (SPEC §8); the server re-checks on submit.
  useEffect(() => {
    if (eligibilityQuery.error) console.error('Eligibility check failed', eligibilityQuery.error);
  }, [eligibilityQuery.error]);

  // When the answer arrives: show the summary, once.
  useEffect(() => {
    if (!eligibility || summaryShown) return;
    setSummaryShown(true);
    setSummaryOpen(true);
  }, [eligibility, summaryShown]);

  // The only open category is preselected, also when a re-check (after a refusal) locks the chosen one.
  useEffect(() => {
    if (eligibility?.preselect && eligibility[getValues('category')].locked) {
      setValue('category', eligibility.preselect, { shouldValidate: false });
    }
  }, [eligibility, getValues, setValue]);

  const authorError = serverAuthorError ?? authorNameError(profile.data?.fullName);
  const categoryLocked = Boolean(locks[category]);
  const pending = createIdea.isPending;
  const submitDisabled = pending || uploading || hasErrors(errors) || Boolean(authorError) || categoryLocked || eligibilityQuery.isPending && signedIn;
  const kind = category === 'product' ? 'Product' : 'Idea';

  const profileIncomplete = eligibilityQuery.data?.profileComplete === false;

  function discardDraft() {
    if (userId) clearDraft(userId);
    reset(DEFAULTS);
    setDraftNotice(false);
  }

  function onValid(values: IdeaFormValues) {
    if (eligibilityQuery.data && !eligibilityQuery.data.profileComplete) {
      // The draft is already kept; the profile page brings the person back to it once saved.
      toast({ variant: 'destructive', title: CREATE_TEXT.profileTitle, description: CREATE_TEXT.profile });
      void navigate(COMPLETE_PROFILE_PATH);
      return;
    }
    if (authorError) return;
    const shared = values.category;
    createIdea.mutate(toCreateInput(values), {
      onSuccess: () => {
        closeDraft();
        toast({ title: CREATE_TEXT.successTitle, description: CREATE_TEXT.success(shared) });
        void navigate('/dashboard');
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) {
          toast({ variant: 'destructive', title: CREATE_TEXT.errorTitle, description: CREATE_TEXT.failed(shared) });
          return;
        }
        if (error.status === 401) {
          void navigate(signInPath('/create-idea'));
          return;
        }
        if (error.code === 'profile_incomplete') {
          toast({ variant: 'destructive', title: CREATE_TEXT.profileTitle, description: CREATE_TEXT.profile });
          void navigate(COMPLETE_PROFILE_PATH);
          return;
        }
        if (error.status === 429 || error.code === 'cooldown') void eligibilityQuery.refetch();
        for (const [field, messages] of serverFieldErrors(error.fields)) {
          setError(field, { type: 'server', message: messages[0], types: { server: messages } });
        }
        const author = error.fields?.authorName?.[0];
        if (author) setServerAuthorError(author);
        toast({
          variant: 'destructive',
          title: CREATE_TEXT.errorTitle,
          description: error.status >= 500 || !error.message ? CREATE_TEXT.failed(shared) : error.message,
        });
      },
    });
  }

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    // A visitor is sent to sign in (SPEC §2), whatever the form holds.
    if (session.status === 'signed-out') {
      e.preventDefault();
      void navigate(signInPath('/create-idea'));
      return;
    }
    void handleSubmit(onValid)(e);
  }

  const msgs = (name: keyof IdeaFormValues) => fieldMessages(errors[name]);
  const err = (name: keyof IdeaFormValues) => fieldErrorLines(msgs(name));

  return (
    <div className="bg-muted/30 min-h-full">
      <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
        <Link
          to="/dashboard"
          className="text-muted-foreground hover:text-foreground focus-visible:ring-ring inline-flex items-center gap-1.5 rounded-md text-sm focus-visible:ring-2 focus-visible:outline-none"
        >
          <ArrowLeft className="size-4" aria-hidden /> Back to Dashboard
        </Link>
        <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">Share with the community</h1>
        <p className="text-muted-foreground mt-2">
          Put a price on an idea or a product, tell people what it is, and get their feedback.
        </p>

        {profileIncomplete ? (
          // Said before the person starts, not after they press Share.
          <div role="status" className="mt-6 grid gap-3 rounded-xl border border-amber-300/70 bg-amber-50 p-4 text-sm sm:flex sm:items-center sm:justify-between dark:border-amber-400/30 dark:bg-amber-400/10">
            <div className="flex gap-3">
              <UserRoundPen className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden />
              <div className="grid gap-0.5">
                <p className="font-medium">Your name and contact info are needed to share.</p>
                <p className="text-muted-foreground">Members see them with what you share. Your draft here is kept while you add them.</p>
              </div>
            </div>
            <Button asChild variant="outline" size="sm" className="ml-8 w-fit shrink-0 sm:ml-0">
              <Link to={COMPLETE_PROFILE_PATH}>
                Complete your profile <ArrowRight aria-hidden />
              </Link>
            </Button>
          </div>
        ) : null}

        {draftNotice ? (
          <div role="status" className="bg-muted/60 mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border px-4 py-3 text-sm">
            <p className="flex items-center gap-2">
              <History className="text-muted-foreground size-4 shrink-0" aria-hidden />
              Your draft is back, as you left it.
            </p>
            <Button type="button" variant="ghost" size="sm" onClick={discardDraft} disabled={pending}>
              Discard draft
            </Button>
          </div>
        ) : null}

        <Card className="mt-8">
          <CardContent className="px-4 sm:px-6">
            <form noValidate onSubmit={onSubmit} className="grid gap-7" aria-busy={pending}>
              <fieldset className="grid gap-3">
                <legend id="category-label" className="mb-3 text-sm font-medium">
                  What are you sharing?<span aria-hidden className="text-destructive"> *</span>
                </legend>
                {signedIn && eligibilityQuery.isPending ? (
                  <div className="grid gap-3 sm:grid-cols-2" role="status" aria-busy="true" aria-label="Checking what you can share">
                    <Skeleton className="h-[88px] rounded-xl" />
                    <Skeleton className="h-[88px] rounded-xl" />
                  </div>
                ) : (
                  <Controller
                    control={control}
                    name="category"
                    render={({ field }) => (
                      <CategoryPicker
                        value={field.value}
                        onChange={(v) => field.onChange(v)}
                        locks={locks}
                        labelledBy="category-label"
                        disabled={pending}
                      />
                    )}
                  />
                )}
              </fieldset>

              <Field label="Title" required error={err('title')}>
                <Input
                  {...register('title')}
                  placeholder={category === 'product' ? 'e.g. Solar-powered phone charger' : 'e.g. Cold rooms for market traders'}
                  autoComplete="off"
                  maxLength={600}
                  disabled={pending}
                />
              </Field>

              <Field label="Description" required error={err('description')}>
                <Textarea
                  {...register('description')}
                  rows={5}
                  className="min-h-32"
                  placeholder="What is it, who is it for, and why does it matter?"
                  disabled={pending}
                />
              </Field>

              <div className="grid gap-5 sm:grid-cols-[1fr_12rem]">
                <Field
                  label={
                    <>
                      Price <span className="text-muted-foreground font-normal">(optional)</span>
                    </>
                  }
                  error={err('price')}
                  description="Leave empty to share it for free."
                  className="content-start"
                >
                  <Input
                    {...register('price')}
                    type="number"
                    inputMode="decimal"
                    min={PRICE_MIN}
                    step={PRICE_STEP}
                    placeholder="0.00"
                    disabled={pending}
                  />
                </Field>
                <Field label="Currency" error={err('currency')} className="content-start">
                  {(p) => (
                    <Controller
                      control={control}
                      name="currency"
                      render={({ field }) => (
                        <Select value={field.value} onValueChange={field.onChange} disabled={pending}>
                          <SelectTrigger {...p} className="w-full">
                            <SelectValue />
                          </SelectTrigger>
                          <SelectContent>
                            {CURRENCIES.map((c) => (
                              <SelectItem key={c} value={c}>
                                {c} ({CURRENCY_NAMES[c]})
                              </SelectItem>
                            ))}
                          </SelectContent>
                        </Select>
                      )}
                    />
                  )}
                </Field>
              </div>

              <Controller
                control={control}
                name="imageUrl"
                render={({ field }) => (
                  <ImageField
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    onUploadingChange={setUploading}
                    maxBytes={maxUploadBytes(configQuery.data)}
                    allowedTypes={configQuery.data?.allowedImageTypes}
                    errors={msgs('imageUrl')}
                    disabled={pending}
                  />
                )}
              />

              <Field
                label={
                  <>
                    Project details <span className="text-muted-foreground font-normal">(optional)</span>
                  </>
                }
                error={err('projectDetails')}
                description="Plans, materials, milestones: anything that helps people judge it."
              >
                <Textarea
                  {...register('projectDetails')}
                  rows={4}
                  className="min-h-24"
                  maxLength={PROJECT_DETAILS_MAX_LENGTH}
                  disabled={pending}
                />
              </Field>

              <Field
                label={
                  <>
                    Rating <span className="text-muted-foreground font-normal">(optional)</span>
                  </>
                }
                error={err('rating')}
                description="Your own rating from 0 to 5."
                className="sm:max-w-xs"
              >
                <Input
                  {...register('rating')}
                  type="number"
                  inputMode="decimal"
                  min={RATING_MIN}
                  max={RATING_MAX}
                  step={RATING_STEP}
                  placeholder="4.5"
                  disabled={pending}
                />
              </Field>

              {authorError ? (
                <div role="alert" className="border-destructive/40 bg-destructive/5 grid gap-3 rounded-lg border p-4 sm:flex sm:items-center sm:justify-between">
                  <div className="grid gap-1 text-sm">
                    <p className="text-destructive font-medium">{authorError}</p>
                    <p className="text-muted-foreground">{PROFILE_NAME_HINT}</p>
                  </div>
                  <Button asChild variant="outline" size="sm" className="w-fit">
                    <Link to={COMPLETE_PROFILE_PATH}>
                      <UserRoundPen aria-hidden /> Update Profile
                    </Link>
                  </Button>
                </div>
              ) : null}

              <div className="flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:justify-end">
                <Button asChild variant="outline">
                  <Link
                    to="/dashboard"
                    // Cancelling lets the draft go (Back keeps it).
                    onClick={closeDraft}
                  >
                    Cancel
                  </Link>
                </Button>
                <Button type="submit" disabled={submitDisabled}>
                  {pending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
                  {pending ? 'Sharing...' : `Share ${kind}`}
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
      </div>

      {eligibility ? (
        <EligibilityDialog
          eligibility={eligibility}
          open={summaryOpen}
          onOpenChange={setSummaryOpen}
          onClosed={() => setFocus('title')}
        />
      ) : null}
    </div>
  );
}
