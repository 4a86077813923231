/** The Dashboard's 'Purchases' (issue 25): what the person bought, when, the amount and the status. */
import { priceText } from '@shared/format';
import { formatDate } from '@shared/rules/date-format';
import type { Purchase } from '@shared/schemas/payments';
import { ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyPanel } from '../../../components/ui/empty-panel';
import { LocalTime } from '../../../components/ui/local-time';
import { usePurchases } from '../api/payments';

const STATUS: Record<Purchase['status'], { label: string; variant: 'default' | 'secondary' | 'destructive' | 'outline' }> = {
  success: { label: 'Paid', variant: 'default' },
  pending: { label: 'Pending', variant: 'outline' },
  failed: { label: 'Failed', variant: 'destructive' },
  refunded: { label: 'Refunded', variant: 'secondary' },
};

export function PurchasesTab() {
  const query = usePurchases();
  if (query.isPending) {
    return (
      <p className="text-muted-foreground py-8 text-center text-sm" role="status">
        Loading purchases...
      </p>
    );
  }
  if (query.isError) {
    return (
      <p className="text-destructive py-8 text-center text-sm" role="alert">
        {query.error.message}
      </p>
    );
  }
  const items = query.data.items;
  if (items.length === 0) {
    return (
      <EmptyPanel
        icon={<ShoppingBag className="size-8" aria-hidden />}
        title="No purchases yet"
        text="Items you buy show here, with the amount and the date."
        action={
          <Button asChild variant="outline">
            <Link to="/">Browse ideas</Link>
          </Button>
        }
      />
    );
  }
  return (
    <ul aria-label="Purchases" className="bg-card divide-y rounded-xl border">
      {items.map((p) => (
        <li key={p.reference} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
          <div className="min-w-0">
            {p.item ? (
              <Link to={`/ideas/${p.item.id}`} className="font-medium break-words underline-offset-4 hover:underline">
                {p.item.title}
              </Link>
            ) : (
              <span className="text-muted-foreground font-medium">Deleted Idea</span>
            )}
            <p className="text-muted-foreground text-sm">
              <LocalTime dateTime={p.createdAt} text={formatDate} /> · <span className="font-mono text-xs">{p.reference}</span>
            </p>
          </div>
          <div className="flex items-center gap-3">
            <span className="font-semibold tabular-nums">{priceText(p.amount, p.currency)}</span>
            <Badge variant={STATUS[p.status].variant}>{STATUS[p.status].label}</Badge>
          </div>
        </li>
      ))}
    </ul>
  );
}
