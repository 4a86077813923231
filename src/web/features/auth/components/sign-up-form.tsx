import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { signUpFormSchema } from '@shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { authClient } from '../../../lib/auth-client';
import { useAuthConfig } from '../hooks/use-auth-config';
import { useReturnTo } from '../hooks/use-return-to';
import { sessionQueryKey } from '../hooks/use-session';
import { GoogleSignIn } from './google-button';
import { useResendConfirmation } from './resend-confirmation';

function CheckYourEmail({ email, devOutbox }: { email: string; devOutbox: boolean }) {
  const resend = useResendConfirmation();
  return (
    <div role="status" className="grid gap-3 py-2 text-center">
      <MailCheck className="text-primary mx-auto size-10" aria-hidden />
      <h2 className="text-lg font-semibold">Check your email</h2>
      <p className="text-muted-foreground text-sm">
        We sent a confirmation link to <span className="text-foreground font-medium">{email}</span>. Open it to confirm your address; it
        signs you in.
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
      <Button type="button" variant="outline" disabled={resend.isPending} onClick={() => resend.mutate(email)}>
        {resend.isPending ? 'Sending...' : 'Resend confirmation email'}
      </Button>
    </div>
  );
}

/** Sign Up (SPEC §2 Auth): Full Name, Email, Password, Confirm Password, terms notice, Google. */
export function SignUpForm() {
  const { config } = useAuthConfig();
  const schema = useMemo(() => signUpFormSchema(config.passwordMinLength), [config.passwordMinLength]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { fullName: '', email: '', password: '', confirmPassword: '' },
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
    onError: (error: Error) => toast({ variant: 'destructive', title: 'Sign Up Error', description: error.message }),
  });

  if (sentTo) return <CheckYourEmail email={sentTo} devOutbox={config.devOutbox} />;

  return (
    <div>
      {!config.newRegistrations && (
        <p role="status" className="bg-muted mb-4 rounded-md p-3 text-sm">
          New registrations are closed at the moment. Please try again later.
        </p>
      )}
      <form
        noValidate
        className="grid gap-4"
        aria-label="Sign up"
        onSubmit={form.handleSubmit((v) => signUp.mutate({ name: v.fullName, email: v.email, password: v.password }))}
      >
        <Field label="Full Name" error={errors.fullName?.message} required>
          <Input autoComplete="name" placeholder="Your full name" {...form.register('fullName')} />
        </Field>
        <Field label="Email" error={errors.email?.message} required>
          <Input type="email" autoComplete="email" placeholder="you@example.com" {...form.register('email')} />
        </Field>
        <Field
          label="Password"
          description={`At least ${config.passwordMinLength} characters. A long passphrase is best.`}
          error={errors.password?.message}
          required
        >
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </Field>
        <Field label="Confirm Password" error={errors.confirmPassword?.message} required>
          <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        </Field>
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
