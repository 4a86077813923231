import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { IMAGE_UPLOAD_MAX_BYTES } from '../../../shared/constants.ts';
import { uploadedImageSchema } from '../../../shared/schemas/ideas.ts';
import type { AppEnv } from '../../app-env.ts';
import { badRequest } from '../../lib/errors.ts';
import { writeLimit } from '../../lib/write-limits.ts';
import { getPlatformSettings } from '../../lib/platform-settings.ts';
import { errorResponses, fileUploadBody, requireSignIn, viewerOf } from '../../lib/route-helpers.ts';
import { fileTooLarge, maxUploadBytes, uploadIdeaImage } from './upload-service.ts';

/** The upload route sets its own body limit; app.ts exempts it from the 1 MB limit of the API. */
export const IDEA_IMAGE_UPLOAD_PATH = '/api/uploads/idea-images';
/** Room for the multipart envelope (boundaries, headers, other small fields) around a 5 MB file. */
const MULTIPART_OVERHEAD = 64 * 1024;
const CHOOSE_FILE_MESSAGE = 'Please choose an image to upload.';

const uploadBodyLimit: MiddlewareHandler<AppEnv> = bodyLimit({
  maxSize: IMAGE_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD,
  onError: async (c) => {
    throw fileTooLarge(maxUploadBytes(await getPlatformSettings(c.var.db)));
  },
});

const uploadRoute = createRoute({
  method: 'post',
  path: IDEA_IMAGE_UPLOAD_PATH,
  tags: ['uploads'],
  summary: 'Upload an item image (multipart field "file"; PNG, JPEG or WebP under 5 MB)',
  // Counted before the body is read: a refused upload costs no 5 MB read.
  middleware: [requireSignIn, writeLimit('uploads'), uploadBodyLimit] as const,
  request: { body: fileUploadBody },
  responses: {
    201: { description: 'The stored image', content: { 'application/json': { schema: uploadedImageSchema } } },
    ...errorResponses({
      400: 'No file in the form',
      401: 'Not signed in',
      413: "'file_too_large': 'Please select an image smaller than 5MB.'",
      415: "'invalid_image': not a sound PNG, JPEG or WebP (or a type the admin settings exclude)",
      429: 'Over the per-person upload limit, 20 a minute (Retry-After: seconds)',
    }),
  },
});

export function registerUploadRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(uploadRoute, async (c) => {
    const viewer = viewerOf(c);
    let form: Record<string, string | File>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw badRequest(CHOOSE_FILE_MESSAGE, { file: [CHOOSE_FILE_MESSAGE] });
    }
    const file = form.file;
    if (!(file instanceof File) || file.size === 0) throw badRequest(CHOOSE_FILE_MESSAGE, { file: [CHOOSE_FILE_MESSAGE] });
    const settings = await getPlatformSettings(c.var.db);
    return c.json(await uploadIdeaImage(c.var.db, viewer, file, settings), 201);
  });
}
