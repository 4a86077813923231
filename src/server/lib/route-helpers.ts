/** Small pieces every feature's routes share: sign-in, error responses, path ids. */
import { z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { errorBodySchema } from '../../shared/schemas/errors.ts';
import { ideaListParamsSchema } from '../../shared/schemas/ideas.ts';
import type { AppEnv, Viewer } from '../app-env.ts';
import { unauthorized } from './errors.ts';

/** Route middleware: a visitor gets 401 before the body is even looked at. */
export const requireSignIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.viewer) throw unauthorized();
  await next();
};

/** The signed-in person of a request behind requireSignIn. */
export function viewerOf(c: Context<AppEnv>): Viewer {
  const viewer = c.var.viewer;
  if (!viewer) throw unauthorized();
  return viewer;
}

/** OpenAPI responses carrying the one error body, keyed by status. */
export function errorResponses(codes: Record<number, string>) {
  return Object.fromEntries(Object.entries(codes).map(([status, description]) => [status, errorResponse(description)]));
}

/** One error answer of a route's OpenAPI responses: the API's one error body. */
export const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: errorBodySchema } } });

/** An id in a path: any short string; one that is not a UUID is simply not found (404). */
export const idParamsSchema = z.object({ id: z.string().max(100) });

/** Cursor and page size of the signed-in lists: the same bounds as /api/ideas. */
export const pageQuerySchema = ideaListParamsSchema.pick({ cursor: true, limit: true });

