/**
 * The discussion's message box (new messages, replies, edits) with '@' mentions (issue 17 point 4):
 * typing '@' and letters lists people (a listbox under the box, the ARIA combobox pattern: the box
 * keeps focus and points at the active option with aria-activedescendant; a textarea may not take
 * role=combobox, so it keeps its textbox role). Arrow keys move, Enter or Tab chooses, Escape
 * closes; a click chooses too. Chosen people are sent as ids with the text (decision 0022).
 */
import type { Mention } from '@shared/schemas/discussion';
import { type KeyboardEvent, type Ref, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Textarea } from '../../../components/ui/textarea';
import { cn } from '../../../lib/cn';
import { takeTypedEarly } from '../../../lib/typed-early';
import { fetchMentionSuggestions } from '../api/discussion';

/** The letters after an '@' that starts a word, right before the caret; null when there is none. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const m = /(?:^|\s)@([\p{L}\p{M}'-]{0,30})$/u.exec(text.slice(0, caret));
  if (!m) return null;
  return { start: caret - m[1]!.length - 1, query: m[1]! };
}

/** The ids of the chosen people still named ('@Name') in the text, once each. */
export function mentionedIds(text: string, chosen: readonly Mention[]): string[] {
  return [...new Set(chosen.filter((m) => text.includes(`@${m.name}`)).map((m) => m.id))];
}

export interface MessageBoxProps {
  ideaId: string;
  id: string;
  label: string;
  text: string;
  onText: (text: string) => void;
  /** A person chosen from the suggestions (the caller keeps them for sending). */
  onMention: (person: Mention) => void;
  /** Ctrl/Cmd+Enter. */
  onSubmit: () => void;
  placeholder?: string;
  className?: string;
  invalid?: boolean;
  describedBy?: string;
  autoFocus?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

export function MessageBox({ ideaId, id, label, text, onText, onMention, onSubmit, placeholder, className, invalid, describedBy, autoFocus, ref }: MessageBoxProps) {
  const listId = useId();
  const own = useRef<HTMLTextAreaElement | null>(null);
  const [query, setQuery] = useState<{ start: number; query: string } | null>(null);
  const [people, setPeople] = useState<Mention[]>([]);
  const [active, setActive] = useState(0);
  const open = query !== null && people.length > 0;

  // Suggestions for the letters typed, a moment after the last key (earlier answers are dropped).
  useEffect(() => {
    if (query === null) {
      setPeople([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchMentionSuggestions(ideaId, query.query, controller.signal).then(
        (result) => {
          setPeople(result.items);
          setActive(0);
        },
        () => setPeople([]),
      );
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [ideaId, query?.start, query?.query]); // eslint-disable-line react-hooks/exhaustive-deps

  // Text typed into the server's page before its code took over is in the box (or, when React drew
  // the box again, only in lib/typed-early.ts), not in the draft: the draft takes it, so it stays
  // and Send is ready (issue 27 point 5).
  useLayoutEffect(() => {
    const early = takeTypedEarly(id);
    const typed = own.current?.value || early || '';
    if (typed !== '' && typed !== text) onText(typed);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const look = (el: HTMLTextAreaElement) => setQuery(mentionQueryAt(el.value, el.selectionStart ?? el.value.length));

  const choose = (person: Mention) => {
    if (!query) return;
    const el = own.current;
    const caret = el?.selectionStart ?? text.length;
    const inserted = `@${person.name} `;
    const next = text.slice(0, query.start) + inserted + text.slice(caret);
    onText(next);
    onMention(person);
    setQuery(null);
    const at = query.start + inserted.length;
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at, at);
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setActive((i) => (i + step + people.length) % people.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        const person = people[active];
        if (person) choose(person);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        setQuery(null);
        return;
      }
    }
    if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) onSubmit();
  };

  const optionId = (i: number) => `${listId}-option-${i}`;
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Textarea
        ref={(el) => {
          own.current = el;
          if (typeof ref === 'function') ref(el);
          else if (ref) ref.current = el;
        }}
        id={id}
        value={text}
        autoFocus={autoFocus}
        onChange={(e) => {
          onText(e.target.value);
          look(e.target);
        }}
        onSelect={(e) => look(e.currentTarget)}
        onBlur={() => setQuery(null)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        className={className}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(active) : undefined}
      />
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="People to mention"
          className="bg-popover text-popover-foreground absolute top-full left-0 z-20 mt-1 max-h-56 w-64 max-w-full overflow-y-auto rounded-md border p-1 shadow-md"
        >
          {people.map((person, i) => (
            <li
              key={person.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={cn('cursor-pointer rounded-sm px-2 py-1.5 text-sm', i === active && 'bg-accent text-accent-foreground')}
              // Keeps focus in the box: the click chooses without a blur closing the list first.
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(person)}
            >
              {person.name}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
