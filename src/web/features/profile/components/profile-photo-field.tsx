import { Camera, Loader2, Trash2 } from 'lucide-react';
import { useId, useRef } from 'react';
import { IMAGE_UPLOAD_MAX_BYTES } from '@shared/constants';
import type { Profile } from '@shared/schemas/profile';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { useRemovePhoto, useUploadPhoto } from '../api/photo';

export const PHOTO_TEXT = {
  label: 'Photo',
  upload: 'Upload photo',
  change: 'Change photo',
  remove: 'Remove photo',
  hint: 'PNG, JPG or WEBP under 5MB; cropped square.',
  tooLargeTitle: 'File too large',
  tooLarge: 'Please select an image smaller than 5MB.',
  failedTitle: 'Upload failed',
  failed: 'Failed to upload image. Please try again.',
  updated: 'Photo updated',
  removed: 'Photo removed',
} as const;

/** The profile 'Photo' controls: upload, change and remove (the server checks and crops it; the avatar shows it). */
export function ProfilePhotoField({ profile }: { profile: Profile }) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const upload = useUploadPhoto();
  const remove = useRemovePhoto();
  const busy = upload.isPending || remove.isPending;

  function chosen(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.size > IMAGE_UPLOAD_MAX_BYTES) {
      toast({ variant: 'destructive', title: PHOTO_TEXT.tooLargeTitle, description: PHOTO_TEXT.tooLarge });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast({ title: PHOTO_TEXT.updated }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: error instanceof ApiError && error.status === 413 ? PHOTO_TEXT.tooLargeTitle : PHOTO_TEXT.failedTitle,
          description: error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : PHOTO_TEXT.failed,
        }),
    });
  }

  return (
    <div className="flex flex-wrap items-center gap-3" role="group" aria-label={PHOTO_TEXT.label} aria-describedby={hintId}>
      <div className="grid gap-1.5">
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
            {upload.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Camera aria-hidden />}
            {upload.isPending ? 'Uploading…' : profile.photoUrl ? PHOTO_TEXT.change : PHOTO_TEXT.upload}
          </Button>
          {profile.photoUrl ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={busy}
              onClick={() => remove.mutate(undefined, { onSuccess: () => toast({ title: PHOTO_TEXT.removed }) })}
            >
              <Trash2 aria-hidden /> {PHOTO_TEXT.remove}
            </Button>
          ) : null}
        </div>
        <p id={hintId} className="text-muted-foreground text-xs">
          {PHOTO_TEXT.hint}
        </p>
      </div>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-label={PHOTO_TEXT.upload}
        data-testid="profile-photo-input"
        onChange={(e) => chosen(e.target.files?.[0])}
      />
    </div>
  );
}
