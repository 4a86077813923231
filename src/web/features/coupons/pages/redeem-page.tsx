/**
 * /coupons/redeem?code=…&id=… — the built-in redeem page that My Coupons shows in a frame when no
 * COUPON_REDEEM_URL is configured: confirm, then the coupon is marked used on the server.
 */
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, Loader2, Ticket, TriangleAlert } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { redeemCoupon } from '../api/coupons';

export const REDEEM_TEXT = { done: 'Coupon redeemed' } as const;

export default function RedeemPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const id = params.get('id') ?? '';
  const redeem = useMutation({ mutationFn: () => redeemCoupon(id) });

  if (!code || !id) {
    return (
      <Shell icon={<TriangleAlert className="size-7" aria-hidden />} tone="destructive">
        <h1 className="text-xl font-bold">This redeem link is incomplete</h1>
        <p className="text-muted-foreground">Open it again from My Coupons on your dashboard.</p>
      </Shell>
    );
  }

  if (redeem.isSuccess) {
    return (
      <Shell icon={<CircleCheck className="size-7" aria-hidden />} tone="success">
        <h1 className="text-xl font-bold" role="status">
          {REDEEM_TEXT.done}
        </h1>
        <p className="text-muted-foreground">
          <span className="text-foreground font-mono font-semibold">{code}</span> is now marked as used.
        </p>
      </Shell>
    );
  }

  return (
    <Shell icon={<Ticket className="size-7" aria-hidden />} tone="primary">
      <h1 className="text-xl font-bold">Redeem your coupon</h1>
      <p className="bg-muted rounded-lg px-4 py-2 font-mono text-lg font-semibold tracking-wider">{code}</p>
      <p className="text-muted-foreground max-w-sm text-sm">Once redeemed, this coupon is marked as used and cannot be redeemed again.</p>
      {redeem.isError ? (
        <p role="alert" className="text-destructive text-sm font-medium">
          {redeem.error.message}
        </p>
      ) : null}
      <Button onClick={() => redeem.mutate()} disabled={redeem.isPending} size="lg">
        {redeem.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
        {redeem.isPending ? 'Redeeming...' : 'Redeem Coupon'}
      </Button>
    </Shell>
  );
}

function Shell({ icon, tone, children }: { icon: React.ReactNode; tone: 'primary' | 'success' | 'destructive'; children: React.ReactNode }) {
  const toneClass = {
    primary: 'bg-primary/10 text-primary',
    success: 'bg-success/15 text-success',
    destructive: 'bg-destructive/10 text-destructive',
  }[tone];
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-6 py-10 text-center">
      <div className={`rounded-full p-4 ${toneClass}`}>{icon}</div>
      {children}
    </div>
  );
}
