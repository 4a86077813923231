/**
 * The Dashboard's Analytics tab (issue 28 point 3): the maker's views, likes, comments, saves and
 * purchases per day over the last 7, 30 or 90 days as a chart, the same figures as a table, totals
 * per item, and the CSV the server writes. Loaded only when the tab is opened (the chart library
 * stays out of every other page's bundle).
 */
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import {
  MAKER_ANALYTICS_DAYS,
  MAKER_FIGURES,
  type MakerAnalytics,
  type MakerAnalyticsDays,
  type MakerFigure,
} from '@shared/schemas/maker-analytics';
import { Download } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { api, withQuery } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { ideasKeys } from '../../../lib/ideas-keys';

const LABELS: Record<MakerFigure, string> = { views: 'Views', likes: 'Likes', comments: 'Comments', saves: 'Saves', purchases: 'Purchases' };
const COLORS: Record<MakerFigure, string> = {
  views: 'var(--chart-1)',
  likes: 'var(--chart-4)',
  comments: 'var(--chart-2)',
  saves: 'var(--chart-3)',
  purchases: 'var(--chart-5)',
};

const dayFormat = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** 'YYYY-MM-DD' (a UTC day) as 'Nov 28'. */
const dayLabel = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
const count = (n: number) => n.toLocaleString('en');

function useMakerAnalytics(days: MakerAnalyticsDays) {
  return useQuery({
    queryKey: ideasKeys.analytics(days),
    queryFn: () => api<MakerAnalytics>('/api/me/analytics', { query: { days } }),
    placeholderData: keepPreviousData,
  });
}

export default function AnalyticsTab() {
  const [days, setDays] = useState<MakerAnalyticsDays>(30);
  const q = useMakerAnalytics(days);
  const a = q.data;
  const titleId = useId();

  return (
    <div className="space-y-5">
      <Card>
        <CardHeader className="has-data-[slot=card-action]:grid-cols-1 sm:has-data-[slot=card-action]:grid-cols-[1fr_auto]">
          <CardTitle asChild>
            <h2 id={titleId}>Your items over time</h2>
          </CardTitle>
          <CardDescription>Views, likes, comments, saves and purchases per day (UTC)</CardDescription>
          <div data-slot="card-action" className="flex flex-wrap items-center gap-2 sm:col-start-2 sm:row-span-2 sm:row-start-1 sm:self-start sm:justify-self-end">
            <div role="group" aria-label="Period" className="bg-muted text-muted-foreground inline-flex h-9 items-center rounded-lg p-[3px]">
              {MAKER_ANALYTICS_DAYS.map((d) => (
                <button
                  key={d}
                  type="button"
                  aria-pressed={days === d}
                  onClick={() => setDays(d)}
                  className="focus-visible:ring-ring/50 aria-pressed:bg-background aria-pressed:text-foreground dark:aria-pressed:bg-input/30 inline-flex h-full items-center rounded-md px-3 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] aria-pressed:shadow-sm"
                >
                  {d} days
                </button>
              ))}
            </div>
            <Button asChild variant="outline" size="sm">
              <a href={withQuery('/api/me/analytics/csv', { days })} download aria-label={`CSV: download the last ${days} days`}>
                <Download aria-hidden /> CSV
              </a>
            </Button>
          </div>
        </CardHeader>
        <CardContent>
          {q.isError ? (
            <p role="alert" className="text-destructive text-sm">
              {q.error.message}
            </p>
          ) : a ? (
            <div className={cn('space-y-4 transition-opacity', q.isPlaceholderData && 'opacity-60')}>
              <Totals analytics={a} />
              <Chart analytics={a} />
              <DailyTable analytics={a} />
            </div>
          ) : (
            <Skeleton className="h-72 w-full" />
          )}
        </CardContent>
      </Card>
      {a ? <ItemsTable analytics={a} /> : null}
    </div>
  );
}

function Totals({ analytics }: { analytics: MakerAnalytics }) {
  return (
    <dl aria-label={`Totals over the last ${analytics.days} days`} className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {MAKER_FIGURES.map((f) => (
        <div key={f} className="rounded-lg border px-3 py-2">
          <dt className="text-muted-foreground flex items-center gap-2 text-xs">
            <span className="size-2.5 rounded-full" style={{ background: COLORS[f] }} aria-hidden />
            {LABELS[f]}
          </dt>
          <dd className="text-xl font-semibold tabular-nums">{count(analytics.totals[f])}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The chart: a picture of the table below it, described for screen readers by its summary. */
function Chart({ analytics }: { analytics: MakerAnalytics }) {
  const summary = `Chart of the last ${analytics.days} days: ${MAKER_FIGURES.map((f) => `${count(analytics.totals[f])} ${LABELS[f].toLowerCase()}`).join(', ')}. The same figures are in the table below.`;
  return (
    <figure aria-label={summary} className="h-72 w-full" data-testid="analytics-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={analytics.points} margin={{ top: 8, right: 12, bottom: 0, left: -12 }}>
          <CartesianGrid strokeDasharray="3 4" vertical={false} className="stroke-border" />
          <XAxis dataKey="date" tickFormatter={dayLabel} tickLine={false} axisLine={false} minTickGap={24} fontSize={11} />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} fontSize={11} />
          <Tooltip labelFormatter={(label) => dayLabel(String(label))} />
          <Legend />
          {MAKER_FIGURES.map((f) => (
            <Line key={f} dataKey={f} name={LABELS[f]} type="monotone" stroke={COLORS[f]} strokeWidth={2} dot={false} isAnimationActive={false} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}

function DailyTable({ analytics }: { analytics: MakerAnalytics }) {
  return (
    <details className="text-sm">
      <summary className="text-primary w-fit cursor-pointer rounded-sm font-medium underline-offset-4 hover:underline">Show the figures as a table</summary>
      <ScrollTable label="Figures per day" className="mt-3 max-h-80 rounded-md border">
          <caption className="sr-only">Figures per day, newest first</caption>
          <FiguresHeader first="Day" className="bg-muted/60 sticky top-0" />
          <TableBody>
            {[...analytics.points].reverse().map((p) => (
              <TableRow key={p.date}>
                <TableHead scope="row" className="font-normal">
                  {dayLabel(p.date)}
                </TableHead>
                {MAKER_FIGURES.map((f) => (
                  <TableCell key={f} className="text-right tabular-nums">
                    {count(p[f])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
      </ScrollTable>
    </details>
  );
}

/** Both tables' column heads: what a row is, then one column per figure. */
function FiguresHeader({ first, className }: { first: string; className?: string }) {
  return (
    <TableHeader className={className}>
      <TableRow>
        <TableHead scope="col">{first}</TableHead>
        {MAKER_FIGURES.map((f) => (
          <TableHead key={f} scope="col" className="text-right">
            {LABELS[f]}
          </TableHead>
        ))}
      </TableRow>
    </TableHeader>
  );
}

/** A table in a region that scrolls when it must (narrow screens): focusable, so the keyboard scrolls it too. */
function ScrollTable({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={cn('focus-visible:ring-ring/50 overflow-auto outline-none focus-visible:ring-[3px]', className)}>
      <table className="w-full caption-bottom text-sm">{children}</table>
    </div>
  );
}

function ItemsTable({ analytics }: { analytics: MakerAnalytics }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Totals per item</h2>
        </CardTitle>
        <CardDescription>Over the last {analytics.days} days, most viewed first</CardDescription>
      </CardHeader>
      <CardContent>
        {analytics.items.length === 0 ? (
          <p className="text-muted-foreground text-sm">Share an idea or product and its figures will show here.</p>
        ) : (
          <ScrollTable label="Totals per item">
            <caption className="sr-only">Totals per item over the last {analytics.days} days</caption>
            <FiguresHeader first="Item" />
            <TableBody>
              {analytics.items.map((item) => (
                <TableRow key={item.id}>
                  <TableHead scope="row" className="max-w-64 truncate font-normal">
                    <Link to={`/ideas/${item.id}`} className="hover:underline">
                      {item.title}
                    </Link>
                  </TableHead>
                  {MAKER_FIGURES.map((f) => (
                    <TableCell key={f} className="text-right tabular-nums">
                      {count(item[f])}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </ScrollTable>
        )}
      </CardContent>
    </Card>
  );
}
