/**
 * Buy (issue 25): a confirmation with the item, its price and currency, then the provider's
 * checkout. What may be bought is the server's answer (GET /api/ideas/{id}/checkout): a maker
 * without payouts, a currency the provider cannot take or an earlier purchase are said here.
 */
import { CURRENCY_NAMES } from '@shared/constants';
import { priceText } from '@shared/format';
import { Loader2, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ContactButton } from '../../messages';
import { startCheckout, useBuyOptions } from '../api/payments';

/** Sends the browser to the provider's checkout for the item; resolves only on failure, with the message. */
export async function goToCheckout(ideaId: string): Promise<string> {
  try {
    const { checkoutUrl } = await startCheckout(ideaId);
    window.location.assign(checkoutUrl);
    return '';
  } catch (error) {
    return error instanceof Error ? error.message : 'Checkout could not start. Please try again.';
  }
}

export function BuyDialog({ ideaId, title, open, onOpenChange }: { ideaId: string; title: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const options = useBuyOptions(ideaId, open);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const o = options.data;
  const buy = async () => {
    setBusy(true);
    setError('');
    const message = await goToCheckout(ideaId);
    if (message) {
      setError(message);
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <ShoppingCart className="text-primary size-5" aria-hidden /> Buy this item
          </DialogTitle>
          <DialogDescription>You pay once and read the full description and the discussion from then on.</DialogDescription>
        </DialogHeader>
        <dl className="bg-muted/40 grid gap-2 rounded-lg border p-4 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Item</dt>
            <dd className="text-right font-medium break-words">{o?.item.title ?? title}</dd>
          </div>
          {o ? (
            <>
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Price</dt>
                <dd className="text-right text-lg font-bold tabular-nums">{priceText(o.price, o.currency)}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Currency</dt>
                <dd className="text-right">
                  {o.currency} ({CURRENCY_NAMES[o.currency]})
                </dd>
              </div>
            </>
          ) : null}
        </dl>
        {options.isPending ? (
          <p className="text-muted-foreground text-sm" role="status">
            Loading…
          </p>
        ) : options.isError ? (
          <p className="text-destructive text-sm" role="alert">
            {options.error.message}
          </p>
        ) : o && !o.available ? (
          <div className="grid gap-3" role="alert">
            <p className="text-sm font-medium">{o.message}</p>
            {o.reason === 'no_payouts' ? <ContactButton ideaId={ideaId} title={o.item.title} className="w-fit" /> : null}
          </div>
        ) : null}
        {error ? (
          <p className="text-destructive text-sm" role="alert">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={() => void buy()} disabled={!o?.available || busy}>
            {busy ? <Loader2 className="animate-spin" aria-hidden /> : null} Continue to checkout
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
