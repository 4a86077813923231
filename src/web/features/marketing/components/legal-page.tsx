import { formatLongDate } from '@shared/rules/date-format';
import { type ReactNode, useMemo } from 'react';
import { ArrowLeft, ArrowRight, CalendarDays, ChevronDown } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '../../../components/ui/button';
import { LocalTime } from '../../../components/ui/local-time';
import { cn } from '../../../lib/cn';
import { PageMeta } from '../../../components/layout/page-meta';

export interface LegalSection {
  /** Anchor id, used by the "On this page" navigation. */
  id: string;
  title: string;
  content: ReactNode;
}

interface LegalPageProps {
  /** Document title, e.g. 'Privacy Policy | IdeaHub'. */
  metaTitle: string;
  metaDescription: string;
  /** Visible page heading, e.g. 'Privacy Policy'. */
  heading: string;
  icon: LucideIcon;
  intro: ReactNode;
  sections: LegalSection[];
}

/**
 * Shared frame of the static Privacy and Terms pages: header with 'Last updated' (today, as the
 * spec asks), a sticky table of contents on wide screens, numbered sections and a closing call
 * to action.
 */
export function LegalPage({ metaTitle, metaDescription, heading, icon: Icon, intro, sections }: LegalPageProps) {
  // Today on the reader's calendar (the server's day may be another: LocalTime settles it).
  const today = useMemo(() => new Date().toISOString(), []);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
      <PageMeta title={metaTitle} description={metaDescription} />
      <Button asChild variant="ghost" size="sm" className="-ml-2 text-muted-foreground hover:text-foreground">
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          Back to Home
        </Link>
      </Button>

      <header className="mt-6 max-w-3xl">
        <span className="inline-flex size-12 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-h1 text-balance">{heading}</h1>
        <p className="mt-3 inline-flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarDays className="size-4" aria-hidden="true" />
          <span>
            Last updated: <LocalTime dateTime={today} text={formatLongDate} />
          </span>
        </p>
        <div className="mt-6 text-base leading-relaxed text-muted-foreground sm:text-lg">{intro}</div>
      </header>

      <div className="mt-8 grid gap-10 lg:mt-10 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-14 lg:border-t lg:pt-10">
        {/* Wide screens: sticky table of contents beside the text. */}
        <nav aria-label="On this page" className="hidden lg:block">
          <div className="sticky top-24">
            <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">On this page</p>
            <SectionLinks sections={sections} className="mt-4" />
          </div>
        </nav>

        <article className="max-w-3xl space-y-12">
          {/* Small screens: the same contents, folded away. */}
          <nav aria-label="On this page" className="lg:hidden">
            <details className="group rounded-xl border bg-card text-card-foreground">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-3 text-sm font-medium [&::-webkit-details-marker]:hidden">
                On this page
                <ChevronDown
                  className="size-4 text-muted-foreground transition-transform group-open:rotate-180"
                  aria-hidden="true"
                />
              </summary>
              <SectionLinks sections={sections} className="mx-4 mb-4" />
            </details>
          </nav>

          {sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className="scroll-mt-24">
              <h2 id={`${s.id}-heading`} className="flex items-baseline gap-3 text-h2">
                <span className="text-base font-semibold text-primary tabular-nums" aria-hidden="true">
                  {String(i + 1).padStart(2, '0')}
                </span>
                {s.title}
              </h2>
              <div className="mt-4 space-y-4 leading-relaxed text-muted-foreground">{s.content}</div>
            </section>
          ))}

          <aside
            aria-labelledby="legal-cta-heading"
            className="rounded-2xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8"
          >
            <h2 id="legal-cta-heading" className="text-h3">
              Ready to share your next idea?
            </h2>
            <p className="mt-2 text-muted-foreground">
              Create a free account to share ideas and products, join the discussion and unlock premium
              features as you contribute.
            </p>
            <Button asChild size="lg" className="mt-6 w-full sm:w-auto">
              <Link to="/auth">
                Get Started
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </aside>
        </article>
      </div>
    </div>
  );
}

function SectionLinks({ sections, className }: { sections: LegalSection[]; className?: string }) {
  return (
    <ol className={cn('space-y-1 border-l', className)}>
      {sections.map((s, i) => (
        <li key={s.id}>
          <a
            href={`#${s.id}`}
            className="-ml-px block border-l border-transparent py-1 pl-4 text-sm text-muted-foreground transition-colors hover:border-primary hover:text-foreground"
          >
            <span className="tabular-nums">{i + 1}.</span> {s.title}
          </a>
        </li>
      ))}
    </ol>
  );
}

/** A bulleted list in the legal pages' style. */
export function LegalList({ className, children }: { className?: string; children: ReactNode }) {
  return <ul className={cn('list-disc space-y-2 pl-5 marker:text-primary', className)}>{children}</ul>;
}

/** Emphasised lead-in term inside legal text. */
export function Term({ children }: { children: ReactNode }) {
  return <strong className="font-semibold text-foreground">{children}</strong>;
}

/** Inline link inside legal text (mailto, or another page). */
export function LegalLink({ href, children }: { href: string; children: ReactNode }) {
  const className = 'font-medium text-primary underline underline-offset-4 hover:no-underline';
  if (href.startsWith('/')) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className}>
      {children}
    </a>
  );
}
