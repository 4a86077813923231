/**
 * The whole HTML document, rendered by react-dom/server for every page (entry.server.tsx) and
 * hydrated by the browser (main.tsx) from the same props, read back from the page's state. Titles,
 * descriptions, canonical and Open Graph tags are not here: each page renders its own
 * (components/layout/page-meta.tsx) and React 19 puts them in the head.
 */
import { PAGE_STATE_ELEMENT_ID } from '@shared/constants';
import type { ReactNode } from 'react';
import type { PageState } from './page-state';

interface DocumentProps {
  state: PageState;
  /** The state's text exactly as written (pageStateText): hydration compares it. */
  stateText: string;
  children: ReactNode;
}

export function Document({ state, stateText, children }: DocumentProps) {
  const { assets, rendered } = state;
  return (
    // theme-init.js sets the theme's class and colour scheme on <html> before React runs.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <meta name="theme-color" content="#4f46e5" />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        {/* Applies the saved or system theme before the first paint (external: the CSP allows no inline script). */}
        <script src="/theme-init.js" />
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} crossOrigin="" />
        ))}
        {rendered ? (
          // The page is painted from the server: its code starts once its picture is in (load-app.js).
          <script src="/load-app.js" defer data-entry={assets.entry} data-modules={assets.modules.join(' ')} />
        ) : (
          <>
            <script type="module" src={assets.entry} crossOrigin="" />
            {assets.modules.map((href) => (
              <link key={href} rel="modulepreload" href={href} crossOrigin="" />
            ))}
          </>
        )}
      </head>
      <body>
        <div id="root" data-server-rendered={rendered ? '' : undefined}>
          {children}
        </div>
        <script id={PAGE_STATE_ELEMENT_ID} type="application/json" dangerouslySetInnerHTML={{ __html: stateText }} />
      </body>
    </html>
  );
}
