/**
 * The shape of a screen: one module under app/routes/ states its address, its data (loader), its
 * head (meta), its error view and its page. The router (router.tsx), the server's page handling
 * (load-page.ts, entry.server.tsx) and the server's address matching (the route manifest,
 * route-manifest.ts) are all read from these modules (docs/decisions/0032-one-module-per-screen.md).
 */
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy } from 'react';

export interface ApiAnswer {
  status: number;
  body: string;
}

/** The reader's answer of a GET on the API at `path` (their cookies: only what they may fetch). */
export type AskApi = (path: string) => Promise<ApiAnswer>;

export interface LoaderArgs {
  /** The page's query cache: answers go in under the keys the page's own hooks read. */
  client: QueryClient;
  url: URL;
  /** The address's parameters, decoded as the router decodes them. */
  params: Readonly<Record<string, string | undefined>>;
  ask: AskApi;
}

/** What a loader says of the page: its status (200 unless it says 404). */
export type LoaderResult = { status: 200 | 404 } | undefined;

export type Layout = 'site' | 'bare' | 'frame' | 'none';

export interface Screen {
  /** The address (a react-router path), or several that show the same page. */
  path: string | readonly string[];
  /** Old addresses that lead here, with the same parameters: 301 from the server, a replace in the browser. */
  redirectFrom?: readonly string[];
  /** Its frame: the site's header and footer, the footer only (bare), nothing (frame, none: the page has its own). */
  layout: Layout;
  /**
   * Who draws it first: the server, whole (and the browser hydrates it), or the browser (the
   * signed-in areas: the server sends the document with an empty root and who the reader is).
   */
  render: 'server' | 'browser';
  /** Visitors are sent to sign in first (RequireAuth). */
  signedIn?: boolean;
  /** The same for every visitor: kept and sent from the visitors' cache (server: lib/public-cache.ts). */
  public?: boolean;
  /** Listed in /sitemap.xml (an address without parameters). */
  sitemap?: boolean;
  /** Its status when it is drawn at all (the not-found page: 404). */
  status?: 404;
  /**
   * What the page is drawn from, asked of the API as its reader on the server before it renders.
   * Written `import.meta.env.SSR ? … : undefined`, so the browser's build leaves it out.
   */
  loader?: (args: LoaderArgs) => Promise<LoaderResult>;
  /** Its head, when it does not depend on the page's data (pages that do render their own). */
  meta?: { title: string; description?: string };
  /** Shown in place of the page when it fails while rendering in the browser; PageError by default. */
  ErrorView?: ComponentType;
  Page: ComponentType;
  /** The page's own module, as the build's manifest names it, when it is loaded lazily (its chunk comes with the entry). */
  chunk: string | null;
}

export type ScreenInput = Omit<Screen, 'Page' | 'chunk'> & ({ Page: ComponentType } | { page: LazyPage });

export function defineScreen(input: ScreenInput): Screen {
  if ('page' in input) {
    const { page, ...rest } = input;
    return { ...rest, Page: page.Page, chunk: page.chunk };
  }
  return { ...input, chunk: null };
}

interface LazyPage {
  Page: ComponentType;
  chunk: string;
}

/**
 * A page in its own chunk. Given `import.meta.glob('../../features/…/x-page.tsx')`: the glob's one
 * key is the module's path from app/routes, which names its chunk in the build's manifest (paths
 * under src/web), so the page's address and its chunk come from one statement.
 */
export function lazyPage(modules: Record<string, () => Promise<unknown>>): LazyPage {
  const found = Object.entries(modules);
  if (found.length !== 1) throw new Error(`lazyPage: expected one page module, found ${found.length}`);
  const [key, load] = found[0]!;
  return { Page: lazy(load as () => Promise<{ default: ComponentType }>), chunk: key.replace(/^(?:\.\.\/)+/, '') };
}

/** A screen's addresses, one or several. */
export const pathsOf = (screen: Pick<Screen, 'path'>): readonly string[] => (typeof screen.path === 'string' ? [screen.path] : screen.path);

/** `path` with its `:name` parameters filled in from `params`, each encoded as one segment. */
export function fillPath(path: string, params: Readonly<Record<string, string | undefined>>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** An answer's JSON body; undefined when it is not JSON. */
export function parseAnswer<T>(answer: ApiAnswer): T | undefined {
  try {
    return JSON.parse(answer.body) as T;
  } catch {
    return undefined;
  }
}
