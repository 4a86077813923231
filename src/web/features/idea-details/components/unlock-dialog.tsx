import { Crown, CreditCard, Sparkles } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Progress } from '../../../components/ui/progress';

export const PAY_PER_IDEA_ALERT = 'Pay-per-idea payment integration coming soon!';

/** '21st', '22nd', '23rd', '24th', '111th'. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/**
 * The unlock dialog for a signed-in person who is not premium (SPEC §4): share more items
 * ('Reach 20', with how many they have; the words agree with the rule: more than 20, so the 21st
 * unlocks it) or pay for this idea (coming soon).
 */
export function UnlockDialog({
  open,
  onOpenChange,
  itemCount,
  threshold,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  itemCount: number | null;
  threshold: number;
}) {
  const navigate = useNavigate();
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
                  Reach {threshold}
                </h3>
                <p className="text-muted-foreground mt-1 text-sm">
                  Premium opens once you have shared more than {threshold} ideas and products: your {ordinal(threshold + 1)} unlocks it. You
                  have shared <strong className="text-foreground">{count}</strong> so far
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
                <Button variant="outline" className="mt-4 w-full sm:w-auto" onClick={() => window.alert(PAY_PER_IDEA_ALERT)}>
                  Pay to unlock
                </Button>
              </div>
            </div>
          </section>
        </div>
      </DialogContent>
    </Dialog>
  );
}
