import type { UploadedImage } from '@shared/schemas/ideas';
import type { ErrorBody } from '@shared/schemas/errors';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';

export interface UploadHandle {
  promise: Promise<UploadedImage>;
  abort: () => void;
}

/**
 * POST /api/uploads/idea-images (multipart field 'file'). XMLHttpRequest rather than fetch,
 * because only it reports upload progress. `onProgress` gets 0..1.
 */
export function uploadIdeaImage(file: File, onProgress: (fraction: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadedImage>((resolve, reject) => {
    xhr.open('POST', '/api/uploads/idea-images');
    xhr.responseType = 'text';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && data) {
        onProgress(1);
        resolve(data as UploadedImage);
        return;
      }
      const err = (data as Partial<ErrorBody> | null)?.error;
      reject(new ApiError(xhr.status, err?.code ?? 'http_error', err?.message ?? `Upload failed (${xhr.status}).`, err?.fields));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(new ApiError(0, 'aborted', 'Upload cancelled.'));
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
  return { promise, abort: () => xhr.abort() };
}
