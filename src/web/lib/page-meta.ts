import { useEffect } from 'react';

function setMeta(selector: string, attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(selector);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Sets the document title, meta description and (optionally) the canonical link of a page. */
export function usePageMeta(meta: { title: string; description?: string; canonical?: string }) {
  const { title, description, canonical } = meta;
  useEffect(() => {
    document.title = title;
    if (description !== undefined) setMeta('meta[name="description"]', 'name', 'description', description);
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (canonical) {
      if (!link) {
        link = document.createElement('link');
        link.rel = 'canonical';
        document.head.appendChild(link);
      }
      link.href = canonical;
    } else link?.remove();
  }, [title, description, canonical]);
}
