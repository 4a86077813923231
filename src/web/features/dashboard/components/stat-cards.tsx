import { Layers, Lightbulb, Package } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useOwnStats } from '../../ideas';

const CARDS = [
  { key: 'total', label: 'Total Shared', icon: Layers },
  { key: 'ideas', label: 'Ideas', icon: Lightbulb },
  { key: 'products', label: 'Products', icon: Package },
] as const;

/** The dashboard's three stat cards: total shared, ideas, products. */
export function StatCards() {
  const stats = useOwnStats();
  return (
    <section aria-label="Your numbers" className="grid grid-cols-3 gap-3 sm:gap-4">
      {CARDS.map(({ key, label, icon: Icon }) => (
        <Card key={key} className="flex-row items-center gap-3 p-3 sm:gap-4 sm:p-5">
          <span className="bg-primary/10 text-primary hidden size-11 shrink-0 items-center justify-center rounded-lg sm:flex" aria-hidden>
            <Icon className="size-5" />
          </span>
          <div className="grid min-w-0 gap-0.5">
            <p className="text-muted-foreground truncate text-xs font-medium sm:text-sm">{label}</p>
            <div className="text-2xl font-bold tabular-nums sm:text-3xl">
              {stats.isPending ? <Skeleton className="h-8 w-10" /> : stats.isError ? '–' : stats.data[key]}
            </div>
          </div>
        </Card>
      ))}
    </section>
  );
}
