import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useSearchParams } from 'react-router';
import { DEFAULT_AFTER_SIGN_IN, signInPath } from '@shared/rules/return-path';
import { forgotPasswordFormSchema } from '@shared/schemas/auth';
import { FullScreenLoading } from '../../../components/layout/full-screen-loading';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { AuthShell } from '../components/auth-shell';
import { useResendConfirmation } from '../components/resend-confirmation';
import { useReturnTo } from '../hooks/use-return-to';
import { sessionQueryKey, useSession } from '../hooks/use-session';

function linkProblem(code: string): string {
  switch (code.toLowerCase()) {
    case 'token_expired':
      return 'This confirmation link has expired.';
    case 'user_not_found':
      return 'There is no account for this confirmation link any more.';
    default:
      return 'This confirmation link is not valid.';
  }
}

function ResendForm() {
  const resend = useResendConfirmation();
  const form = useForm({ resolver: zodResolver(forgotPasswordFormSchema), defaultValues: { email: '' } });
  return (
    <form noValidate className="grid gap-3 text-left" onSubmit={form.handleSubmit((v) => resend.mutate(v.email))}>
      <Field label="Email" error={form.formState.errors.email?.message} required>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Button type="submit" disabled={resend.isPending}>
        {resend.isPending ? 'Sending...' : 'Send a new confirmation link'}
      </Button>
    </form>
  );
}

/**
 * /auth/verified: where the confirmation link lands (signed in when it worked), then on to the page
 * the person signed up from (`?next=`), else the dashboard.
 */
export default function VerifiedPage() {
  const [params] = useSearchParams();
  const returnTo = useReturnTo();
  const error = params.get('error');
  const queryClient = useQueryClient();
  const session = useSession();
  const [checked, setChecked] = useState(false);

  // The link just set a session cookie: ask again rather than trust a cached "signed out".
  useEffect(() => {
    if (error) return;
    let live = true;
    void queryClient.refetchQueries({ queryKey: sessionQueryKey }).finally(() => {
      if (live) setChecked(true);
    });
    return () => {
      live = false;
    };
  }, [error, queryClient]);

  useEffect(() => {
    if (!error && session.status === 'signed-in') {
      toast({ title: 'Email confirmed', description: 'Welcome to IdeaHub! Your email address is confirmed.' });
    }
  }, [error, session.status]);

  if (error) {
    return (
      <AuthShell>
        <div className="grid gap-4 text-center">
          <CircleAlert className="text-destructive mx-auto size-10" aria-hidden />
          <h1 className="text-xl font-semibold">We could not confirm your email address</h1>
          <p className="text-muted-foreground text-sm">{linkProblem(error)} Ask for a new link below, then open the newest email.</p>
          <ResendForm />
          <Link to={signInPath(returnTo)} className="text-primary text-sm underline underline-offset-4">
            Go to Sign In
          </Link>
        </div>
      </AuthShell>
    );
  }
  if (!checked || session.status === 'loading') return <FullScreenLoading />;
  if (session.status === 'signed-in') return <Navigate to={returnTo ?? DEFAULT_AFTER_SIGN_IN} replace />;
  return (
    <AuthShell>
      <div className="grid gap-4 text-center">
        <CircleCheck className="text-primary mx-auto size-10" aria-hidden />
        <h1 className="text-xl font-semibold">Your email address is confirmed</h1>
        <p className="text-muted-foreground text-sm">Sign in with your email and password to continue.</p>
        <Button asChild>
          <Link to={signInPath(returnTo)}>Sign In</Link>
        </Button>
      </div>
    </AuthShell>
  );
}
