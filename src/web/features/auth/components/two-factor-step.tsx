import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { AUTH_FORM_PATHS } from '@shared/rules/auth-form';
import { withReturnPath } from '@shared/rules/return-path';
import { normalizeBackupCode, TWO_FACTOR_MESSAGES, twoFactorCodeSchema } from '@shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { authClient } from '../../../lib/auth-client';
import { useReturnTo } from '../hooks/use-return-to';
import { sessionQueryKey } from '../hooks/use-session';

/** Answers after which this sign-in is over: the password is asked for again. */
const CHALLENGE_OVER = new Set(['invalid_two_factor_cookie', 'too_many_attempts_request_new_code', 'too_many_requests']);

/**
 * Sign-in's second step, for people who turned on two-factor authentication: the 6-digit code
 * from their authenticator app, or one of their backup codes (each works once).
 */
export function TwoFactorStep({ onSignedIn, onRestart }: { onSignedIn: () => void; onRestart: () => void }) {
  const queryClient = useQueryClient();
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const returnTo = useReturnTo();

  const verify = useMutation({
    mutationFn: authClient.verifySignInCode,
    onSuccess: (user) => {
      queryClient.setQueryData(sessionQueryKey, user);
      onSignedIn();
    },
    onError: (err: Error) => {
      if (err instanceof ApiError && CHALLENGE_OVER.has(err.code)) {
        toast({ variant: 'destructive', title: 'Sign In Error', description: err.message });
        onRestart();
        return;
      }
      setError(err.message);
    },
  });

  const submit = () => {
    setError(null);
    if (backup) {
      const value = normalizeBackupCode(code);
      if (!value) return setError(TWO_FACTOR_MESSAGES.backupCodeRequired);
      return verify.mutate({ code: value, backup: true });
    }
    const parsed = twoFactorCodeSchema.safeParse(code);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? TWO_FACTOR_MESSAGES.codeFormat);
    verify.mutate({ code: parsed.data, backup: false });
  };

  return (
    <div className="grid gap-4">
      <div className="flex items-start gap-3">
        <span className="bg-primary/10 text-primary flex size-10 shrink-0 items-center justify-center rounded-full">
          <ShieldCheck className="size-5" aria-hidden />
        </span>
        <div>
          <h2 className="text-lg font-semibold">Two-factor authentication</h2>
          <p className="text-muted-foreground text-sm">
            {backup ? 'Enter one of the backup codes you saved. Each code works once.' : 'Enter the 6-digit code from your authenticator app.'}
          </p>
        </div>
      </div>
      {/* A plain form post too (the server checks the code and redirects), before or without the page's code. */}
      <form
        noValidate
        method="post"
        action={withReturnPath(AUTH_FORM_PATHS.twoFactor, returnTo)}
        className="grid gap-4"
        aria-label="Two-factor authentication"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field label={backup ? 'Backup code' : 'Authentication code'} error={error} required>
          <Input
            // A new field for each kind of code: the browser offers one-time codes for the first only.
            key={backup ? 'backup' : 'totp'}
            name="code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete={backup ? 'off' : 'one-time-code'}
            inputMode={backup ? 'text' : 'numeric'}
            autoCapitalize="off"
            spellCheck={false}
            maxLength={backup ? 16 : 9}
            placeholder={backup ? 'xxxxx-xxxxx' : '123456'}
            autoFocus
          />
        </Field>
        <Button type="submit" className="w-full" disabled={verify.isPending}>
          {verify.isPending ? 'Verifying...' : 'Verify'}
        </Button>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button
          type="button"
          variant="link"
          className="h-auto px-0"
          onClick={() => {
            setBackup((b) => !b);
            setCode('');
            setError(null);
          }}
        >
          {backup ? 'Use your authenticator app' : 'Use a backup code'}
        </Button>
        <Button type="button" variant="link" className="text-muted-foreground h-auto px-0" onClick={onRestart}>
          Back to sign in
        </Button>
      </div>
    </div>
  );
}
