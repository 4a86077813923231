import { createContext, useContext } from 'react';

/**
 * The site's public address (PUBLIC_URL), for absolute links in a page's head (canonical, Open
 * Graph). The server's page state carries it; a page without one (the dev server) uses its own origin.
 */
export const SiteUrlContext = createContext<string>('');

export function useSiteUrl(): string {
  const fromPage = useContext(SiteUrlContext);
  if (fromPage) return fromPage;
  return typeof window === 'undefined' ? '' : window.location.origin;
}
