import { isAcceptableImageAddress } from '@shared/rules/image-address';
import { ImagePlus, Link2, Loader2, X } from 'lucide-react';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Progress } from '../../../components/ui/progress';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { uploadIdeaImage, type UploadHandle } from '../api/upload-image';
import { fieldErrorLines } from '../forms/field-messages';
import { COVER_FRAME, IdeaCover } from '../../../components/ideas/idea-cover';

export const UPLOAD_TEXT = {
  tooLargeTitle: 'File too large',
  tooLarge: 'Please select an image smaller than 5MB.',
  failedTitle: 'Upload failed',
  failed: 'Failed to upload image. Please try again.',
} as const;

function tooLargeText(maxBytes: number): string {
  const mb = Math.round((maxBytes / 1_048_576) * 10) / 10;
  return mb === 5 ? UPLOAD_TEXT.tooLarge : `Please select an image smaller than ${mb}MB.`;
}

interface ImageFieldProps {
  value: string;
  onChange: (url: string) => void;
  onBlur?: () => void;
  onUploadingChange: (uploading: boolean) => void;
  maxBytes: number;
  /** MIME types the server takes now; empty: any image (the server checks the bytes anyway). */
  allowedTypes?: readonly string[];
  errors: string[];
  disabled?: boolean;
}

/** An upload under way: its progress and the picture being sent, shown until the server answers. */
function useImageUpload({ maxBytes, allowedTypes, onChange, onUploadingChange }: Pick<ImageFieldProps, 'maxBytes' | 'onChange' | 'onUploadingChange'> & { allowedTypes: readonly string[] }) {
  const upload = useRef<UploadHandle | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);

  useEffect(() => () => upload.current?.abort(), []);
  useEffect(() => () => {
    if (localPreview) URL.revokeObjectURL(localPreview);
  }, [localPreview]);

  function finish() {
    upload.current = null;
    setProgress(null);
    setLocalPreview(null);
    onUploadingChange(false);
  }

  function refused(error: unknown) {
    if (error instanceof ApiError && error.code === 'aborted') return;
    if (error instanceof ApiError && error.status === 413) {
      toast({ variant: 'destructive', title: UPLOAD_TEXT.tooLargeTitle, description: tooLargeText(maxBytes) });
    } else if (error instanceof ApiError && (error.status === 415 || error.status === 422)) {
      toast({ variant: 'destructive', title: UPLOAD_TEXT.failedTitle, description: error.message });
    } else {
      toast({ variant: 'destructive', title: UPLOAD_TEXT.failedTitle, description: UPLOAD_TEXT.failed });
    }
  }

  function start(file: File) {
    if (file.size > maxBytes) {
      toast({ variant: 'destructive', title: UPLOAD_TEXT.tooLargeTitle, description: tooLargeText(maxBytes) });
      return;
    }
    if (file.type && (!file.type.startsWith('image/') || (allowedTypes.length > 0 && !allowedTypes.includes(file.type)))) {
      toast({ variant: 'destructive', title: UPLOAD_TEXT.failedTitle, description: 'Please choose a PNG, JPG or WEBP image.' });
      return;
    }
    upload.current?.abort();
    setLocalPreview(URL.createObjectURL(file));
    setProgress(0);
    onUploadingChange(true);
    const handle = uploadIdeaImage(file, setProgress);
    upload.current = handle;
    handle.promise.then(
      (image) => {
        if (upload.current !== handle) return;
        finish();
        onChange(image.url);
      },
      (error: unknown) => {
        if (upload.current !== handle) return;
        finish();
        refused(error);
      },
    );
  }

  /** Stops an upload under way. */
  function cancel() {
    if (progress === null) return;
    upload.current?.abort();
    finish();
  }

  return { progress, localPreview, start, cancel };
}

/** The picture as a card will show it, the upload's progress over it, and Remove (or Cancel upload). */
function ImagePreview({ src, percent, uploading, disabled, onRemove }: { src: string; percent: number; uploading: boolean; disabled?: boolean; onRemove: () => void }) {
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [src]);
  return (
    // The card's own picture frame (IdeaCover), at a card's width: what home will show.
    <div className="relative w-full overflow-hidden rounded-lg border sm:max-w-sm">
      {broken ? (
        <div className={`bg-muted text-muted-foreground flex items-center justify-center p-4 text-center text-sm ${COVER_FRAME}`}>
          This image could not be loaded. Check the address or upload a file instead.
        </div>
      ) : (
        <IdeaCover src={src} title="" category="idea" alt="Preview of the image" onError={() => setBroken(true)} load="high" />
      )}
      {uploading ? (
        <div className="bg-background/85 absolute inset-x-0 bottom-0 grid gap-1.5 p-3 backdrop-blur-sm">
          <div className="flex items-center justify-between text-sm">
            <span className="inline-flex items-center gap-2 font-medium">
              <Loader2 className="size-4 animate-spin" aria-hidden /> Uploading…
            </span>
            <span className="tabular-nums" aria-hidden>
              {percent}%
            </span>
          </div>
          <Progress value={percent} aria-label="Upload progress" />
        </div>
      ) : null}
      <Button
        type="button"
        variant="secondary"
        size="icon-sm"
        className="absolute top-2 right-2 shadow-sm"
        onClick={onRemove}
        disabled={disabled}
        aria-label={uploading ? 'Cancel upload' : 'Remove image'}
      >
        <X aria-hidden />
      </Button>
    </div>
  );
}

/** Where a picture comes from: the Upload Image button (a file) or a pasted public address. */
function ImageSource({
  id,
  value,
  onChange,
  onBlur,
  onFile,
  fileInput,
  errors,
  disabled,
}: Pick<ImageFieldProps, 'value' | 'onChange' | 'onBlur' | 'errors' | 'disabled'> & { id: string; onFile: (file: File) => void; fileInput: RefObject<HTMLInputElement | null> }) {
  return (
    <div className="grid gap-3 rounded-lg border border-dashed p-4">
      <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          disabled={disabled}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onFile(file);
            e.target.value = '';
          }}
        />
        <Button type="button" variant="outline" onClick={() => fileInput.current?.click()} disabled={disabled}>
          <ImagePlus aria-hidden /> Upload Image
        </Button>
        <p className="text-muted-foreground text-sm">
          <span className="hidden sm:inline">or drag one here. </span>PNG, JPG or WEBP, smaller than 5MB.
        </p>
      </div>
      <div className="text-muted-foreground flex items-center gap-3 text-xs tracking-wide uppercase">
        <span className="bg-border h-px flex-1" aria-hidden />
        or paste an address
        <span className="bg-border h-px flex-1" aria-hidden />
      </div>
      <div className="relative">
        <Link2 className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2" aria-hidden />
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          placeholder="https://example.com/image.jpg"
          className="pl-9"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          disabled={disabled}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={errors.length > 0 ? `${id}-error` : undefined}
        />
      </div>
    </div>
  );
}

/**
 * The share form's (and the Edit Idea dialog's) image: upload a file, by the button or by dropping
 * it on the field (with a progress bar), or paste a public https address; a preview either way, and a
 * button to remove it. Uploads are checked for size here first; the server checks the bytes.
 */
export function ImageField({ value, onChange, onBlur, onUploadingChange, maxBytes, allowedTypes = [], errors, disabled }: ImageFieldProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useImageUpload({ maxBytes, allowedTypes, onChange, onUploadingChange });
  // A file is being dragged over the field (counted: dragenter/leave fire for every child too).
  const [dragDepth, setDragDepth] = useState(0);
  const dragging = dragDepth > 0;

  const uploaded = value.startsWith('/storage/');
  const uploading = upload.progress !== null;
  const previewSrc = uploading ? upload.localPreview : value.trim() !== '' && isAcceptableImageAddress(value.trim()) ? value.trim() : null;

  function remove() {
    upload.cancel();
    onChange('');
    if (fileInput.current) fileInput.current.value = '';
  }

  const carriesFiles = (e: React.DragEvent) => Array.from(e.dataTransfer.types).includes('Files');

  return (
    <div
      className="relative grid gap-2 rounded-lg"
      data-dragging={dragging || undefined}
      onDragEnter={(e) => {
        if (disabled || !carriesFiles(e)) return;
        e.preventDefault();
        setDragDepth((d) => d + 1);
      }}
      onDragOver={(e) => {
        if (disabled || !carriesFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(e) => {
        if (!carriesFiles(e)) return;
        setDragDepth((d) => Math.max(0, d - 1));
      }}
      onDrop={(e) => {
        if (disabled || !carriesFiles(e)) return;
        e.preventDefault();
        setDragDepth(0);
        const file = e.dataTransfer.files[0];
        if (file) upload.start(file);
      }}
    >
      <Label htmlFor={`${id}-url`}>
        Image <span className="text-muted-foreground font-normal">(optional)</span>
      </Label>

      {previewSrc ? (
        <ImagePreview src={previewSrc} percent={Math.round((upload.progress ?? 0) * 100)} uploading={uploading} disabled={disabled} onRemove={remove} />
      ) : null}

      {dragging ? (
        <div
          className="border-primary bg-background/90 text-primary pointer-events-none absolute -inset-2 z-10 flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed shadow-sm backdrop-blur-sm"
          aria-hidden
        >
          <span className="bg-primary/10 rounded-full p-3">
            <ImagePlus className="size-6" />
          </span>
          <p className="text-sm font-semibold">{previewSrc ? 'Drop to replace the image' : 'Drop the image to upload it'}</p>
        </div>
      ) : null}

      {!uploaded && !uploading ? (
        <ImageSource id={id} value={value} onChange={onChange} onBlur={onBlur} onFile={upload.start} fileInput={fileInput} errors={errors} disabled={disabled} />
      ) : null}
      <FieldError id={`${id}-error`}>{fieldErrorLines(errors)}</FieldError>
    </div>
  );
}
