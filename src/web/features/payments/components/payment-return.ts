/**
 * Back from checkout (issue 25): the return address sends the buyer to the item with
 * ?payment=<reference>. The toast says what the server recorded for that payment (never the
 * address itself): 'Payment received', or 'Payment not completed'. The item is then read again, so
 * the full description and discussion open.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../components/ui/use-toast';
import { getOwnPayment } from '../api/payments';

export const PAYMENT_RECEIVED = 'Payment received';
export const PAYMENT_NOT_COMPLETED = 'Payment not completed';

export function usePaymentReturn(onPaid: () => void) {
  const [params, setParams] = useSearchParams();
  const reference = params.get('payment');
  const client = useQueryClient();
  // Removing the parameter re-runs the effect with no reference: the answer must still be told.
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (!reference || told.current === reference) return;
    told.current = reference;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('payment');
        return next;
      },
      { replace: true },
    );
    getOwnPayment(reference)
      .then((payment) => {
        if (payment.status === 'success') {
          toast({ title: PAYMENT_RECEIVED, description: 'The full description and the discussion are open to you.' });
          onPaid();
          void client.invalidateQueries({ queryKey: ['payments'] });
        } else toast({ variant: 'destructive', title: PAYMENT_NOT_COMPLETED, description: 'Nothing was charged for this item.' });
      })
      .catch(() => toast({ variant: 'destructive', title: PAYMENT_NOT_COMPLETED }));
    // Once per reference.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reference]);
}
