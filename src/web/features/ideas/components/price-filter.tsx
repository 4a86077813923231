/**
 * Home's price filter (issue 16): minimum, maximum and currency as a GET form in a <details>, and
 * the calm answer to a refused filter. A chunk of its own, loaded with the page but not part of the
 * home route's first JavaScript: the form works as plain HTML until it arrives.
 */
import { CURRENCIES, type HomeFilter, homeHref, topicHref } from '@shared/constants';
import { SlidersHorizontal } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { hasPriceFilter, withoutPrice } from './discovery-controls';

const fieldClass = 'h-10';

/** The price filter: minimum, maximum and currency, sent as home's address (a GET form). */
export function PriceFilter({ filter }: { filter: HomeFilter }) {
  const navigate = useNavigate();
  const active = hasPriceFilter(filter);
  return (
    // Open while a price filter is set, so what filters the list is in sight.
    <details className="group open:w-full md:w-auto md:open:w-auto" open={active || undefined}>
      <summary
        className={cn(
          'border-input bg-background hover:bg-accent focus-visible:ring-ring/50 inline-flex h-10 cursor-pointer list-none items-center gap-2 rounded-md border px-3 text-sm font-medium shadow-xs outline-none select-none focus-visible:ring-[3px] [&::-webkit-details-marker]:hidden',
          active && 'border-primary text-primary',
        )}
      >
        <SlidersHorizontal className="size-4" aria-hidden />
        Price{active ? ' (filtered)' : ''}
      </summary>
      <form
        key={homeHref(filter)}
        method="get"
        action={filter.topic ? topicHref(filter.topic) : '/'}
        aria-label="Price filter"
        className="bg-card mt-2 grid grid-cols-2 gap-3 rounded-xl border p-4 shadow-sm sm:grid-cols-[8rem_8rem_9rem_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          const value = (name: string) => String(data.get(name) ?? '').trim() || undefined;
          navigate(homeHref({ ...filter, minPrice: value('minPrice'), maxPrice: value('maxPrice'), currency: value('currency') }), { replace: true });
        }}
      >
        {filter.category !== 'all' ? <input type="hidden" name="category" value={filter.category} /> : null}
        {filter.q ? <input type="hidden" name="q" value={filter.q} /> : null}
        {filter.sort ? <input type="hidden" name="sort" value={filter.sort} /> : null}
        {filter.sort === 'top' && filter.window ? <input type="hidden" name="window" value={filter.window} /> : null}
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Min price
          <Input name="minPrice" type="number" inputMode="decimal" min={0} step="0.01" placeholder="0" defaultValue={filter.minPrice} className={fieldClass} />
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Max price
          <Input name="maxPrice" type="number" inputMode="decimal" min={0} step="0.01" placeholder="Any" defaultValue={filter.maxPrice} className={fieldClass} />
        </label>
        <label className="col-span-2 flex flex-col gap-1.5 text-sm font-medium sm:col-span-1">
          Currency
          <select
            name="currency"
            defaultValue={filter.currency ?? ''}
            className="border-input dark:bg-input/30 focus-visible:border-ring focus-visible:ring-ring/50 h-10 w-full rounded-md border bg-transparent px-3 text-base shadow-xs outline-none focus-visible:ring-[3px] md:text-sm"
          >
            <option value="">Any currency</option>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <div className="col-span-2 flex items-center gap-2 sm:col-span-1">
          <Button type="submit" className="h-10 flex-1 sm:flex-none">
            Apply
          </Button>
          {active ? <ClearFilters filter={filter} /> : null}
        </div>
      </form>
    </details>
  );
}

export function ClearFilters({ filter, reset = withoutPrice, variant = 'ghost' }: { filter: HomeFilter; reset?: (f: HomeFilter) => HomeFilter; variant?: 'ghost' | 'outline' }) {
  return (
    <Button asChild variant={variant} className="h-10">
      <Link to={homeHref(reset(filter))} replace preventScrollReset>
        Clear filters
      </Link>
    </Button>
  );
}

/** A refused filter (the API's 400): what is wrong, calmly, and a way back. */
export function FiltersRefused({ filter, error }: { filter: HomeFilter; error: unknown }) {
  const fields = (error as { fields?: Record<string, string[]> } | null)?.fields;
  const messages = [...new Set(Object.values(fields ?? {}).flat())];
  return (
    <div role="status" className="bg-card flex flex-col items-center rounded-xl border px-6 py-14 text-center">
      <div className="bg-primary/10 text-primary mb-4 rounded-full p-4">
        <SlidersHorizontal className="size-8" aria-hidden />
      </div>
      <h3 className="text-lg font-semibold">These filters need a second look</h3>
      <ul className="text-muted-foreground mt-2 max-w-md space-y-1">
        {(messages.length ? messages : ['The filters in this address are not valid.']).map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
      <div className="mt-6">
        <ClearFilters filter={filter} reset={(f) => ({ category: f.category, q: f.q })} variant="outline" />
      </div>
    </div>
  );
}
