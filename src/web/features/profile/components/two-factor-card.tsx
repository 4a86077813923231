/**
 * The profile page's 'Two-factor authentication' card: turn on codes from an authenticator app
 * (password, QR code or key, a first code, then the backup codes shown once), or turn them off
 * (password). Shown while the admin setting allows it, and to anyone who has it on (so they can
 * turn it off after the setting is switched off; their sign-in still asks for the code).
 */
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { useAuthConfig } from '../../auth/hooks/use-auth-config';
import { useDisableTwoFactor, useRefreshTwoFactorStatus, useTwoFactorStatus } from '../api/two-factor';

// The set-up (with the QR code drawer) loads only when someone starts it.
const TwoFactorSetup = lazy(() => import('./two-factor-setup'));

export function TwoFactorCard() {
  const { config, loaded } = useAuthConfig();
  const status = useTwoFactorStatus();
  const refresh = useRefreshTwoFactorStatus();
  const [setupOpen, setSetupOpen] = useState(false);

  if (!loaded || status.data === undefined) return null;
  const enabled = status.data;
  if (!enabled && !config.twoFactor && !setupOpen) return null;

  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>
          <h2>Two-factor authentication</h2>
        </CardTitle>
        <CardDescription>
          Besides your password, sign-in asks for a 6-digit code from an authenticator app on your phone, so a stolen password
          alone cannot open your account.
        </CardDescription>
        <CardAction>
          <Badge variant={enabled ? 'default' : 'outline'}>{enabled ? 'On' : 'Off'}</Badge>
        </CardAction>
      </CardHeader>
      <CardContent>
        {enabled ? (
          <TurnOffDialog />
        ) : (
          <Button variant="outline" onClick={() => setSetupOpen(true)}>
            <ShieldCheck aria-hidden /> Turn on two-factor authentication
          </Button>
        )}
        {setupOpen ? (
          <Suspense fallback={null}>
            <TwoFactorSetup
              onClose={() => {
                setSetupOpen(false);
                void refresh();
              }}
            />
          </Suspense>
        ) : null}
      </CardContent>
    </Card>
  );
}

function TurnOffDialog() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const disable = useDisableTwoFactor();

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <ShieldOff aria-hidden /> Turn off two-factor authentication
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (disable.isPending) return;
          setOpen(next);
          if (!next) {
            setPassword('');
            disable.reset();
          }
        }}
      >
        <DialogContent>
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              disable.mutate(password, {
                onSuccess: () => {
                  setOpen(false);
                  setPassword('');
                  toast({ title: 'Two-factor authentication is off', description: 'Sign-in asks for your password only.' });
                },
              });
            }}
          >
            <DialogHeader>
              <DialogTitle>Turn off two-factor authentication?</DialogTitle>
              <DialogDescription>Sign-in will ask for your password only. Confirm with your password.</DialogDescription>
            </DialogHeader>
            <Field label="Password" error={disable.error?.message} required>
              <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </Field>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={disable.isPending}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={!password || disable.isPending}>
                {disable.isPending ? 'Turning off...' : 'Turn off'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
