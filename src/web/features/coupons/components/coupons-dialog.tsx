import type { Coupon } from '@shared/schemas/ideas';
import { formatDate } from '@shared/rules/date-format';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, Check, Copy, Loader2, Ticket, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { useAppConfig } from '../../../lib/app-config';
import { redeemPageUrl, useMyCoupons } from '../api/coupons';
import { couponsKeys } from '../api/coupons-keys';

/** Copies a coupon's code, says so, and shows a tick for a moment. */
function CopyCodeButton({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      size="sm"
      variant="ghost"
      onClick={() => {
        navigator.clipboard.writeText(code).then(
          () => {
            setCopied(true);
            toast({ title: 'Code copied', description: `${code} is on your clipboard.` });
          },
          () => toast({ variant: 'destructive', title: 'Copy Failed', description: 'Could not copy the code. Please select it and copy it yourself.' }),
        );
      }}
    >
      {copied ? <Check className="text-primary" aria-hidden /> : <Copy aria-hidden />}
      {copied ? 'Copied' : 'Copy'}
      <span className="sr-only"> {code}</span>
    </Button>
  );
}

interface CouponsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * My Coupons (SPEC §2 Dashboard): code (whole, with Copy), date and 'Used' / 'New'; Redeem on an
 * unused coupon shows the redeem page in a frame until 'Close Redeem'; the list is read again after
 * closing.
 */
function CouponsDialog({ open, onOpenChange }: CouponsDialogProps) {
  const queryClient = useQueryClient();
  const coupons = useMyCoupons(open);
  const config = useAppConfig();
  const [redeeming, setRedeeming] = useState<Coupon | null>(null);

  function closeRedeem() {
    setRedeeming(null);
    void queryClient.invalidateQueries({ queryKey: couponsKeys.all });
  }

  const items = coupons.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && redeeming) closeRedeem();
        onOpenChange(next);
      }}
    >
      <DialogContent className={cn(redeeming ? 'sm:max-w-2xl' : 'sm:max-w-lg')}>
        <DialogHeader>
          <DialogTitle>My Coupons</DialogTitle>
          <DialogDescription>
            {redeeming ? `Redeeming ${redeeming.code}.` : 'Every item you share earns you a coupon.'}
          </DialogDescription>
        </DialogHeader>

        {redeeming ? (
          <div className="grid gap-3">
            <iframe
              title={`Redeem coupon ${redeeming.code}`}
              src={redeemPageUrl(redeeming, config.data?.couponRedeemUrl)}
              className="bg-background h-[min(420px,60dvh)] w-full rounded-md border"
            />
            <Button variant="outline" onClick={closeRedeem} className="sm:justify-self-end">
              <X aria-hidden /> Close Redeem
            </Button>
          </div>
        ) : coupons.isPending ? (
          <p className="text-muted-foreground flex items-center justify-center gap-2 py-10 text-sm" role="status">
            <Loader2 className="size-4 animate-spin" aria-hidden /> Loading coupons...
          </p>
        ) : coupons.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center text-sm">
            <AlertCircle className="text-destructive size-6" aria-hidden />
            <p>{coupons.error.message}</p>
            <Button variant="outline" size="sm" onClick={() => void coupons.refetch()}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-10 text-center">
            <Ticket className="text-muted-foreground size-8" aria-hidden />
            <p className="font-medium">No coupons available</p>
          </div>
        ) : (
          <ul className="-mx-1 grid max-h-[60dvh] gap-2 overflow-y-auto px-1" aria-label="Coupons">
            {items.map((coupon) => (
              <li
                key={coupon.id}
                className="bg-card grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 rounded-lg border p-3 sm:grid-cols-[auto_minmax(0,1fr)_auto_auto]"
              >
                <span
                  className={cn(
                    'flex size-10 shrink-0 items-center justify-center rounded-lg',
                    coupon.isUsed ? 'bg-muted text-muted-foreground' : 'bg-primary/10 text-primary',
                  )}
                  aria-hidden
                >
                  <Ticket className="size-5" />
                </span>
                {/* The whole code, on every screen: it wraps rather than being cut. */}
                <div className="grid min-w-0 gap-0.5">
                  <span className="font-mono text-sm font-semibold tracking-wide break-all select-all">{coupon.code}</span>
                  <time dateTime={coupon.createdAt} className="text-muted-foreground text-xs">
                    {formatDate(coupon.createdAt)}
                  </time>
                </div>
                <Badge variant={coupon.isUsed ? 'outline' : 'default'}>{coupon.isUsed ? 'Used' : 'New'}</Badge>
                <div className="col-span-3 flex justify-end gap-2 sm:col-span-1">
                  <CopyCodeButton code={coupon.code} />
                  {coupon.isUsed ? null : (
                    <Button size="sm" variant="outline" onClick={() => setRedeeming(coupon)} aria-label={`Redeem ${coupon.code}`}>
                      Redeem
                    </Button>
                  )}
                </div>
              </li>
            ))}
            {coupons.hasNextPage ? (
              <li className="flex justify-center pt-1">
                <Button variant="ghost" size="sm" onClick={() => void coupons.fetchNextPage()} disabled={coupons.isFetchingNextPage}>
                  {coupons.isFetchingNextPage ? 'Loading...' : 'Show more'}
                </Button>
              </li>
            ) : null}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

export default CouponsDialog;
