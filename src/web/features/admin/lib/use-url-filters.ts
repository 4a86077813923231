/**
 * A list's filters kept in the address (so a search can be reloaded and shared): the text box
 * updates at once, the address (and so the query) 300 ms after the last keystroke.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

const DEBOUNCE_MS = 300;

export function useSearchParam(name = 'q') {
  const [params, setParams] = useSearchParams();
  const committed = params.get(name) ?? '';
  const [text, setText] = useState(committed);

  // Back/forward (or a link) changed the address: follow it (but keep a trailing space being typed).
  useEffect(() => setText((current) => (current.trim() === committed ? current : committed)), [committed]);

  useEffect(() => {
    if (text.trim() === committed.trim()) return;
    const timer = setTimeout(() => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (text.trim()) next.set(name, text.trim());
          else next.delete(name);
          return next;
        },
        { replace: true },
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, committed, name, setParams]);

  return { text, setText, value: committed.trim() };
}

/** One choice among `allowed` kept in the address; anything else reads as `fallback`. */
export function useChoiceParam<T extends string>(name: string, allowed: readonly T[], fallback: T) {
  const [params, setParams] = useSearchParams();
  const raw = params.get(name);
  const value = (allowed as readonly string[]).includes(raw ?? '') ? (raw as T) : fallback;
  const set = (next: T) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next === fallback) p.delete(name);
        else p.set(name, next);
        return p;
      },
      { replace: true },
    );
  return [value, set] as const;
}
