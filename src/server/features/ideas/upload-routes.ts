import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { uploadedImageSchema } from '../../../shared/schemas/ideas.ts';
import type { AppEnv } from '../../app-env.ts';
import { fileUploadBody, imageBodyLimit, uploadedFile } from '../../lib/request-body.ts';
import { writeLimit } from '../../lib/write-limits.ts';
import { getPlatformSettings } from '../../lib/platform-settings.ts';
import { errorResponses, requireSignIn, viewerOf } from '../../lib/route-helpers.ts';
import { fileTooLarge, maxUploadBytes, uploadIdeaImage } from './upload-service.ts';

/** The upload route sets its own body limit; app.ts exempts it from the 1 MB limit of the API. */
export const IDEA_IMAGE_UPLOAD_PATH = '/api/uploads/idea-images';
const uploadBodyLimit = imageBodyLimit(async (c) => fileTooLarge(maxUploadBytes(await getPlatformSettings(c.var.db))));

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
    const file = await uploadedFile(c);
    const settings = await getPlatformSettings(c.var.db);
    return c.json(await uploadIdeaImage(c.var.db, viewer, file, settings), 201);
  });
}
