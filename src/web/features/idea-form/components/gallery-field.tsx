import { ArrowLeft, ArrowRight, ImagePlus, Loader2, Star, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { GALLERY_MAX_IMAGES } from '@shared/schemas/ideas';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { maxUploadBytes, useAppConfig } from '../../../lib/app-config';
import { uploadIdeaImage } from '../api/upload-image';
import type { IdeaFormValues } from '../forms/idea-form';
import { UPLOAD_TEXT } from './image-field';

/**
 * The gallery's other pictures (issue 27), after the cover: up to five more, uploaded here, moved
 * left and right, made the cover, or removed. The server checks each one again.
 */
export function GalleryField({ form, disabled, onUploadingChange }: { form: UseFormReturn<IdeaFormValues>; disabled: boolean; onUploadingChange: (uploading: boolean) => void }) {
  const config = useAppConfig();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  return (
    <Controller
      control={form.control}
      name="moreImages"
      render={({ field }) => {
        const images = field.value;
        const room = GALLERY_MAX_IMAGES - 1 - images.length;
        const set = (next: string[]) => field.onChange(next);
        const move = (i: number, step: number) => {
          const next = [...images];
          const [item] = next.splice(i, 1);
          next.splice(i + step, 0, item!);
          set(next);
        };
        const makeCover = (i: number) => {
          const cover = form.getValues('imageUrl').trim();
          const next = [...images];
          const [chosen] = next.splice(i, 1);
          form.setValue('imageUrl', chosen!, { shouldDirty: true, shouldValidate: true });
          set(cover ? [cover, ...next] : next);
        };
        async function add(file: File | undefined) {
          if (input.current) input.current.value = '';
          if (!file) return;
          const limit = maxUploadBytes(config.data);
          if (file.size > limit) {
            toast({ variant: 'destructive', title: UPLOAD_TEXT.tooLargeTitle, description: UPLOAD_TEXT.tooLarge });
            return;
          }
          setUploading(true);
          onUploadingChange(true);
          try {
            const uploaded = await uploadIdeaImage(file, () => undefined).promise;
            set([...field.value, uploaded.url]);
          } catch (error) {
            toast({ variant: 'destructive', title: UPLOAD_TEXT.failedTitle, description: error instanceof ApiError && error.status === 415 ? error.message : UPLOAD_TEXT.failed });
          } finally {
            setUploading(false);
            onUploadingChange(false);
          }
        }
        return (
          <fieldset className="grid gap-2" data-testid="gallery-field">
            <legend className="text-sm font-medium">
              More pictures <span className="text-muted-foreground font-normal">(optional, up to {GALLERY_MAX_IMAGES - 1})</span>
            </legend>
            {images.length > 0 ? (
              <ol className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="More pictures, in order">
                {images.map((url, i) => (
                  <li key={url} className="bg-muted relative overflow-hidden rounded-lg border">
                    <img src={url} alt={`Picture ${i + 2}`} className="aspect-[4/3] w-full object-cover" />
                    <div className="bg-background/90 flex items-center justify-between gap-1 p-1">
                      <Button type="button" variant="ghost" size="icon" className="size-8" disabled={disabled || i === 0} aria-label={`Move picture ${i + 2} left`} onClick={() => move(i, -1)}>
                        <ArrowLeft aria-hidden />
                      </Button>
                      <Button type="button" variant="ghost" size="icon" className="size-8" disabled={disabled} aria-label={`Make picture ${i + 2} the cover`} onClick={() => makeCover(i)}>
                        <Star aria-hidden />
                      </Button>
                      <Button type="button" variant="ghost" size="icon" className="size-8" disabled={disabled || i === images.length - 1} aria-label={`Move picture ${i + 2} right`} onClick={() => move(i, 1)}>
                        <ArrowRight aria-hidden />
                      </Button>
                      <Button type="button" variant="ghost" size="icon" className="size-8" disabled={disabled} aria-label={`Remove picture ${i + 2}`} onClick={() => set(images.filter((_, j) => j !== i))}>
                        <X aria-hidden />
                      </Button>
                    </div>
                  </li>
                ))}
              </ol>
            ) : null}
            {room > 0 ? (
              <div>
                <Button type="button" variant="outline" size="sm" disabled={disabled || uploading} onClick={() => input.current?.click()}>
                  {uploading ? <Loader2 className="animate-spin" aria-hidden /> : <ImagePlus aria-hidden />}
                  {uploading ? 'Uploading…' : 'Add a picture'}
                </Button>
                <input
                  ref={input}
                  type="file"
                  accept="image/png,image/jpeg,image/webp"
                  className="sr-only"
                  tabIndex={-1}
                  aria-label="Add a picture"
                  data-testid="gallery-input"
                  onChange={(e) => void add(e.target.files?.[0])}
                />
              </div>
            ) : null}
          </fieldset>
        );
      }}
    />
  );
}
