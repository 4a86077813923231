import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { PROFILE_PHOTO_PATH, profilePhotoSchema } from '../../../shared/schemas/profile.ts';
import type { AppEnv } from '../../app-env.ts';
import { fileUploadBody, imageBodyLimit, uploadedFile } from '../../lib/request-body.ts';
import { errorResponses, requireSignIn, viewerOf } from '../../lib/route-helpers.ts';
import { writeLimit } from '../../lib/write-limits.ts';
import { photoTooLarge, removeProfilePhoto, uploadProfilePhoto } from './photo-service.ts';

const uploadPhotoRoute = createRoute({
  method: 'post',
  path: PROFILE_PHOTO_PATH,
  tags: ['profiles'],
  summary: 'Set the signed-in person’s profile photo (multipart field "file"; PNG, JPEG or WebP under 5 MB, cropped square)',
  middleware: [requireSignIn, writeLimit('uploads'), imageBodyLimit(photoTooLarge)] as const,
  request: { body: fileUploadBody },
  responses: {
    200: { description: 'The photo now', content: { 'application/json': { schema: profilePhotoSchema } } },
    ...errorResponses({
      400: 'No file in the form',
      401: 'Not signed in',
      413: "'file_too_large': 'Please select an image smaller than 5MB.'",
      415: "'invalid_image': not a sound PNG, JPEG or WebP",
      429: 'Over the per-person upload limit',
    }),
  },
});

const removePhotoRoute = createRoute({
  method: 'delete',
  path: PROFILE_PHOTO_PATH,
  tags: ['profiles'],
  summary: 'Remove the signed-in person’s profile photo (avatars show their initials again)',
  middleware: [requireSignIn] as const,
  responses: {
    200: { description: 'The photo now (none)', content: { 'application/json': { schema: profilePhotoSchema } } },
    ...errorResponses({ 401: 'Not signed in' }),
  },
});

export function registerProfilePhotoRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(uploadPhotoRoute, async (c) => c.json(await uploadProfilePhoto(c.var.db, viewerOf(c), await uploadedFile(c)), 200));
  app.openapi(removePhotoRoute, async (c) => c.json(await removeProfilePhoto(c.var.db, viewerOf(c)), 200));
}
