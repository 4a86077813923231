/**
 * A page's head: its title, description and (optionally) canonical address, robots rule and any
 * further tags (Open Graph, say) as children. React 19 puts them in the document's head, on the
 * server's render and in the browser alike, and takes them out when the page goes.
 */
import type { ReactNode } from 'react';

interface PageMetaProps {
  title: string;
  description?: string;
  /** An absolute address (useSiteUrl). */
  canonical?: string;
  noindex?: boolean;
  children?: ReactNode;
}

export function PageMeta({ title, description, canonical, noindex, children }: PageMetaProps) {
  return (
    <>
      <title>{title}</title>
      {description !== undefined ? <meta name="description" content={description} /> : null}
      {canonical ? <link rel="canonical" href={canonical} /> : null}
      {noindex ? <meta name="robots" content="noindex" /> : null}
      {children}
    </>
  );
}
