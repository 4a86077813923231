/** Builds the HTTP app: middleware, API routes, OpenAPI document, storage and the web app. */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import type { AppEnv } from './app-env.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { isTransientConflict } from './db/transaction.ts';
import { maintenanceGate } from './features/admin/maintenance.ts';
import { registerAdminRoutes } from './features/admin/routes.ts';
import type { Accounts } from './features/auth/index.ts';
import { carriesCredentials, COOKIE_PREFIX } from './features/auth/auth.ts';
import { originGuard } from './features/auth/origin-guard.ts';
import { registerCouponRoutes } from './features/coupons/routes.ts';
import { registerDiscoveryRoutes } from './features/discovery/routes.ts';
import type { ConversationRealtime } from './features/conversations/live.ts';
import { registerConversationRoutes } from './features/conversations/routes.ts';
import type { DiscussionRealtime } from './features/discussion/live.ts';
import { registerDiscussionRoutes } from './features/discussion/routes.ts';
import { registerHealthRoutes } from './features/health/routes.ts';
import { pageDataFor } from './lib/page-data.ts';
import { renderWebPage } from './features/web-pages/render.ts';
import { registerIdeaManageRoutes } from './features/ideas/manage-routes.ts';
import { registerMyIdeaRoutes } from './features/ideas/me-routes.ts';
import { registerIdeaRoutes } from './features/ideas/routes.ts';
import { IDEA_IMAGE_UPLOAD_PATH, registerUploadRoutes } from './features/ideas/upload-routes.ts';
import type { Viewer } from './app-env.ts';
import { registerLikeRoutes } from './features/likes/routes.ts';
import { registerFollowRoutes } from './features/follows/routes.ts';
import { registerMakerRoutes } from './features/makers/routes.ts';
import { registerTopicRoutes } from './features/topics/routes.ts';
import type { NotificationRealtime } from './features/notifications/live.ts';
import { registerNewsletterRoutes } from './features/newsletter/routes.ts';
import { registerNotificationRoutes } from './features/notifications/routes.ts';
import { createPaymentProviders, registerPaymentRoutes } from './features/payments/index.ts';
import { registerProfileRoutes } from './features/profiles/routes.ts';
import { registerProfilePhotoRoutes } from './features/profiles/photo-routes.ts';
import { PROFILE_PHOTO_PATH } from '../shared/schemas/profile.ts';
import { registerLeavingRoutes } from './features/leaving/routes.ts';
import { registerRatingRoutes } from './features/ratings/routes.ts';
import { registerReportRoutes } from './features/reports/routes.ts';
import { registerSavedRoutes } from './features/saved/routes.ts';
import { registerSettingsRoutes } from './features/settings/routes.ts';
import { peekCachedPlatformSettings } from './lib/platform-settings.ts';
import { registerStorageRoutes } from './features/storage/routes.ts';
import { compression } from './lib/compression.ts';
import { asUnavailablePage, databaseAnswers, OUTAGE_RETRY_AFTER_SECONDS, outageInsteadOf500, unavailableBody } from './lib/database-outage.ts';
import { AppError, isDatabaseUnavailable } from './lib/errors.ts';
import { nulGuard } from './lib/nul-guard.ts';
import { createPublicCache, type PublicCache } from './lib/public-cache.ts';
import { limitBody } from './lib/request-body.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { createVisitorFastPath } from './lib/visitor-fast-path.ts';
import { createViewCounter, isReadAnswer, itemReadAt, type ViewCounter } from './lib/view-counter.ts';
import { resolveClientIp, trustedProxyMatcher } from './features/auth/client-ip.ts';
import { registerAnalyticsRoutes } from './features/analytics/routes.ts';
import { loadWebAssets, type WebAssets } from './lib/web-assets.ts';
import { type Logger, loggableError, loggablePath } from './logger.ts';
import { isDataPage, isPublicPage } from '../shared/routes.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
  /** Folder of the built web app (dist/web); null serves the API only. */
  webRoot: string | null;
  /** The web app's pages and files from elsewhere than a build (development: lib/web-dev.ts). */
  web?: WebAssets;
  /** Who is asking; filled in by the accounts feature. */
  resolveViewer?: (c: Context<AppEnv>) => Promise<Viewer | null>;
  /** Sign-up, sign-in and sessions (better-auth at /api/auth/*); provides resolveViewer too. */
  accounts?: Pick<Accounts, 'resolveViewer' | 'register' | 'devOutboxOpenTo'> & Partial<Pick<Accounts, 'clientIpOf' | 'pagePerson' | 'derivedKey'>>;
  /** Live discussion streams (LISTEN/NOTIFY fan-out); without it the stream answers 503. */
  realtime?: DiscussionRealtime;
  /** Live unread counts (LISTEN/NOTIFY fan-out); without it their stream answers 503. */
  notifications?: NotificationRealtime;
  /** Live private conversations (LISTEN/NOTIFY fan-out); without it their stream answers 503. */
  conversations?: ConversationRealtime;
  /** True once the server is shutting down: /readyz answers 503 'stopping' so load balancers move on. */
  isStopping?: () => boolean;
}

const API_BODY_LIMIT = 1024 * 1024;

/** Feeds, sitemaps and robots.txt (features/discovery): what visitors and crawlers fetch besides pages. */
const OPEN_WEB_PATHS = [/^\/feed\.xml$/, /^\/makers\/[^/]+\/feed\.xml$/, /^\/topics\/[^/]+\/feed\.xml$/, /^\/sitemap\.xml$/, /^\/sitemaps\/.+\.xml$/, /^\/robots\.txt$/];

/**
 * Writes after which visitors may see the kept list and details for up to a second more: they
 * change counts (likes, ratings, messages) or nothing a visitor sees (bookmarks, sign-in and
 * sign-out, coupons, an uploaded picture not yet in an item). Every other write empties the cache.
 */
const KEPT_THROUGH = [
  /^\/api\/auth\//,
  /^\/api\/auth-form\//,
  /^\/api\/ideas\/[^/]+\/(?:like|rating|save|messages)$/,
  /^\/api\/messages\/[^/]+$/,
  /^\/api\/me\/coupons\//,
  /^\/api\/admin\/coupons\//,
  /^\/api\/uploads\//,
  /^\/api\/reports$/,
  /^\/api\/notifications\//,
  /^\/unsubscribe$/,
];

export function validationHook(
  result: { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } },
  c: Context,
) {
  if (result.success) return;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    (fields[key] ??= []).push(issue.message);
  }
  const first = result.error.issues[0]?.message ?? 'The request is not valid.';
  return c.json({ error: { code: 'bad_request', message: first, fields } }, 400);
}

export function createApp(deps: AppDeps) {
  const { config, database, logger } = deps;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const web = deps.web ?? loadWebAssets(deps.webRoot);
  // Visitors' lists, details and makers, the public pages drawn from them (the screens that say so), feeds and sitemaps (the same for every visitor).
  const cacheable = (path: string) =>
    path === '/api/ideas' ||
    /^\/api\/ideas\/[0-9a-f-]{36}$/i.test(path) ||
    /^\/api\/makers\/[\w-]{1,100}(?:\/ideas)?$/.test(path) ||
    /^\/api\/topics(?:\/[\w-]{1,100})?$/.test(path) ||
    isPublicPage(path) ||
    OPEN_WEB_PATHS.some((p) => p.test(path));
  const publicCache = createPublicCache({
    ttlMs: config.PUBLIC_CACHE_TTL_MS,
    cacheable,
    isVisitor: (c) => !carriesCredentials(c.req.raw.headers),
    keptThrough: (_method, path) => KEPT_THROUGH.some((p) => p.test(path)),
  });
  const views = createViewCounter(database.db, logger);
  const isTrustedProxy = trustedProxyMatcher(config.TRUSTED_PROXIES);
  // The same kept answers, sent before the framework runs (server.ts calls it first); a visitor's
  // read of an item sent this way is counted as a view all the same.
  const answerVisitorFromCache = createVisitorFastPath({
    cache: publicCache,
    cacheable,
    openToVisitors: () => peekCachedPlatformSettings(database.db)?.maintenanceMode === false,
    config,
    logger,
    onAnswered: (req, path, status) => {
      const read = itemReadAt(path);
      if (!read || !isReadAnswer(status)) return;
      const ip = resolveClientIp({ socketAddress: req.socket.remoteAddress, forwardedFor: [req.headers['x-forwarded-for']].flat().join(',') || null, isTrustedProxy });
      views.count(read.ideaId, { userId: null, ip, userAgent: req.headers['user-agent'] ?? null });
    },
  });

  app.use('*', requestId({ headerName: 'X-Request-Id', limitLength: 64 }));
  app.use('*', requestContext(deps, views));
  useGuards(app, deps, publicCache, views);

  registerFeatureRoutes(app, deps);

  registerPages(app, deps, web);

  app.notFound((c) => c.json({ error: { code: 'not_found', message: 'Not found.' } }, 404));

  app.onError(errorAnswer);

  return Object.assign(app, { answerVisitorFromCache });
}

/** Each request's database, settings and logger, and one log line once it is answered. */
function requestContext({ config, database, logger }: AppDeps, views: ViewCounter): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    c.set('views', views);
    c.set('db', database.db);
    c.set('reader', database.db);
    c.set('database', database);
    c.set('config', config);
    c.set('logger', logger.child({ requestId: c.var.requestId }));
    c.set('viewer', null);
    await next();
    const level = c.res.status >= 500 ? 'error' : 'info';
    // Path only (no query string: it may carry search text or tokens), never bodies or headers;
    // a token inside the path itself is redacted too.
    logger[level]({
      requestId: c.var.requestId,
      method: c.req.method,
      path: loggablePath(c.req.path),
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  };
}

/** Headers, limits and gates every request passes before the routes, in this order; then the visitors' cache and compression. */
function useGuards(app: OpenAPIHono<AppEnv>, deps: AppDeps, publicCache: PublicCache, views: ViewCounter) {
  const { config, database } = deps;
  app.use('*', securityHeaders(config));
  // During a database outage, answers that hide the cause (better-auth's own 500) are 503 too.
  app.use('*', outageInsteadOf500(database));
  // GET and HEAD carry no body; asking for one would build a whole web Request for nothing.
  const apiBodyLimit = limitBody(API_BODY_LIMIT);
  // API answers are personal (profiles, bank details, sessions) or change at any moment: no
  // browser or proxy keeps them, unless a route says otherwise (/api/config, the live stream).
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  // The image uploads set their own, larger limit (upload-routes.ts, photo-routes.ts).
  const isUpload = (path: string) => path === IDEA_IMAGE_UPLOAD_PATH || path === PROFILE_PHOTO_PATH;
  app.use('/api/*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' || isUpload(c.req.path) ? next() : apiBodyLimit(c, next)));
  // A NUL character anywhere the app reads is a 400, before it can reach a query (PostgreSQL refuses it).
  app.use('/api/*', nulGuard({ cookiePrefix: COOKIE_PREFIX, bodyExempt: isUpload }));
  app.use('/storage/*', nulGuard({ cookiePrefix: COOKIE_PREFIX, bodyExempt: () => true }));
  // A state-changing request from another website is refused on every API route.
  app.use('/api/*', originGuard(config.PUBLIC_URL));
  const resolveViewer = deps.resolveViewer ?? deps.accounts?.resolveViewer;
  if (resolveViewer) {
    app.use('/api/*', async (c, next) => {
      // A page's own request names its reader (lib/page-data.ts); any other request is looked up.
      const known = c.env?.pageViewer;
      c.set('viewer', known !== undefined ? known : await resolveViewer(c));
      await next();
    });
  }
  // A visitor's reads go to a healthy replica (when there are any), chosen once per request; a
  // signed-in person's stay on the primary, so they always see their own writes. Outside the API
  // (feeds, sitemaps) the viewer is not looked up: a request carrying a session counts as signed in.
  const replicas = database.replicas;
  if (replicas) {
    app.use('*', async (c, next) => {
      if (c.req.method === 'GET' || c.req.method === 'HEAD') {
        const visitor = c.req.path.startsWith('/api/') ? c.var.viewer === null : !carriesCredentials(c.req.raw.headers);
        if (visitor) c.set('reader', replicas.pick() ?? database.db);
      }
      await next();
    });
  }
  // Maintenance mode (admin setting): 503 for everyone but admins, once the viewer is known.
  app.use('/api/*', maintenanceGate);
  // Feeds and sitemaps are behind maintenance mode as the API is.
  app.use('*', (c, next) => (OPEN_WEB_PATHS.some((p) => p.test(c.req.path)) ? maintenanceGate(c, next) : next()));
  // Reads of an item's details, counted in front of the visitors' cache so kept answers count too.
  app.use('*', countViews(views, deps.accounts?.clientIpOf));
  // Visitors' lists, details and public pages, kept for a second; any write through this instance empties it.
  app.use('*', publicCache.middleware);
  // Live streams (text/event-stream) are never buffered: compression skips them.
  app.use('*', compression());
}

/**
 * Counts a read of an item (lib/view-counter.ts) once it is answered. A visitor's details page
 * counts as the page (it may come from the visitors' cache, without asking the API); a signed-in
 * reader's page counts through the page's own API request, which names them. Other API reads count
 * as they come.
 */
function countViews(views: ViewCounter, clientIpOf: ((c: Context<AppEnv>) => string | null) | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.req.method !== 'GET' || !isReadAnswer(c.res.status)) return;
    const read = itemReadAt(c.req.path);
    if (!read) return;
    const pageReader = c.env?.pageViewer;
    let userId: string | null;
    if (read.page) {
      if (carriesCredentials(c.req.raw.headers)) return;
      userId = null;
    } else if (pageReader !== undefined) {
      // A visitor's page's own request: the page itself was counted.
      if (pageReader === null) return;
      userId = pageReader.userId;
    } else userId = c.var.viewer?.userId ?? null;
    views.count(read.ideaId, { userId, ip: clientIpOf?.(c) ?? null, userAgent: c.req.header('user-agent') ?? null });
  };
}

/** Every feature's routes, the OpenAPI document, and the API's own not-found answer. */
function registerFeatureRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps) {
  registerHealthRoutes(app, deps.isStopping);
  deps.accounts?.register(app);
  registerProfileRoutes(app);
  registerProfilePhotoRoutes(app);
  // The profile page's Download my data and Delete account.
  registerLeavingRoutes(app);
  registerIdeaRoutes(app);
  registerFollowRoutes(app);
  registerMakerRoutes(app);
  registerTopicRoutes(app);
  registerIdeaManageRoutes(app);
  registerMyIdeaRoutes(app);
  registerAnalyticsRoutes(app);
  registerUploadRoutes(app);
  registerSavedRoutes(app);
  registerLikeRoutes(app);
  registerRatingRoutes(app);
  registerDiscussionRoutes(app, deps.realtime);
  registerConversationRoutes(app, deps.conversations);
  registerNotificationRoutes(app, { realtime: deps.notifications, unsubscribeKey: deps.accounts?.derivedKey?.('unsubscribe') });
  registerNewsletterRoutes(app, { key: deps.accounts?.derivedKey?.('newsletter') ?? null, clientIpOf: deps.accounts?.clientIpOf });
  registerCouponRoutes(app);
  registerSettingsRoutes(app);
  registerStorageRoutes(app);
  registerAdminRoutes(app);
  // After the admin routes: the Refund action is behind their gate.
  registerPaymentRoutes(app, createPaymentProviders(deps.config, deps.database.db, deps.logger));
  // After the admin routes: its queue is behind their gate (app.use('/api/admin/*')).
  registerReportRoutes(app);

  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'IdeaHub API', version: '1.0.0', description: 'The API behind IdeaHub.' },
  });

  registerDiscoveryRoutes(app);

  app.all('/api/*', (c) =>
    c.json({ error: { code: 'not_found', message: `No API endpoint at ${c.req.method} ${c.req.path}.` } }, 404),
  );
}

/** The web app's files and pages, drawn on the server from the reader's own API answers. */
function registerPages(app: OpenAPIHono<AppEnv>, deps: AppDeps, web: WebAssets) {
  const { database } = deps;
  // The development outbox's page exists only where its API answers (this machine, no SMTP_URL).
  app.on('GET', ['/dev/outbox', '/dev/outbox/'], async (c, next) => {
    if (!deps.accounts?.devOutboxOpenTo(c)) return web.sendNotFound(c);
    await next();
  });
  app.get('*', async (c) => {
    const asset = web.serve(c);
    if (asset) return asset;
    let askedApi = false;
    // What the page is drawn from: the reader's own answers of the API, through the whole app.
    const data = pageDataFor(
      c,
      (path, init, env) => app.request(path, init, env),
      deps.accounts?.clientIpOf?.(c) ?? null,
      deps.accounts?.pagePerson ?? (async () => null),
    );
    const ask = data.ask;
    data.ask = (apiPath) => ((askedApi = true), ask(apiPath));
    const page = await renderWebPage(c, web, data);
    if (page) return page;
    // A page that needed the database and fell back to the plain app: 503 while the database is down.
    const neededDatabase = web.indexHtml !== null && (askedApi || isDataPage(c.req.path));
    if (neededDatabase && !(await databaseAnswers(database))) return asUnavailablePage(web.sendIndex(c));
    return web.sendIndex(c);
  });
}

/** The one error body for whatever a route throws: ours as it says, the database's as 503, anything else as 500 without its message. */
function errorAnswer(err: Error, c: Context<AppEnv>) {
  if (err instanceof AppError) {
    if (err.status === 503 && err.code === 'unavailable') c.header('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
    return c.json(err.toBody(), err.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const message = status === 400 ? 'The request body is not valid JSON.' : err.message || 'The request could not be handled.';
    return c.json({ error: { code: status === 400 ? 'bad_request' : 'http_error', message } }, status);
  }
  if (isDatabaseUnavailable(err)) {
    c.header('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
    return c.json(unavailableBody(), 503);
  }
  // A deadlock or serialization failure that outlived inTransaction's runs again (or came from a
  // statement outside one): the request may simply be sent again.
  if (isTransientConflict(err)) {
    c.var.logger?.warn({ err: loggableError(err) }, 'database conflict answered 503');
    c.header('Retry-After', '1');
    return c.json({ error: { code: 'busy', message: BUSY_MESSAGE } }, 503);
  }
  // Never err.message as it is: a failed query's message lists its parameters (personal data).
  c.var.logger?.error({ err: loggableError(err) }, 'unhandled error');
  return c.json({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } }, 500);
}

export { isDatabaseUnavailable };

/** The answer to a request that lost a database conflict more than once in a row. */
export const BUSY_MESSAGE = 'IdeaHub is busy right now. Please try again.';

export type App = ReturnType<typeof createApp>;
