import { Crown, CreditCard, Loader2, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { goToCheckout } from '../../payments';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Progress } from '../../../components/ui/progress';

export const PAY_PER_IDEA_ALERT = 'Pay-per-idea payment integration coming soon!';

/**
 * The unlock dialog for a signed-in person who is not premium (SPEC §4): share more items
 * ('Reach 20', then one more: the heading and the text both say the rule, more than 20 items,
 * with how many they have) or pay for this idea: the same checkout as Buy, or the spec's alert
 * with PAYMENTS=off.
 */
export function UnlockDialog({
  open,
  onOpenChange,
  itemCount,
  threshold,
  ideaId,
  payments,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  itemCount: number | null;
  threshold: number;
  ideaId: string;
  payments: 'off' | 'test' | 'paystack';
}) {
  const navigate = useNavigate();
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState('');
  const pay = async () => {
    if (payments === 'off') return void window.alert(PAY_PER_IDEA_ALERT);
    setPaying(true);
    setPayError('');
    const message = await goToCheckout(ideaId);
    if (message) {
      setPayError(message);
      setPaying(false);
    }
  };
  const count = itemCount ?? 0;
  const needed = Math.max(0, threshold + 1 - count);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Crown className="size-5 text-amber-500" aria-hidden /> Unlock premium content
          </DialogTitle>
          <DialogDescription>
            Premium members read every full description and take part in every discussion. Choose how you would like to unlock it.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <section className="rounded-lg border p-4" aria-labelledby="unlock-reach">
            <div className="flex items-start gap-3">
              <div className="bg-primary/10 text-primary rounded-md p-2">
                <Sparkles className="size-5" aria-hidden />
              </div>
              <div className="min-w-0 flex-1">
                <h3 id="unlock-reach" className="font-semibold">
                  Reach {threshold}, then one more
                </h3>
                <p className="text-muted-foreground mt-1 text-sm">
                  Premium is for members who have shared more than {threshold} ideas and products. You have shared <strong className="text-foreground">{count}</strong> so far
                  {needed > 0 ? (
                    <>
                      {' '}
                      — <strong className="text-foreground">{needed}</strong> more to go.
                    </>
                  ) : (
                    '.'
                  )}
                </p>
                <Progress value={Math.min(count, threshold + 1)} max={threshold + 1} aria-label="Items shared towards premium" className="mt-3" />
                <Button className="mt-4 w-full sm:w-auto" onClick={() => navigate('/create-idea')}>
                  Share an idea
                </Button>
              </div>
            </div>
          </section>
          <section className="rounded-lg border p-4" aria-labelledby="unlock-pay">
            <div className="flex items-start gap-3">
              <div className="bg-muted text-muted-foreground rounded-md p-2">
                <CreditCard className="size-5" aria-hidden />
              </div>
              <div className="min-w-0 flex-1">
                <h3 id="unlock-pay" className="font-semibold">
                  Pay for this idea
                </h3>
                <p className="text-muted-foreground mt-1 text-sm">Unlock just this idea with a one-time payment.</p>
                <Button variant="outline" className="mt-4 w-full sm:w-auto" onClick={() => void pay()} disabled={paying}>
                  {paying ? <Loader2 className="animate-spin" aria-hidden /> : null} Pay to unlock
                </Button>
                {payError ? (
                  <p className="text-destructive mt-2 text-sm" role="alert">
                    {payError}
                  </p>
                ) : null}
              </div>
            </div>
          </section>
        </div>
      </DialogContent>
    </Dialog>
  );
}
