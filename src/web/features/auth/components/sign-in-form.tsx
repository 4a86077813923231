import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AUTH_FORM_PATHS } from '@shared/rules/auth-form';
import { withReturnPath } from '@shared/rules/return-path';
import { signInFormSchema } from '@shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { authClient } from '../../../lib/auth-client';
import { useReturnTo } from '../hooks/use-return-to';
import { sessionQueryKey } from '../hooks/use-session';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { GoogleSignIn } from './google-button';
import { UnconfirmedNotice } from './resend-confirmation';
import { TwoFactorStep } from './two-factor-step';

/**
 * Sign In (SPEC §2 Auth): email, password, and Continue with Google; then, for people who turned
 * on two-factor authentication, the code from their authenticator app (or a backup code).
 */
export function SignInForm({ onSignedIn, askCode: startAtCode = false }: { onSignedIn: () => void; askCode?: boolean }) {
  const queryClient = useQueryClient();
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  // A form post whose password was right arrives at the code step (the server set its cookie).
  const [askCode, setAskCode] = useState(startAtCode);
  const returnTo = useReturnTo();
  const form = useForm({ resolver: zodResolver(signInFormSchema), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  const signIn = useMutation({
    mutationFn: authClient.signIn,
    onSuccess: (result) => {
      if (result.status === 'two-factor') {
        setAskCode(true);
        return;
      }
      queryClient.setQueryData(sessionQueryKey, result.user);
      onSignedIn();
    },
    onError: (error: Error, input) => {
      toast({ variant: 'destructive', title: 'Sign In Error', description: error.message });
      setUnconfirmedEmail(error instanceof ApiError && error.code === 'email_not_verified' ? input.email : null);
    },
  });

  if (askCode) {
    return (
      <TwoFactorStep
        onSignedIn={onSignedIn}
        onRestart={() => {
          setAskCode(false);
          form.resetField('password');
        }}
      />
    );
  }

  return (
    <div>
      {/* A plain form post too (the server signs in and redirects), before or without the page's code. */}
      <form
        noValidate
        method="post"
        action={withReturnPath(AUTH_FORM_PATHS.signIn, returnTo)}
        className="grid gap-4"
        aria-label="Sign in"
        onSubmit={form.handleSubmit((values) => {
          setUnconfirmedEmail(null);
          signIn.mutate(values);
        })}
      >
        <Field label="Email" error={errors.email?.message} required>
          <Input type="email" autoComplete="email" placeholder="you@example.com" {...form.register('email')} />
        </Field>
        <Field label="Password" error={errors.password?.message} required>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </Field>
        <Button type="submit" className="w-full" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      {/* Outside the form: React events bubble through portals, and the dialog has its own form. */}
      <div className="mt-2 flex justify-end">
        <ForgotPasswordDialog defaultEmail={form.watch('email')} />
      </div>
      {unconfirmedEmail && <UnconfirmedNotice email={unconfirmedEmail} />}
      <GoogleSignIn />
    </div>
  );
}
