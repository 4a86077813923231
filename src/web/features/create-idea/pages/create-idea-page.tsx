/**
 * /create-idea (SPEC §2 'Create idea', §4 'Submission eligibility', §5): share an idea or a
 * product. Eligibility comes from the server when the page opens; the shared validator runs on
 * every change; the server re-checks everything on submit.
 */
import { DEFAULT_CATEGORY, DEFAULT_CURRENCY } from '@shared/constants';
import { useState } from 'react';
import { Card, CardContent } from '../../../components/ui/card';
import { useSession } from '../../auth';
import {
  authorNameError,
  CurrencyField,
  DescriptionField,
  hasErrors,
  type IdeaFormValues,
  GalleryField,
  ImageUrlField,
  WebsiteField,
  optional,
  PriceField,
  ProjectDetailsField,
  TopicsFormField,
  RatingField,
  TitleField,
  useIdeaForm,
} from '../../idea-form';
import { useOwnProfile } from '../../profile';
import { EligibilityDialog } from '../components/eligibility-dialog';
import { AuthorNameAlert, CategoryFieldset, DraftNotice, ProfileNotice, ShareActions } from '../components/share-parts';
import { useKeepDraft, useShareDraft } from '../hooks/use-share-draft';
import { useShareEligibility } from '../hooks/use-share-eligibility';
import { useShareSubmit } from '../hooks/use-share-submit';
import { BackLink } from '../../../components/layout/back-link';

const DEFAULTS: IdeaFormValues = {
  category: DEFAULT_CATEGORY,
  title: '',
  description: '',
  price: '',
  currency: DEFAULT_CURRENCY,
  imageUrl: '',
  moreImages: [],
  websiteUrl: '',
  rating: '',
  projectDetails: '',
  topics: [],
};

export default function CreateIdeaPage() {
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const profile = useOwnProfile();
  const [uploading, setUploading] = useState(false);
  const [serverAuthorError, setServerAuthorError] = useState<string | null>(null);

  // The draft this person left (issue 15 point 1), the form it starts, and what may be shared.
  const draft = useShareDraft(session.user?.id ?? null, DEFAULTS);
  const form = useIdeaForm(draft.restored ?? DEFAULTS);
  useKeepDraft(form, draft);
  const share = useShareEligibility(signedIn, form);

  const authorError = serverAuthorError ?? authorNameError(profile.data?.fullName);
  const category = form.watch('category');
  const { onSubmit, pending } = useShareSubmit({
    form,
    signedOut: session.status === 'signed-out',
    profileComplete: share.query.data?.profileComplete,
    authorError,
    onAuthorRefused: setServerAuthorError,
    onCooldown: () => void share.query.refetch(),
    onShared: draft.close,
  });
  const submitDisabled = pending || uploading || hasErrors(form.formState.errors) || Boolean(authorError) || Boolean(share.locks[category]) || share.checking;

  return (
    <div className="bg-muted/30 min-h-full">
      <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
        <BackLink to="/dashboard">Back to Dashboard</BackLink>
        <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">Share with the community</h1>
        <p className="text-muted-foreground mt-2">
          Put a price on an idea or a product, tell people what it is, and get their feedback.
        </p>

        {share.profileIncomplete ? <ProfileNotice /> : null}
        {draft.noticeShown ? <DraftNotice onDiscard={() => draft.discard(form)} disabled={pending} /> : null}

        <Card className="mt-8">
          <CardContent className="px-4 sm:px-6">
            <form noValidate onSubmit={onSubmit} className="grid gap-7" aria-busy={pending}>
              <CategoryFieldset form={form} locks={share.locks} checking={share.checking} disabled={pending} />
              <TitleField
                form={form}
                disabled={pending}
                placeholder={category === 'product' ? 'e.g. Solar-powered phone charger' : 'e.g. Cold rooms for market traders'}
              />
              <DescriptionField
                form={form}
                disabled={pending}
                rows={5}
                className="min-h-32"
                placeholder="What is it, who is it for, and why does it matter?"
              />
              <div className="grid gap-5 sm:grid-cols-[1fr_12rem]">
                <PriceField form={form} disabled={pending} label={optional('Price')} description="Leave empty to share it for free." placeholder="0.00" />
                <CurrencyField form={form} disabled={pending} />
              </div>
              <ImageUrlField form={form} disabled={pending} onUploadingChange={setUploading} />
              <GalleryField form={form} disabled={pending} onUploadingChange={setUploading} />
              <WebsiteField form={form} disabled={pending} />
              <TopicsFormField form={form} disabled={pending} />
              <ProjectDetailsField form={form} disabled={pending} />
              <RatingField
                form={form}
                disabled={pending}
                label={optional('Rating')}
                description="Your own rating from 0 to 5."
                placeholder="4.5"
                className="sm:max-w-xs"
              />
              {authorError ? <AuthorNameAlert message={authorError} /> : null}
              <ShareActions kind={category === 'product' ? 'Product' : 'Idea'} pending={pending} disabled={submitDisabled} onCancel={draft.close} />
            </form>
          </CardContent>
        </Card>
      </div>

      {share.eligibility ? (
        <EligibilityDialog
          eligibility={share.eligibility}
          open={share.summaryOpen}
          onOpenChange={share.setSummaryOpen}
          onClosed={() => form.setFocus('title')}
        />
      ) : null}
    </div>
  );
}
