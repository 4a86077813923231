/**
 * The profile page's 'Two-factor authentication' card: turn on codes from an authenticator app
 * (password, QR code or key, a first code, then the backup codes shown once), make new backup
 * codes or turn them off (password). Shown while the admin setting allows it, and to anyone who
 * has it on (so they can turn it off after the setting is switched off; their sign-in still asks
 * for the code). An account that signs in only with Google has no password to set it up with: the
 * card says so instead of offering a set-up it could not finish.
 */
import { KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { TWO_FACTOR_MESSAGES } from '@shared/schemas/auth';
import { lazy, Suspense, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { useAuthConfig } from '../../auth';
import { useDisableTwoFactor, useHasPassword, useNewBackupCodes, useRefreshTwoFactorStatus, useTwoFactorStatus } from '../api/two-factor';
import { BackupCodes } from './backup-codes';

// The set-up (with the QR code drawer) loads only when someone starts it.
const TwoFactorSetup = lazy(() => import('./two-factor-setup'));

export function TwoFactorCard() {
  const { config, loaded } = useAuthConfig();
  const status = useTwoFactorStatus();
  const hasPassword = useHasPassword();
  const refresh = useRefreshTwoFactorStatus();
  const [setupOpen, setSetupOpen] = useState(false);

  if (!loaded || status.data === undefined) return null;
  const enabled = status.data;
  if (!enabled && !config.twoFactor && !setupOpen) return null;
  // Until it is known whether there is a password, offer nothing rather than the wrong thing (if
  // that cannot be known, the set-up is offered and the server answers a Google-only account).
  if (!enabled && hasPassword.isPending) return null;

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
          <div className="flex flex-wrap gap-2">
            <NewBackupCodesDialog />
            <TurnOffDialog />
          </div>
        ) : hasPassword.data === false ? (
          <p className="text-muted-foreground text-sm">{TWO_FACTOR_MESSAGES.googleOnly}</p>
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

/** 'New backup codes': the password, then ten new codes shown once; the old ones stop working. */
function NewBackupCodesDialog() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const make = useNewBackupCodes();
  const close = () => {
    setOpen(false);
    setPassword('');
    make.reset();
  };

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <KeyRound aria-hidden /> New backup codes
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (make.isPending) return;
          if (next) setOpen(true);
          else close();
        }}
      >
        <DialogContent className="max-h-[90dvh] overflow-y-auto">
          {make.data ? (
            <BackupCodes
              codes={make.data}
              title="Save your new backup codes"
              description="Your old backup codes no longer work. Each of these signs you in once if you lose your phone. Keep them somewhere safe: they are shown only now."
              onDone={close}
            />
          ) : (
            <form
              noValidate
              className="grid gap-4"
              onSubmit={(e) => {
                e.preventDefault();
                if (password) make.mutate(password, { onSuccess: () => setPassword('') });
              }}
            >
              <DialogHeader>
                <DialogTitle>New backup codes</DialogTitle>
                <DialogDescription>
                  You get ten new codes and the ones you have stop working. Confirm with your password.
                </DialogDescription>
              </DialogHeader>
              <Field label="Password" error={make.error?.message} required>
                <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
              </Field>
              <DialogFooter>
                <Button type="button" variant="outline" onClick={close} disabled={make.isPending}>
                  Cancel
                </Button>
                <Button type="submit" disabled={!password || make.isPending}>
                  {make.isPending ? 'Making codes...' : 'Make new codes'}
                </Button>
              </DialogFooter>
            </form>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
