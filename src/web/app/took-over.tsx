import { useEffect } from 'react';

export type TookOverPart = 'page' | 'discussion' | 'newsletter';

/**
 * Marks on `<html data-took-over="…">` that React has hydrated a part of the page (`page`: the
 * route's page; `discussion`: a details page's discussion; `newsletter`: the footer's form). A server-painted part looks the same
 * before, but React drops a press on a part whose code has not arrived yet. Browser journeys wait
 * for it; nothing else reads it.
 */
export function TookOver({ part }: { part: TookOverPart }) {
  useEffect(() => {
    const root = document.documentElement;
    const parts = new Set((root.dataset.tookOver ?? '').split(' ').filter(Boolean));
    parts.add(part);
    root.dataset.tookOver = [...parts].join(' ');
  }, [part]);
  return null;
}
