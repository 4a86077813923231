import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { IMAGE_UPLOAD_MAX_BYTES } from '../../shared/constants.ts';
import type { AppEnv } from '../app-env.ts';
import { badRequest } from './errors.ts';

/** The OpenAPI body of an upload route: one multipart field `file`. */
export const fileUploadBody = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: { type: 'object' as const, properties: { file: { type: 'string' as const, format: 'binary' } }, required: ['file'] },
    },
  },
};

/** A body limit whose refusal is the API's error body: 413 'payload_too_large'. */
export function limitBody(maxSize: number): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize,
    onError: (c) => c.json({ error: { code: 'payload_too_large', message: 'The request body is too large.' } }, 413),
  });
}

/** Room for the multipart envelope (boundaries, headers, other small fields) around a 5 MB file. */
const MULTIPART_OVERHEAD = 64 * 1024;
const CHOOSE_FILE_MESSAGE = 'Please choose an image to upload.';

/**
 * An upload route's own body limit (app.ts exempts upload paths from the API's 1 MB limit): a body
 * over the image limit is refused with the route's 'file_too_large' error before it is read.
 */
export function imageBodyLimit(tooLarge: (c: Context<AppEnv>) => Error | Promise<Error>): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: IMAGE_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD,
    onError: async (c) => {
      throw await tooLarge(c as Context<AppEnv>);
    },
  });
}

/** The form's non-empty `file` field, or the 400 that asks for one. */
export async function uploadedFile(c: Context<AppEnv>): Promise<File> {
  let form: Record<string, string | File>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw badRequest(CHOOSE_FILE_MESSAGE, { file: [CHOOSE_FILE_MESSAGE] });
  }
  const file = form.file;
  if (!(file instanceof File) || file.size === 0) throw badRequest(CHOOSE_FILE_MESSAGE, { file: [CHOOSE_FILE_MESSAGE] });
  return file;
}
