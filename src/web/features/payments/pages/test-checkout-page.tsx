/**
 * The built-in test checkout (PAYMENTS=test) at /checkout/test/:reference: what a provider's
 * hosted page does, with nothing charged. Pay or Decline settles the transaction on the server,
 * which confirms it as a provider's webhook would, then the buyer goes to the return address.
 */
import { priceText } from '@shared/format';
import { useQuery } from '@tanstack/react-query';
import { FlaskConical, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PageMeta } from '../../../components/layout/page-meta';
import { getTestCheckout, settleTestCheckout } from '../api/payments';

export default function TestCheckoutPage() {
  const { reference = '' } = useParams();
  const query = useQuery({ queryKey: ['payments', 'test-checkout', reference], queryFn: () => getTestCheckout(reference) });
  const [busy, setBusy] = useState<'pay' | 'decline' | null>(null);
  const [error, setError] = useState('');
  const settle = async (outcome: 'pay' | 'decline') => {
    setBusy(outcome);
    setError('');
    try {
      const { returnUrl } = await settleTestCheckout(reference, outcome);
      window.location.assign(returnUrl);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Something went wrong.');
      setBusy(null);
    }
  };
  const t = query.data;
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-20">
      <PageMeta title="Test checkout | IdeaHub" noindex />
      <section className="bg-card text-card-foreground rounded-2xl border p-6 shadow-sm sm:p-8" aria-labelledby="test-checkout-heading">
        <div className="flex items-center gap-3">
          <div className="rounded-full bg-amber-500/15 p-2 text-amber-600 dark:text-amber-400">
            <FlaskConical className="size-5" aria-hidden />
          </div>
          <h1 id="test-checkout-heading" className="text-2xl font-bold tracking-tight">
            Test checkout
          </h1>
        </div>
        <p className="mt-3 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm font-medium">Test payment: no money moves</p>
        {query.isPending ? (
          <p className="text-muted-foreground mt-6 text-sm" role="status">
            Loading…
          </p>
        ) : query.isError || !t ? (
          <p className="text-destructive mt-6 text-sm" role="alert">
            {query.error?.message ?? 'This checkout does not exist.'}
          </p>
        ) : (
          <>
            <dl className="mt-6 grid gap-2 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Amount</dt>
                <dd className="text-2xl font-extrabold tabular-nums" data-testid="test-checkout-amount">
                  {priceText(t.amount, t.currency)}
                </dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Reference</dt>
                <dd className="font-mono text-xs break-all">{t.reference}</dd>
              </div>
            </dl>
            {t.status ? (
              <p className="text-muted-foreground mt-6 text-sm" role="status">
                This checkout is already settled.
              </p>
            ) : (
              <div className="mt-8 grid grid-cols-2 gap-3">
                <Button variant="outline" disabled={busy !== null} onClick={() => void settle('decline')}>
                  {busy === 'decline' ? <Loader2 className="animate-spin" aria-hidden /> : null} Decline
                </Button>
                <Button disabled={busy !== null} onClick={() => void settle('pay')}>
                  {busy === 'pay' ? <Loader2 className="animate-spin" aria-hidden /> : null} Pay
                </Button>
              </div>
            )}
            {error ? (
              <p className="text-destructive mt-4 text-sm" role="alert">
                {error}
              </p>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
