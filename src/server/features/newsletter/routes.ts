/** The newsletter API (issue 15 point 4): subscribe, confirm, and unsubscribe (by the page or one click from a mail). */
import type { z } from '@hono/zod-openapi';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { limitBody } from '../../lib/request-body.ts';
import {
  NEWSLETTER_MESSAGES,
  newsletterRequestedSchema,
  newsletterStateSchema,
  newsletterSubscribeSchema,
  newsletterTokenSchema,
} from '../../../shared/schemas/newsletter.ts';
import { NEWSLETTER_FORM_PATH, NEWSLETTER_OUTCOME_PARAM, type NewsletterOutcome } from '../../../shared/constants.ts';
import { safeReturnPath } from '../../../shared/rules/return-path.ts';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/route-helpers.ts';
import { confirm, type NewsletterDeps, NewsletterRetryLater, subscribe, unsubscribe } from './service.ts';
import { NEWSLETTER_UNSUBSCRIBE_PATH } from './tokens.ts';

const jsonBody = <T extends z.ZodType>(schema: T) => ({ body: { required: true, content: { 'application/json': { schema } } } });

const subscribeRoute = createRoute({
  method: 'post',
  path: '/api/newsletter',
  tags: ['newsletter'],
  summary: 'Subscribe an address to the newsletter: it is kept as pending and a confirmation mail is sent (double opt-in)',
  description:
    'Anyone may ask; the answer is the same whether the address is new, waiting or already confirmed (a confirmed one gets ' +
    "no mail). Refused with 403 'newsletter_paused' while the admin's Marketing emails switch is off (nothing is stored). " +
    'Limited per client address and per email address (429 with Retry-After).',
  request: jsonBody(newsletterSubscribeSchema),
  responses: {
    202: { description: 'Confirmation mail on its way', content: { 'application/json': { schema: newsletterRequestedSchema } } },
    ...errorResponses({ 400: 'Not an email address', 403: 'The newsletter is paused (Marketing emails off)', 429: 'Too many requests' }),
  },
});

const confirmRoute = createRoute({
  method: 'post',
  path: '/api/newsletter/confirm',
  tags: ['newsletter'],
  summary: 'Confirm a subscription with the link from its confirmation mail (valid 7 days)',
  request: jsonBody(newsletterTokenSchema),
  responses: {
    200: { description: 'Confirmed', content: { 'application/json': { schema: newsletterStateSchema } } },
    ...errorResponses({ 400: 'Not a valid or current confirmation link' }),
  },
});

const unsubscribePageRoute = createRoute({
  method: 'post',
  path: '/api/newsletter/unsubscribe',
  tags: ['newsletter'],
  summary: 'Unsubscribe (the unsubscribe page): the address is deleted',
  request: jsonBody(newsletterTokenSchema),
  responses: {
    200: { description: 'Unsubscribed (also when it already was)', content: { 'application/json': { schema: newsletterStateSchema } } },
    ...errorResponses({ 400: 'Not an unsubscribe link of ours' }),
  },
});

const oneClickRoute = createRoute({
  method: 'post',
  path: NEWSLETTER_UNSUBSCRIBE_PATH,
  tags: ['newsletter'],
  summary: 'One-click unsubscribe (RFC 8058): the address of every newsletter mail’s List-Unsubscribe header',
  description:
    'No sign-in and no origin check: the signed token is the proof, and all it can do is remove that one address. Mail ' +
    'clients send `List-Unsubscribe=One-Click` (form encoded). A GET of the same address is the unsubscribe page.',
  middleware: [limitBody(2048)] as const,
  request: { query: newsletterTokenSchema },
  responses: {
    200: { description: 'Unsubscribed', content: { 'application/json': { schema: newsletterStateSchema } } },
    ...errorResponses({ 400: 'Not an unsubscribe link of ours', 413: 'Body too large' }),
  },
});

export interface NewsletterRouteDeps {
  /** The key of the newsletter's links (from AUTH_SECRET). */
  key: Buffer | null;
  /** The client's address, for the per-client limit (null: unknown). */
  clientIpOf?: (c: Context<AppEnv>) => string | null;
}

export function registerNewsletterRoutes(app: OpenAPIHono<AppEnv>, routeDeps: NewsletterRouteDeps) {
  const deps = (c: Context<AppEnv>): NewsletterDeps => ({ db: c.var.db, key: routeDeps.key, publicUrl: c.var.config.PUBLIC_URL });

  app.openapi(subscribeRoute, async (c) => {
    try {
      await subscribe(deps(c), c.req.valid('json').email, routeDeps.clientIpOf?.(c) ?? null);
    } catch (error) {
      // The one error body comes from the app's error handler; how long to wait goes with it.
      if (error instanceof NewsletterRetryLater) c.header('Retry-After', String(error.retryAfter));
      throw error;
    }
    return c.json({ message: NEWSLETTER_MESSAGES.checkInbox }, 202);
  });
  // The footer's form as a plain post: the same subscription, then back to the page it was on, saying how it went.
  app.post(NEWSLETTER_FORM_PATH, async (c) => {
    const form = await c.req.parseBody();
    const field = (name: string) => (typeof form[name] === 'string' ? form[name] : '');
    const back = new URL(safeReturnPath(field('back')) ?? '/', 'http://page.invalid');
    const email = field('email').trim();
    const parsed = newsletterSubscribeSchema.safeParse({ email });
    let outcome: NewsletterOutcome = 'sent';
    if (email === '') outcome = 'email_required';
    else if (!parsed.success) outcome = 'email_invalid';
    else {
      try {
        await subscribe(deps(c), parsed.data.email, routeDeps.clientIpOf?.(c) ?? null);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcome = error.code === 'newsletter_paused' ? 'paused' : error.status === 429 ? 'too_many_requests' : 'failed';
      }
    }
    back.searchParams.set(NEWSLETTER_OUTCOME_PARAM, outcome);
    c.header('Cache-Control', 'no-store');
    return c.redirect(`${back.pathname}${back.search}#newsletter`, 303);
  });
  app.openapi(confirmRoute, async (c) => c.json(await confirm(deps(c), c.req.valid('json').token), 200));
  app.openapi(unsubscribePageRoute, async (c) => c.json(await unsubscribe(deps(c), c.req.valid('json').token), 200));
  app.openapi(oneClickRoute, async (c) => c.json(await unsubscribe(deps(c), c.req.valid('query').token), 200));
}
