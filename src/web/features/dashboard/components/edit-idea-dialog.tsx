/**
 * Edit Idea (SPEC §2 Dashboard, §5 submit rules): title, description, price, currency, category,
 * image (uploaded or an address, as on the share form) and rating, validated live with the shared
 * validator. Lazy: it brings zod. Used by the dashboard and by an owner's details page.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CATEGORIES,
  CURRENCIES,
  CURRENCY_NAMES,
  PRICE_MIN,
  PRICE_STEP,
  RATING_MAX,
  RATING_MIN,
  RATING_STEP,
} from '@shared/constants';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
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
import { Field } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { useUpdateIdea } from '../../ideas/api/manage-idea';
import { fieldErrorLines } from '../../ideas/forms/field-messages';
import {
  authorNameError,
  fieldMessages,
  formValuesOf,
  hasErrors,
  ideaFormSchema,
  PROFILE_NAME_HINT,
  serverFieldErrors,
  toUpdateInput,
  type EditableIdea,
  type IdeaFormValues,
} from '../../ideas/forms/idea-form';
import { useOwnProfile } from '../../profile/api/profile';
import { ImageField } from '../../create-idea/components/image-field';
import { maxUploadBytes, useAppConfig } from '../../ideas/api/app-config';

export const EDIT_TEXT = {
  doneTitle: 'Updated!',
  done: 'Your idea has been updated successfully.',
  errorTitle: 'Error',
  failed: 'Failed to update your idea. Please try again.',
  invalidTitle: 'Invalid Input',
  invalid: 'Please fix the errors in the form before submitting.',
  profileTitle: 'Invalid Profile Name',
} as const;

const CATEGORY_LABELS = { idea: 'Idea', product: 'Product' } as const;

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
  const config = useAppConfig();
  const [uploading, setUploading] = useState(false);
  const form = useForm<IdeaFormValues>({
    resolver: zodResolver(ideaFormSchema),
    mode: 'onChange',
    reValidateMode: 'onChange',
    criteriaMode: 'all',
    defaultValues: formValuesOf(idea),
  });
  const { control, register, handleSubmit, setError, formState } = form;
  const errors = formState.errors;
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
            for (const [field, messages] of serverFieldErrors(error.fields)) {
              setError(field, { type: 'server', message: messages[0], types: { server: messages } });
            }
          }
          const message = error instanceof ApiError && error.status < 500 ? error.message : '';
          toast({ variant: 'destructive', title: EDIT_TEXT.errorTitle, description: message || EDIT_TEXT.failed });
        },
      },
    );
  };
  const onInvalid = () => toast({ variant: 'destructive', title: EDIT_TEXT.invalidTitle, description: EDIT_TEXT.invalid });

  const err = (name: keyof IdeaFormValues) => fieldErrorLines(fieldMessages(errors[name]));

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onValid, onInvalid)(e)} className="grid gap-5" aria-busy={pending}>
      <Field label="Title" required error={err('title')}>
        <Input {...register('title')} autoComplete="off" maxLength={600} disabled={pending} />
      </Field>
      <Field label="Description" required error={err('description')}>
        <Textarea {...register('description')} rows={4} className="max-h-60 min-h-28" disabled={pending} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Price" error={err('price')} description="Empty or 0: free." className="content-start">
          <Input {...register('price')} type="number" inputMode="decimal" min={PRICE_MIN} step={PRICE_STEP} placeholder="Free" disabled={pending} />
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
        <Field label="Category" required error={err('category')} className="content-start">
          {(p) => (
            <Controller
              control={control}
              name="category"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange} disabled={pending}>
                  <SelectTrigger {...p} className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {CATEGORIES.map((c) => (
                      <SelectItem key={c} value={c}>
                        {CATEGORY_LABELS[c]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          )}
        </Field>
        <Field label="Rating" error={err('rating')} className="content-start">
          <Input
            {...register('rating')}
            type="number"
            inputMode="decimal"
            min={RATING_MIN}
            max={RATING_MAX}
            step={RATING_STEP}
            placeholder="0 to 5"
            disabled={pending}
          />
        </Field>
      </div>
      {/* The share form's own image field: upload (button or drop), paste an address, preview, remove. */}
      <Controller
        control={control}
        name="imageUrl"
        render={({ field }) => (
          <ImageField
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            onUploadingChange={setUploading}
            maxBytes={maxUploadBytes(config.data)}
            allowedTypes={config.data?.allowedImageTypes}
            errors={fieldMessages(errors.imageUrl)}
            disabled={pending}
          />
        )}
      />
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
