import { SERIES_DAYS } from '@shared/schemas/admin';
import { formatPercent } from '@shared/rules/analytics';
import { Activity, Gauge, HeartPulse, Lightbulb, Package, PieChart, Sparkles, TrendingDown, TrendingUp } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { useAnalytics } from '../api/admin-api';
import { GrowthChart } from '../components/growth-chart';
import { SectionCard } from '../components/section-card';
import { PageHeader } from '../components/page-header';
import { formatCount, formatPer100 } from '../lib/format';
import { useChoiceParam } from '../lib/use-url-filters';

const RANGES = SERIES_DAYS.map(String) as readonly ('30' | '90')[];

export default function AnalyticsPage() {
  const [range, setRange] = useChoiceParam('days', RANGES, '30');
  const q = useAnalytics(Number(range));
  const a = q.data;

  return (
    <>
      <PageHeader title="System Analytics" description="How the platform grows and how people take part." />
      {q.isError && (
        <p role="alert" className="text-destructive text-sm">
          {q.error.message}
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <MetricCard title="Platform Growth" description="Last 30 days against the 30 before" icon={TrendingUp} loading={!a}>
          {a && (
            <>
              <Growth label="User growth" value={a.growth.users} detail={`${formatCount(a.growth.newUsers.current)} new vs ${formatCount(a.growth.newUsers.previous)}`} />
              <Growth label="Content growth" value={a.growth.content} detail={`${formatCount(a.growth.newContent.current)} new vs ${formatCount(a.growth.newContent.previous)}`} />
            </>
          )}
        </MetricCard>
        <MetricCard title="User Engagement" description="Likes ÷ people × 100" icon={HeartPulse} loading={!a}>
          {a && (
            <dl className="space-y-3">
              <Figure label="Likes per 100 people" value={formatPer100(a.engagement.rate)} big />
              <Figure label="Total interactions (likes)" value={formatCount(a.engagement.totalInteractions)} />
            </dl>
          )}
        </MetricCard>
        <MetricCard title="Content Quality" description="How much people share" icon={Sparkles} loading={!a}>
          {a && (
            <dl className="space-y-3">
              <Figure label="Items per person" value={a.quality.ideasPerUser.toFixed(1)} big />
              <Figure label="Active creators" value={formatCount(a.quality.activeCreators)} />
            </dl>
          )}
        </MetricCard>
        <MetricCard title="Content Distribution" description="Ideas and products" icon={PieChart} loading={!a}>
          {a && (
            <div className="space-y-4">
              <Share icon={Lightbulb} label="Ideas" count={a.distribution.ideas} percent={a.distribution.ideasPercent} />
              <Share icon={Package} label="Products" count={a.distribution.products} percent={a.distribution.productsPercent} secondary />
            </div>
          )}
        </MetricCard>
        <MetricCard title="Platform Health" description="Totals to date" icon={Gauge} loading={!a}>
          {a && (
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
              <Figure label="Total users" value={formatCount(a.health.totalUsers)} />
              <Figure label="Total items" value={formatCount(a.health.totalIdeas)} />
              <Figure label="Total likes" value={formatCount(a.health.totalLikes)} />
              <Figure label="Likes per 100 people" value={formatPer100(a.health.engagement)} />
            </dl>
          )}
        </MetricCard>
        <MetricCard title="Recent Activity" description="Last 30 days" icon={Activity} loading={!a}>
          {a && (
            <dl className="grid grid-cols-3 gap-x-4">
              <Figure label="New users" value={formatCount(a.recent.newUsers)} />
              <Figure label="New items" value={formatCount(a.recent.newContent)} />
              <Figure label="Total" value={formatCount(a.recent.total)} />
            </dl>
          )}
        </MetricCard>
      </div>

      <Card>
        <CardHeader className="has-data-[slot=card-action]:grid-cols-1 sm:has-data-[slot=card-action]:grid-cols-[1fr_auto]">
          <CardTitle asChild>
            <h3>Growth over time</h3>
          </CardTitle>
          <CardDescription>New users, new ideas and products, and views of items per day (UTC)</CardDescription>
          <div data-slot="card-action" className="sm:col-start-2 sm:row-span-2 sm:row-start-1 sm:self-start sm:justify-self-end">
            <div role="group" aria-label="Period" className="bg-muted text-muted-foreground inline-flex h-9 items-center rounded-lg p-[3px]">
              {RANGES.map((r) => (
                <button
                  key={r}
                  type="button"
                  aria-pressed={range === r}
                  onClick={() => setRange(r)}
                  className="focus-visible:ring-ring/50 aria-pressed:bg-background aria-pressed:text-foreground dark:aria-pressed:bg-input/30 inline-flex h-full items-center rounded-md px-3 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] aria-pressed:shadow-sm"
                >
                  {r} days
                </button>
              ))}
            </div>
          </div>
        </CardHeader>
        <CardContent>
          {a ? (
            <div className={cn('transition-opacity', q.isPlaceholderData && 'opacity-60')}>
              <GrowthChart points={a.series.points} days={a.series.days} />
            </div>
          ) : (
            <Skeleton className="h-72 w-full" />
          )}
        </CardContent>
      </Card>
    </>
  );
}

function MetricCard({
  title,
  description,
  icon: Icon,
  loading,
  children,
}: {
  title: string;
  description: string;
  icon: LucideIcon;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <SectionCard icon={Icon} title={title} description={description} className="gap-4" contentClassName="space-y-3">
      {loading ? (
        <>
          <Skeleton className="h-8 w-28" />
          <Skeleton className="h-4 w-40" />
        </>
      ) : (
        children
      )}
    </SectionCard>
  );
}

function Figure({ label, value, big = false }: { label: string; value: string; big?: boolean }) {
  return (
    <div>
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className={cn('font-semibold tabular-nums', big ? 'text-2xl' : 'text-lg')}>{value}</dd>
    </div>
  );
}

function Growth({ label, value, detail }: { label: string; value: number; detail: string }) {
  const negative = value < 0;
  const Icon = negative ? TrendingDown : TrendingUp;
  return (
    <div className="flex items-center justify-between gap-3">
      <div>
        <p className="text-muted-foreground text-xs">{label}</p>
        <p className="text-muted-foreground text-xs">{detail}</p>
      </div>
      <p className={cn('inline-flex items-center gap-1 text-xl font-semibold tabular-nums', negative ? 'text-destructive' : value > 0 ? 'text-success' : '')}>
        <Icon className="size-4" aria-hidden />
        {formatPercent(value)}
      </p>
    </div>
  );
}

function Share({ icon: Icon, label, count, percent, secondary = false }: { icon: LucideIcon; label: string; count: number; percent: number; secondary?: boolean }) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between text-sm">
        <span className="flex items-center gap-2">
          <Icon className="text-muted-foreground size-4" aria-hidden />
          {label}
        </span>
        <span className="tabular-nums">
          <span className="font-semibold">{formatCount(count)}</span>
          <span className="text-muted-foreground"> · {formatPercent(percent, { signed: false })}</span>
        </span>
      </div>
      <Progress
        value={percent}
        aria-label={`${label}: ${formatPercent(percent, { signed: false })} of all content`}
        className={cn('h-2', secondary && '[&>[data-slot=progress-indicator]]:bg-chart-2')}
      />
    </div>
  );
}
