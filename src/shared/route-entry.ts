/** One screen's address as the server reads it (written into route-manifest.ts by `npm run routes`). */
export interface RouteManifestEntry {
  /** A react-router path: static segments, `:name` (one segment), a final `/*` (anything below), or `*` (every other address). */
  path: string;
  /** Who draws the page first (the signed-in areas: the browser). */
  render: 'server' | 'browser';
  /** The same for every visitor. */
  public?: true;
  /** Listed in the sitemap. */
  sitemap?: true;
  /** Drawn from the API's answers (a loader). */
  data?: true;
  /** Its status whenever it is drawn (the not-found page). */
  status?: 404;
  /** An old address: the address it redirects to, with the same parameters. */
  redirect?: string;
}
