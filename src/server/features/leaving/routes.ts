/** GET /api/me/export (the person's data, one JSON file) and DELETE /api/me (their account). */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { accountDeletedSchema, accountDeleteInputSchema, dataExportSchema, exportFileName } from '../../../shared/schemas/leaving.ts';
import type { AppEnv } from '../../app-env.ts';
import { COOKIE_PREFIX } from '../auth/index.ts';
import { errorResponses, requireSignIn, viewerOf } from '../../lib/route-helpers.ts';
import { deleteAccount } from './delete.ts';
import { exportChunks } from './export.ts';

const exportRoute = createRoute({
  method: 'get',
  path: '/api/me/export',
  tags: ['me'],
  summary: 'Download my data: account, profile, newsletter subscription, items, messages, likes, ratings, saved items, coupons, signed-in devices (never tokens), notifications and the reports I filed',
  middleware: [requireSignIn] as const,
  responses: {
    200: {
      description: 'One JSON file, sent as an attachment',
      content: { 'application/json': { schema: dataExportSchema } },
    },
    ...errorResponses({ 401: 'Not signed in' }),
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/api/me',
  tags: ['me'],
  summary: 'Delete my account and everything of mine, the newsletter subscription and mails to my address included; my messages on others’ items stay, from “Deleted user”',
  middleware: [requireSignIn] as const,
  request: { body: { required: true, content: { 'application/json': { schema: accountDeleteInputSchema } } } },
  responses: {
    200: { description: 'Deleted; the session cookies are cleared', content: { 'application/json': { schema: accountDeletedSchema } } },
    ...errorResponses({ 400: 'The confirmation is not DELETE', 401: 'Not signed in', 409: 'The last admin cannot leave' }),
  },
});

/** Expires every cookie of ours the request carried (the session, its __Secure- form, 'don't remember'). */
function clearAuthCookies(c: Context<AppEnv>) {
  const header = c.req.header('cookie') ?? '';
  for (const part of header.split(';')) {
    const name = part.split('=')[0]?.trim() ?? '';
    if (!name.startsWith(`${COOKIE_PREFIX}.`) && !name.startsWith(`__Secure-${COOKIE_PREFIX}.`)) continue;
    const secure = name.startsWith('__Secure-') ? '; Secure' : '';
    c.header('Set-Cookie', `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure}`, { append: true });
  }
}

export function registerLeavingRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(exportRoute, (c) => {
    const viewer = viewerOf(c);
    const now = new Date();
    const chunks = exportChunks(c.var.db, viewer.userId, now);
    const encoder = new TextEncoder();
    // Pull-driven: the next page is read only when the client has taken the last one.
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await chunks.return(undefined);
      },
    });
    return new Response(body, {
      status: 200,
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="${exportFileName(now)}"`,
        // no-transform: the buffered compression would hold the whole file in memory.
        'Cache-Control': 'no-store, no-transform',
      },
    }) as never;
  });

  app.openapi(deleteRoute, async (c) => {
    const viewer = viewerOf(c);
    await deleteAccount(c.var.db, viewer.userId);
    clearAuthCookies(c);
    return c.json({ deleted: true as const }, 200);
  });
}
