/**
 * Growth over time: new users, new items and views of items per day, drawn as an SVG line chart (no chart
 * library). Pointer or arrow keys pick a day and its figures are read out; the same data is
 * available as a table for anyone who would rather read it.
 */
import type { SeriesPoint } from '@shared/schemas/admin';
import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { dayLabel, labelIndexes, niceTicks } from '../lib/chart-scale';
import { formatCount } from '../lib/format';

const SERIES = [
  { key: 'users', label: 'New users', line: 'stroke-chart-1', dot: 'fill-chart-1', swatch: 'bg-chart-1', area: 'fill-chart-1/10' },
  { key: 'content', label: 'New content', line: 'stroke-chart-2', dot: 'fill-chart-2', swatch: 'bg-chart-2', area: 'fill-chart-2/10' },
  { key: 'views', label: 'Views', line: 'stroke-chart-3', dot: 'fill-chart-3', swatch: 'bg-chart-3', area: 'fill-chart-3/10' },
] as const;
type SeriesKey = (typeof SERIES)[number]['key'];

const HEIGHT = 260;
const PAD = { top: 12, right: 12, bottom: 28, left: 36 };

function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export function GrowthChart({ points, days }: { points: SeriesPoint[]; days: number }) {
  const [box, width] = useWidth();
  const [active, setActive] = useState<number | null>(null);
  const titleId = useId();
  const readoutId = useId();

  const totals = {
    users: points.reduce((s, p) => s + p.users, 0),
    content: points.reduce((s, p) => s + p.content, 0),
    views: points.reduce((s, p) => s + p.views, 0),
  };
  const max = Math.max(0, ...points.map((p) => Math.max(p.users, p.content, p.views)));
  const ticks = niceTicks(max);
  const top = ticks.at(-1) ?? 1;
  const innerW = Math.max(0, width - PAD.left - PAD.right);
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length <= 1 ? innerW / 2 : (i * innerW) / (points.length - 1));
  const y = (v: number) => PAD.top + innerH - (v / top) * innerH;
  const path = (key: SeriesKey) => points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p[key]).toFixed(1)}`).join('');
  const area = (key: SeriesKey) =>
    points.length ? `${path(key)}L${x(points.length - 1).toFixed(1)},${y(0)}L${x(0).toFixed(1)},${y(0)}Z` : '';

  const pick = (e: PointerEvent<SVGSVGElement>) => {
    if (points.length === 0 || innerW <= 0) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const rel = e.clientX - rect.left - PAD.left;
    const i = Math.round((rel / innerW) * (points.length - 1));
    setActive(Math.min(points.length - 1, Math.max(0, i)));
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (points.length === 0) return;
    const last = points.length - 1;
    const moves: Record<string, number> = {
      ArrowLeft: Math.max(0, (active ?? last) - 1),
      ArrowRight: Math.min(last, (active ?? -1) + 1),
      Home: 0,
      End: last,
    };
    if (e.key in moves) {
      e.preventDefault();
      setActive(moves[e.key]!);
    } else if (e.key === 'Escape') setActive(null);
  };

  const current = active !== null ? points[active] : undefined;
  const summary = `Daily new users, new content and views over the last ${days} days: ${formatCount(totals.users)} new users, ${formatCount(totals.content)} new items and ${formatCount(totals.views)} views in total.`;

  return (
    <figure className="space-y-3" aria-labelledby={titleId}>
      <figcaption id={titleId} className="sr-only">
        {summary}
      </figcaption>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm">
        {SERIES.map((s) => (
          <span key={s.key} className="inline-flex items-center gap-2">
            <span className={cn('size-2.5 rounded-full', s.swatch)} aria-hidden />
            <span className="text-muted-foreground">{s.label}</span>
            <span className="font-semibold tabular-nums">{formatCount(totals[s.key])}</span>
          </span>
        ))}
      </div>
      <div
        ref={box}
        className="focus-visible:ring-ring relative w-full rounded-md outline-none focus-visible:ring-2"
        style={{ height: HEIGHT }}
        tabIndex={0}
        role="group"
        aria-label={`${summary} Use the left and right arrow keys to read each day.`}
        aria-describedby={readoutId}
        onKeyDown={onKey}
        onBlur={() => setActive(null)}
      >
        {width > 0 && (
          <svg width={width} height={HEIGHT} className="block touch-none select-none" aria-hidden onPointerMove={pick} onPointerDown={pick} onPointerLeave={() => setActive(null)}>
            {ticks.map((t) => (
              <g key={t}>
                <line x1={PAD.left} x2={width - PAD.right} y1={y(t)} y2={y(t)} className="stroke-border" strokeDasharray={t === 0 ? undefined : '3 4'} />
                <text x={PAD.left - 8} y={y(t)} dy="0.32em" textAnchor="end" className="fill-muted-foreground text-[11px] tabular-nums">
                  {formatCount(t)}
                </text>
              </g>
            ))}
            {labelIndexes(points.length, width < 420 ? 4 : 7).map((i) => (
              <text
                key={i}
                x={x(i)}
                y={HEIGHT - 8}
                textAnchor={i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle'}
                className="fill-muted-foreground text-[11px]"
              >
                {dayLabel(points[i]!.date)}
              </text>
            ))}
            {SERIES.map((s) => (
              <path key={`area-${s.key}`} d={area(s.key)} className={s.area} />
            ))}
            {SERIES.map((s) => (
              <path key={s.key} d={path(s.key)} fill="none" strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" className={s.line} />
            ))}
            {current && active !== null && (
              <g>
                <line x1={x(active)} x2={x(active)} y1={PAD.top} y2={PAD.top + innerH} className="stroke-muted-foreground/50" strokeDasharray="2 3" />
                {SERIES.map((s) => (
                  <circle key={s.key} cx={x(active)} cy={y(current[s.key])} r={4.5} strokeWidth={2} className={cn(s.dot, 'stroke-background')} />
                ))}
              </g>
            )}
          </svg>
        )}
        {current && active !== null && width > 0 && <DayReadout point={current} at={x(active)} width={width} />}
      </div>
      <p id={readoutId} className="sr-only" aria-live="polite">
        {current ? `${dayLabel(current.date)}: ${current.users} new users, ${current.content} new items, ${current.views} views.` : ''}
      </p>
      <FiguresTable points={points} />
    </figure>
  );
}

/** The figures behind the chart, newest day first, for anyone who would rather read them. */
function FiguresTable({ points }: { points: SeriesPoint[] }) {
  return (
    <details className="text-sm">
      <summary className="text-primary w-fit cursor-pointer rounded-sm font-medium underline-offset-4 hover:underline">Show the figures as a table</summary>
      <div className="mt-3 max-h-72 overflow-auto rounded-md border">
        <table className="w-full text-sm">
          <caption className="sr-only">New users, new content and views per day</caption>
          <thead className="bg-muted/60 sticky top-0">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                Day
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                New users
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                New content
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Views
              </th>
            </tr>
          </thead>
          <tbody>
            {[...points].reverse().map((p) => (
              <tr key={p.date} className="border-t">
                <th scope="row" className="px-3 py-1.5 text-left font-normal">
                  {dayLabel(p.date)}
                </th>
                <td className="px-3 py-1.5 text-right tabular-nums">{p.users}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{p.content}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{p.views}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** The day under the pointer (or chosen with the arrow keys), beside it. */
function DayReadout({ point, at, width }: { point: SeriesPoint; at: number; width: number }) {
  return (
    <div
      className="bg-popover text-popover-foreground pointer-events-none absolute top-2 z-10 min-w-36 rounded-md border px-3 py-2 text-xs shadow-md"
      style={at > width / 2 ? { right: width - at + 10 } : { left: at + 10 }}
    >
      <p className="mb-1 font-semibold">{dayLabel(point.date)}</p>
      {SERIES.map((s) => (
        <p key={s.key} className="flex items-center justify-between gap-3">
          <span className="inline-flex items-center gap-1.5">
            <span className={cn('size-2 rounded-full', s.swatch)} aria-hidden />
            {s.label}
          </span>
          <span className="font-semibold tabular-nums">{formatCount(point[s.key])}</span>
        </p>
      ))}
    </div>
  );
}
