/**
 * The optional reason of a removal (issue 17 point 1), read from a removal request's JSON body
 * `{ "reason": "…" }`. The body is optional: none, an empty one (even sent as application/json, as
 * clients of these routes have always done) or one without `reason` means no reason; anything else
 * that is not such an object is a 400 before anything is removed.
 */
import type { Context } from 'hono';
import { removalReasonSchema } from '../../shared/schemas/notifications.ts';
import { badRequest } from './errors.ts';

export async function removalReasonOf(c: Context): Promise<string | null> {
  const text = await c.req.text();
  if (text.trim() === '') return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  const parsed = removalReasonSchema.safeParse(body);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'The reason is not valid.';
    throw badRequest(message, { reason: parsed.error.issues.map((i) => i.message) });
  }
  return parsed.data.reason ?? null;
}
