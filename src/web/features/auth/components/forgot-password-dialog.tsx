import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { forgotPasswordFormSchema } from '@shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { authClient } from '../../../lib/auth-client';

/** 'Forgot password?': asks for a reset link by email. */
export function ForgotPasswordDialog({ defaultEmail = '' }: { defaultEmail?: string }) {
  const [open, setOpen] = useState(false);
  const form = useForm({ resolver: zodResolver(forgotPasswordFormSchema), defaultValues: { email: '' } });
  const request = useMutation({
    mutationFn: (email: string) => authClient.requestPasswordReset(email),
    onSuccess: () => {
      toast({
        title: 'Check your email',
        description: 'If an account uses that address, we sent it a link to choose a new password. The link works for 1 hour.',
      });
      setOpen(false);
    },
    onError: (error: Error) => toast({ variant: 'destructive', title: 'Password Reset Error', description: error.message }),
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) form.reset({ email: defaultEmail });
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" variant="link" size="sm" className="h-auto px-0">
          Forgot password?
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((v) => request.mutate(v.email))}>
          <DialogHeader>
            <DialogTitle>Reset your password</DialogTitle>
            <DialogDescription>Enter the email address of your account and we will send you a link to choose a new password.</DialogDescription>
          </DialogHeader>
          <Field label="Email" error={form.formState.errors.email?.message} required>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={request.isPending}>
              {request.isPending ? 'Sending...' : 'Send reset link'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
