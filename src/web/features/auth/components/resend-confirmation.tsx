import { useMutation } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { authClient } from '../../../lib/auth-client';
import { useReturnTo } from '../hooks/use-return-to';

/** Asks for a new confirmation mail for `email`. */
export function useResendConfirmation() {
  const returnTo = useReturnTo();
  return useMutation({
    mutationFn: (email: string) => authClient.resendConfirmation(email, returnTo),
    onSuccess: (_data, email) =>
      toast({ title: 'Confirmation email sent', description: `We sent a new confirmation link to ${email}. It may take a minute to arrive.` }),
    onError: (error: Error) => toast({ variant: 'destructive', title: 'Could not send the email', description: error.message }),
  });
}

/** Shown after signing in with an address that is not confirmed yet. */
export function UnconfirmedNotice({ email }: { email: string }) {
  const resend = useResendConfirmation();
  return (
    <div role="status" className="border-destructive/30 bg-destructive/5 mt-4 rounded-lg border p-4 text-sm">
      <p className="flex items-start gap-2 font-medium">
        <MailWarning className="text-destructive mt-0.5 size-4 shrink-0" aria-hidden />
        Your email address is not confirmed yet.
      </p>
      <p className="text-muted-foreground mt-1">Open the link in the confirmation email we sent to {email}, or get a new one.</p>
      <Button type="button" variant="outline" size="sm" className="mt-3" disabled={resend.isPending} onClick={() => resend.mutate(email)}>
        {resend.isPending ? 'Sending...' : 'Resend confirmation email'}
      </Button>
    </div>
  );
}
