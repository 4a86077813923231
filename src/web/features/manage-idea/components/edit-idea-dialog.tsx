/**
 * Edit Idea (SPEC §2 Dashboard, §5 submit rules): title, description, price, currency, category,
 * image (uploaded or an address, as on the share form) and rating, validated live with the shared
 * validator. Lazy: it brings zod. Used by the dashboard and by an owner's details page.
 */
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import {
  authorNameError,
  CategoryField,
  CurrencyField,
  DescriptionField,
  type EditableIdea,
  formValuesOf,
  hasErrors,
  type IdeaFormValues,
  GalleryField,
  ImageUrlField,
  TopicsFormField,
  WebsiteField,
  PriceField,
  PROFILE_NAME_HINT,
  RatingField,
  showServerFieldErrors,
  TitleField,
  toUpdateInput,
  useIdeaForm,
} from '../../idea-form';
import { useOwnProfile } from '../../profile';
import { useUpdateIdea } from '../api/manage-idea';

export const EDIT_TEXT = {
  doneTitle: 'Updated!',
  done: 'Your idea has been updated successfully.',
  errorTitle: 'Error',
  failed: 'Failed to update your idea. Please try again.',
  invalidTitle: 'Invalid Input',
  invalid: 'Please fix the errors in the form before submitting.',
  profileTitle: 'Invalid Profile Name',
} as const;

interface EditIdeaDialogProps {
  idea: EditableIdea | null;
  onClose: () => void;
}

export default function EditIdeaDialog({ idea, onClose }: EditIdeaDialogProps) {
  return (
    <Dialog open={idea !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Edit Idea</DialogTitle>
          <DialogDescription>Changes are visible to everyone as soon as you save them.</DialogDescription>
        </DialogHeader>
        {idea ? <EditIdeaForm key={idea.id} idea={idea} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditIdeaForm({ idea, onClose }: { idea: EditableIdea; onClose: () => void }) {
  const navigate = useNavigate();
  const update = useUpdateIdea();
  const profile = useOwnProfile();
  const [uploading, setUploading] = useState(false);
  const form = useIdeaForm(formValuesOf(idea));
  const errors = form.formState.errors;
  const pending = update.isPending;

  function profileNameInvalid(message: string) {
    toast({ variant: 'destructive', title: EDIT_TEXT.profileTitle, description: `${message} ${PROFILE_NAME_HINT}` });
    onClose();
    void navigate('/profile');
  }

  const onValid = (values: IdeaFormValues) => {
    const nameError = authorNameError(profile.data?.fullName);
    if (nameError) {
      profileNameInvalid(nameError);
      return;
    }
    update.mutate(
      { id: idea.id, input: toUpdateInput(values) },
      {
        onSuccess: () => {
          toast({ title: EDIT_TEXT.doneTitle, description: EDIT_TEXT.done });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            const author = error.fields?.authorName?.[0];
            if (author) {
              profileNameInvalid(author);
              return;
            }
            showServerFieldErrors(form, error.fields);
          }
          const message = error instanceof ApiError && error.status < 500 ? error.message : '';
          toast({ variant: 'destructive', title: EDIT_TEXT.errorTitle, description: message || EDIT_TEXT.failed });
        },
      },
    );
  };
  const onInvalid = () => toast({ variant: 'destructive', title: EDIT_TEXT.invalidTitle, description: EDIT_TEXT.invalid });

  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(onValid, onInvalid)(e)} className="grid gap-5" aria-busy={pending}>
      <TitleField form={form} disabled={pending} />
      <DescriptionField form={form} disabled={pending} rows={4} className="max-h-60 min-h-28" />
      <div className="grid gap-5 sm:grid-cols-2">
        <PriceField form={form} disabled={pending} label="Price" description="Empty or 0: free." placeholder="Free" />
        <CurrencyField form={form} disabled={pending} />
        <CategoryField form={form} disabled={pending} />
        <RatingField form={form} disabled={pending} label="Rating" placeholder="0 to 5" className="content-start" />
      </div>
      {/* The share form's own image field: upload (button or drop), paste an address, preview, remove. */}
      <ImageUrlField form={form} disabled={pending} onUploadingChange={setUploading} />
      <GalleryField form={form} disabled={pending} onUploadingChange={setUploading} />
      <WebsiteField form={form} disabled={pending} />
      <TopicsFormField form={form} disabled={pending} />
      <DialogFooter className="border-t pt-4">
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending || uploading || hasErrors(errors)}>
          {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {pending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
