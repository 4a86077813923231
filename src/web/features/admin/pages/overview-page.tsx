import type { Activity } from '@shared/schemas/admin';
import type { Currency } from '@shared/constants';
import { formatPercent } from '@shared/rules/analytics';
import { formatPrice } from '@shared/format';
import { timeAgo } from '@shared/rules/time-ago';
import {
  ArrowRight,
  ChartColumn,
  CreditCard,
  FileText,
  Heart,
  Lightbulb,
  Package,
  UserPlus,
  Users,
  Wallet,
} from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { useOverview } from '../api/admin-api';
import { PageHeader } from '../components/page-header';
import { StatCard, StatGrid } from '../components/stat-card';
import { formatCount, formatPer100 } from '../lib/format';

const QUICK_ACTIONS = [
  { to: '/admin/users', title: 'Manage Users', text: 'Roles and accounts', icon: Users },
  { to: '/admin/content', title: 'Review Content', text: 'Ideas and products', icon: FileText },
  { to: '/admin/financial', title: 'View Payments', text: 'Revenue and coupons', icon: Wallet },
  { to: '/admin/analytics', title: 'See Analytics', text: 'Growth and engagement', icon: ChartColumn },
] as const;

export default function OverviewPage() {
  const q = useOverview();
  const o = q.data;
  const loading = q.isPending;

  return (
    <>
      <PageHeader title="Dashboard Overview" description="Platform statistics and recent activity at a glance." />
      {q.isError && (
        <p role="alert" className="text-destructive text-sm">
          {q.error.message}
        </p>
      )}
      <StatGrid>
        <StatCard
          label="Total Users"
          icon={Users}
          loading={loading}
          value={o && formatCount(o.totalUsers)}
          note={o && `+${formatCount(o.newUsers)} in the last 30 days`}
        />
        <StatCard
          label="Total Content"
          icon={FileText}
          tone="info"
          loading={loading}
          value={o && formatCount(o.totalContent)}
          note={o && `+${formatCount(o.newContent)} in the last 30 days`}
        />
        <StatCard
          label="Total Revenue"
          icon={Wallet}
          tone="success"
          loading={loading}
          value={o && formatPrice(o.totalRevenue, 'NGN', { cents: 'always' })}
          note="From successful payments"
        />
        <StatCard
          label="Engagement"
          icon={Heart}
          tone="destructive"
          loading={loading}
          value={o && formatPer100(o.engagement)}
          note={o && `Likes per 100 people: ${formatCount(o.totalLikes)} likes from ${formatCount(o.totalUsers)} people`}
        />
      </StatGrid>

      <div className="grid gap-6 lg:grid-cols-5 [&>*]:min-w-0">
        <Card className="lg:col-span-2 lg:self-start">
          <CardHeader>
            <CardTitle asChild>
              <h3>Content by category</h3>
            </CardTitle>
            <CardDescription>Share of all ideas and products</CardDescription>
          </CardHeader>
          <CardContent className="space-y-5">
            {loading || !o ? (
              <>
                <Skeleton className="h-10 w-full" />
                <Skeleton className="h-10 w-full" />
              </>
            ) : (
              <>
                <Donut ideas={o.categories.ideasPercent} total={o.totalContent} />
                <CategoryRow icon={Lightbulb} label="Ideas" count={o.categories.ideas} percent={o.categories.ideasPercent} />
                <CategoryRow
                  icon={Package}
                  label="Products"
                  count={o.categories.products}
                  percent={o.categories.productsPercent}
                  barClass="[&>[data-slot=progress-indicator]]:bg-chart-2"
                />
              </>
            )}
          </CardContent>
        </Card>

        <Card className="lg:col-span-3">
          <CardHeader>
            <CardTitle asChild>
              <h3>Recent activity</h3>
            </CardTitle>
            <CardDescription>The latest sign-ups, shares and payments</CardDescription>
          </CardHeader>
          <CardContent>
            {loading || !o ? (
              <div className="space-y-4">
                {Array.from({ length: 5 }, (_, i) => (
                  <Skeleton key={i} className="h-10 w-full" />
                ))}
              </div>
            ) : o.recentActivity.length === 0 ? (
              <p className="text-muted-foreground py-6 text-center text-sm">No activity yet.</p>
            ) : (
              <ul className="divide-y">
                {o.recentActivity.map((a) => (
                  <ActivityRow key={`${a.kind}:${a.id}`} activity={a} />
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>

      <section aria-labelledby="quick-actions" className="space-y-3">
        <h3 id="quick-actions" className="text-h3">
          Quick actions
        </h3>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {QUICK_ACTIONS.map((a) => (
            <Link
              key={a.to}
              to={a.to}
              className="group bg-card hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-ring flex items-center gap-3 rounded-xl border p-4 shadow-sm transition-colors focus-visible:ring-2 focus-visible:outline-none xl:flex-col xl:items-start"
            >
              <span className="flex items-center justify-between xl:mb-1 xl:w-full">
                <span className="bg-primary/10 text-primary flex size-10 shrink-0 items-center justify-center rounded-lg">
                  <a.icon className="size-5" aria-hidden />
                </span>
                <ArrowRight className="text-muted-foreground hidden size-4 transition-transform group-hover:translate-x-0.5 xl:block" aria-hidden />
              </span>
              <span className="min-w-0 flex-1 xl:w-full">
                <span className="block font-medium">{a.title}</span>
                <span className="text-muted-foreground block text-sm">{a.text}</span>
              </span>
              <ArrowRight className="text-muted-foreground size-4 shrink-0 transition-transform group-hover:translate-x-0.5 xl:hidden" aria-hidden />
            </Link>
          ))}
        </div>
      </section>
    </>
  );
}

/** Ideas against products as a ring, the total in the middle (decorative: the rows below say the same). */
function Donut({ ideas, total }: { ideas: number; total: number }) {
  const r = 52;
  const circumference = 2 * Math.PI * r;
  const ideasLength = (Math.min(100, Math.max(0, ideas)) / 100) * circumference;
  return (
    <div className="flex justify-center py-2" aria-hidden>
      <svg viewBox="0 0 140 140" className="size-36 -rotate-90">
        <circle cx="70" cy="70" r={r} fill="none" strokeWidth="16" className={total > 0 ? 'stroke-chart-2' : 'stroke-muted'} />
        {total > 0 && (
          <circle cx="70" cy="70" r={r} fill="none" strokeWidth="16" strokeDasharray={`${ideasLength} ${circumference}`} className="stroke-primary" />
        )}
        <g className="rotate-90" style={{ transformOrigin: '70px 70px' }}>
          <text x="70" y="66" textAnchor="middle" className="fill-foreground text-[22px] font-bold">
            {formatCount(total)}
          </text>
          <text x="70" y="86" textAnchor="middle" className="fill-muted-foreground text-[11px]">
            items
          </text>
        </g>
      </svg>
    </div>
  );
}

function CategoryRow({
  icon: Icon,
  label,
  count,
  percent,
  barClass,
}: {
  icon: typeof Lightbulb;
  label: string;
  count: number;
  percent: number;
  barClass?: string;
}) {
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="flex items-center gap-2 font-medium">
          <Icon className="text-muted-foreground size-4" aria-hidden />
          {label}
        </span>
        <span className="tabular-nums">
          <span className="font-semibold">{formatPercent(percent, { signed: false })}</span>
          <span className="text-muted-foreground"> · {formatCount(count)}</span>
        </span>
      </div>
      <Progress value={percent} aria-label={`${label}: ${formatPercent(percent, { signed: false })} of all content`} className={cn('h-2.5', barClass)} />
    </div>
  );
}

const ACTIVITY_ICONS = { user: UserPlus, idea: Lightbulb, product: Package, payment: CreditCard } as const;
const ACTIVITY_TONES = {
  user: 'bg-primary/10 text-primary',
  idea: 'bg-warning/20 text-warning-foreground dark:text-warning',
  product: 'bg-chart-2/15 text-chart-2',
  payment: 'bg-success/12 text-success',
} as const;

function describe(a: Activity): { title: string; detail: string | null } {
  switch (a.kind) {
    case 'user':
      return { title: `${a.label ?? 'Someone'} joined`, detail: 'New user' };
    case 'idea':
    case 'product':
      return { title: a.label ?? 'Untitled', detail: `New ${a.kind} by ${a.actor ?? 'Anonymous'}` };
    case 'payment':
      return {
        title: `Payment of ${a.amount !== null && a.currency ? formatPrice(a.amount, a.currency as Currency, { cents: 'always' }) : 'an unknown amount'}`,
        detail: `${a.actor ?? 'Unknown payer'}${a.label ? ` · ${a.label}` : ''}`,
      };
  }
}

function ActivityRow({ activity }: { activity: Activity }) {
  const Icon = ACTIVITY_ICONS[activity.kind];
  const { title, detail } = describe(activity);
  return (
    <li className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
      <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-full', ACTIVITY_TONES[activity.kind])}>
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{title}</p>
        {detail && <p className="text-muted-foreground truncate text-xs">{detail}</p>}
      </div>
      <time dateTime={activity.at} className="text-muted-foreground shrink-0 text-xs">
        {timeAgo(activity.at)}
      </time>
    </li>
  );
}
