import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';

const tones = {
  primary: 'bg-primary/10 text-primary',
  success: 'bg-success/12 text-success',
  warning: 'bg-warning/20 text-warning-foreground dark:text-warning',
  destructive: 'bg-destructive/10 text-destructive',
  info: 'bg-chart-5/12 text-chart-5',
} as const;

export type StatTone = keyof typeof tones;

/** A counter card: label and icon, the big value, a short note; skeleton while loading. */
export function StatCard({
  label,
  value,
  note,
  icon: Icon,
  tone = 'primary',
  loading = false,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  icon: LucideIcon;
  tone?: StatTone;
  loading?: boolean;
}) {
  return (
    <Card className="min-w-0 gap-0 p-4 sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-muted-foreground text-sm font-medium">{label}</p>
        <span className={cn('hidden size-9 shrink-0 items-center justify-center rounded-lg sm:flex', tones[tone])}>
          <Icon className="size-[1.125rem]" aria-hidden />
        </span>
      </div>
      {loading ? (
        <Skeleton className="mt-2 h-8 w-24" />
      ) : (
        <p className="mt-1 text-lg font-bold tracking-tight break-words tabular-nums sm:text-2xl">{value}</p>
      )}
      {note !== undefined && (
        <div className="text-muted-foreground mt-2 text-xs">{loading ? <Skeleton className="h-3 w-28" /> : note}</div>
      )}
    </Card>
  );
}

export function StatGrid({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4', className)}>{children}</div>;
}
