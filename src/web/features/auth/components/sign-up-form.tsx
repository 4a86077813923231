import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { AUTH_FORM_PATHS } from '@shared/rules/auth-form';
import { withReturnPath } from '@shared/rules/return-path';
import { signUpFormSchema } from '@shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { authClient } from '../../../lib/auth-client';
import { useAuthConfig } from '../hooks/use-auth-config';
import { newPasswordError } from '../lib/auth-messages';
import { useReturnTo } from '../hooks/use-return-to';
import { sessionQueryKey } from '../hooks/use-session';
import { GoogleSignIn } from './google-button';
import { useResendConfirmation } from './resend-confirmation';
import { NewPasswordFields } from './new-password-fields';

function CheckYourEmail({ email, devOutbox }: { email: string | null; devOutbox: boolean }) {
  const resend = useResendConfirmation();
  return (
    <div role="status" className="grid gap-3 py-2 text-center">
      <MailCheck className="text-primary mx-auto size-10" aria-hidden />
      <h2 className="text-lg font-semibold">Check your email</h2>
      <p className="text-muted-foreground text-sm">
        We sent a confirmation link to {email ? <span className="text-foreground font-medium">{email}</span> : 'your email address'}. Open it
        to confirm your address; it signs you in.
      </p>
      {devOutbox && (
        <p className="bg-muted rounded-md p-3 text-sm">
          Development: this server has no mail server (SMTP_URL), so the mail is in the{' '}
          <Link to="/dev/outbox" className="text-primary font-medium underline underline-offset-4">
            development outbox
          </Link>
          .
        </p>
      )}
      {email && (
        <Button type="button" variant="outline" disabled={resend.isPending} onClick={() => resend.mutate(email)}>
          {resend.isPending ? 'Sending...' : 'Resend confirmation email'}
        </Button>
      )}
    </div>
  );
}

/**
 * Sign Up (SPEC §2 Auth): Full Name, Email, Password, Confirm Password, terms notice, Google.
 * `sent`: a form post went through (the server sent the confirmation mail).
 */
export function SignUpForm({ sent = false }: { sent?: boolean }) {
  const { config } = useAuthConfig();
  const schema = useMemo(() => signUpFormSchema(config.passwordMinLength), [config.passwordMinLength]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { fullName: '', email: '', password: '', confirmPassword: '', weeklyDigest: true },
  });
  const { errors } = form.formState;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const returnTo = useReturnTo();

  const signUp = useMutation({
    // The confirmation link brings the person back to where they were going.
    mutationFn: (input: Parameters<typeof authClient.signUp>[0]) => authClient.signUp(input, returnTo),
    onSuccess: (_data, input) => {
      toast({ title: 'Success!', description: 'Please check your email to confirm your account.' });
      setSentTo(input.email);
      form.reset();
      // With email verification switched off by an admin, sign-up also signs in: the auth page
      // then moves on (to the return address, or the dashboard).
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    onError: (error: Error) => {
      // A password the server refuses as too common is said under its field.
      const passwordError = newPasswordError(error);
      if (passwordError) form.setError('password', { type: 'server', message: passwordError }, { shouldFocus: true });
      else toast({ variant: 'destructive', title: 'Sign Up Error', description: error.message });
    },
  });

  if (sentTo || sent) return <CheckYourEmail email={sentTo} devOutbox={config.devOutbox} />;

  return (
    <div>
      {!config.newRegistrations && (
        <p role="status" className="bg-muted mb-4 rounded-md p-3 text-sm">
          New registrations are closed at the moment. Please try again later.
        </p>
      )}
      {/* A plain form post too (the server signs up and redirects), before or without the page's code. */}
      <form
        noValidate
        method="post"
        action={withReturnPath(AUTH_FORM_PATHS.signUp, returnTo)}
        className="grid gap-4"
        aria-label="Sign up"
        onSubmit={form.handleSubmit((v) => signUp.mutate({ name: v.fullName, email: v.email, password: v.password, weeklyDigest: v.weeklyDigest === true }))}
      >
        <Field label="Full Name" error={errors.fullName?.message} required>
          <Input autoComplete="name" placeholder="Your full name" {...form.register('fullName')} />
        </Field>
        <Field label="Email" error={errors.email?.message} required>
          <Input type="email" autoComplete="email" placeholder="you@example.com" {...form.register('email')} />
        </Field>
        <NewPasswordFields
          label="Password"
          minLength={config.passwordMinLength}
          password={form.register('password')}
          confirm={form.register('confirmPassword')}
          errors={{ password: errors.password?.message, confirm: errors.confirmPassword?.message }}
        />
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" defaultChecked className="accent-primary mt-0.5 size-4 shrink-0" {...form.register('weeklyDigest')} />
          <span>Send me a weekly digest of new items from the makers and topics I follow</span>
        </label>
        <p className="text-muted-foreground text-xs">
          By creating an account, you agree to our{' '}
          <Link to="/terms" className="text-primary underline underline-offset-4">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className="text-primary underline underline-offset-4">
            Privacy Policy
          </Link>
          .
        </p>
        <Button type="submit" className="w-full" disabled={signUp.isPending}>
          {signUp.isPending ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
      <GoogleSignIn />
    </div>
  );
}
