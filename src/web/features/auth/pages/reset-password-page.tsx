import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { newPasswordFormSchema } from '@shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { authClient } from '../../../lib/auth-client';
import { AuthShell } from '../components/auth-shell';
import { ForgotPasswordDialog } from '../components/forgot-password-dialog';
import { useAuthConfig } from '../hooks/use-auth-config';
import { newPasswordError } from '../lib/auth-messages';
import { NewPasswordFields } from '../components/new-password-fields';

/** /auth/reset-password?token=…: choose a new password (every session is ended). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  const navigate = useNavigate();
  const { config } = useAuthConfig();
  const schema = useMemo(() => newPasswordFormSchema(config.passwordMinLength), [config.passwordMinLength]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { password: '', confirmPassword: '' } });
  const { errors } = form.formState;

  const reset = useMutation({
    mutationFn: (newPassword: string) => authClient.resetPassword({ token: token ?? '', newPassword }),
    onSuccess: () => {
      toast({ title: 'Password changed', description: 'Sign in with your new password. You were signed out everywhere else.' });
      navigate('/auth', { replace: true });
    },
    onError: (error: Error) => {
      const passwordError = newPasswordError(error);
      if (passwordError) form.setError('password', { type: 'server', message: passwordError }, { shouldFocus: true });
      else toast({ variant: 'destructive', title: 'Password Reset Error', description: error.message });
    },
  });

  if (!token || linkError) {
    return (
      <AuthShell>
        <div className="grid gap-4 text-center">
          <CircleAlert className="text-destructive mx-auto size-10" aria-hidden />
          <h1 className="text-xl font-semibold">This reset link does not work</h1>
          <p className="text-muted-foreground text-sm">
            It is invalid or has expired (reset links work for 1 hour and only once). Ask for a new one.
          </p>
          <div className="flex items-center justify-center gap-4">
            <ForgotPasswordDialog />
            <Link to="/auth" className="text-primary text-sm underline underline-offset-4">
              Go to Sign In
            </Link>
          </div>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell>
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((v) => reset.mutate(v.password))}>
        <div>
          <h1 className="text-xl font-semibold">Choose a new password</h1>
          <p className="text-muted-foreground mt-1 text-sm">You will be signed out on every device, then you can sign in with it.</p>
        </div>
        <NewPasswordFields
          label="New Password"
          minLength={config.passwordMinLength}
          password={form.register('password')}
          confirm={form.register('confirmPassword')}
          errors={{ password: errors.password?.message, confirm: errors.confirmPassword?.message }}
        />
        <Button type="submit" disabled={reset.isPending}>
          {reset.isPending ? 'Saving...' : 'Save new password'}
        </Button>
      </form>
    </AuthShell>
  );
}
