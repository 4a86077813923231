/**
 * Turning on two-factor authentication, in one dialog: the password, then the QR code (or the key
 * to type) for an authenticator app and a first code from it, then the backup codes, shown once,
 * to copy or download. Loaded only when someone starts it (it brings the QR code drawer).
 */
import { useMemo, useState } from 'react';
import { encode } from 'uqr';
import { TWO_FACTOR_MESSAGES, twoFactorCodeSchema } from '@shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import type { TwoFactorSetup as Setup } from '../../../lib/auth-client';
import { useConfirmTwoFactor, useStartTwoFactor } from '../api/two-factor';
import { BackupCodes } from './backup-codes';

type Step = { name: 'password' } | { name: 'scan'; setup: Setup } | { name: 'codes'; codes: string[] };

export default function TwoFactorSetup({ onClose }: { onClose: () => void }) {
  const [step, setStep] = useState<Step>({ name: 'password' });
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const busy = start.isPending || confirm.isPending;

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
    >
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        {step.name === 'password' ? (
          <PasswordStep
            pending={start.isPending}
            error={start.error?.message}
            onCancel={onClose}
            onSubmit={(password) => start.mutate(password, { onSuccess: (setup) => setStep({ name: 'scan', setup }) })}
          />
        ) : step.name === 'scan' ? (
          <ScanStep
            setup={step.setup}
            pending={confirm.isPending}
            error={confirm.error?.message}
            onCancel={onClose}
            onSubmit={(code) => confirm.mutate(code, { onSuccess: () => setStep({ name: 'codes', codes: step.setup.backupCodes }) })}
          />
        ) : (
          <BackupCodes
            codes={step.codes}
            title="Save your backup codes"
            description="Two-factor authentication is on. If you lose your phone, each of these codes signs you in once. Keep them somewhere safe: they are shown only now."
            onDone={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function PasswordStep(props: { pending: boolean; error?: string; onCancel: () => void; onSubmit: (password: string) => void }) {
  const [password, setPassword] = useState('');
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (password) props.onSubmit(password);
      }}
    >
      <DialogHeader>
        <DialogTitle>Turn on two-factor authentication</DialogTitle>
        <DialogDescription>First, confirm your password.</DialogDescription>
      </DialogHeader>
      <Field label="Password" error={props.error} required>
        <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={props.onCancel} disabled={props.pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={!password || props.pending}>
          {props.pending ? 'Checking...' : 'Continue'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The key in the otpauth:// address, in groups of four for typing. */
function typedKey(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

function ScanStep(props: { setup: Setup; pending: boolean; error?: string; onCancel: () => void; onSubmit: (code: string) => void }) {
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const key = typedKey(props.setup.totpURI);
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = twoFactorCodeSchema.safeParse(code);
        setInvalid(parsed.success ? null : (parsed.error.issues[0]?.message ?? TWO_FACTOR_MESSAGES.codeFormat));
        if (parsed.success) props.onSubmit(parsed.data);
      }}
    >
      <DialogHeader>
        <DialogTitle>Scan the QR code</DialogTitle>
        <DialogDescription>
          Scan it with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…), then enter the
          6-digit code the app shows.
        </DialogDescription>
      </DialogHeader>
      <div className="grid justify-items-center gap-3 sm:grid-cols-[auto_1fr] sm:items-center sm:justify-items-start">
        <QrCode value={props.setup.totpURI} label="QR code for your authenticator app" />
        <div className="grid gap-1 text-sm">
          <p className="text-muted-foreground">Can’t scan it? Type this key into the app:</p>
          <code className="bg-muted rounded-md px-2 py-1 font-mono text-sm break-all" data-testid="two-factor-key">
            {key}
          </code>
        </div>
      </div>
      <Field label="6-digit code" error={invalid ?? props.error} required>
        <Input
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={9}
          placeholder="123456"
        />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={props.onCancel} disabled={props.pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={props.pending}>
          {props.pending ? 'Verifying...' : 'Verify'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** A QR code as one SVG path, black on white whatever the theme (scanners need the contrast). */
function QrCode({ value, label }: { value: string; label: string }) {
  const { path, size } = useMemo(() => {
    const { data } = encode(value, { ecc: 'M', border: 2 });
    let d = '';
    data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { path: d, size: data.length };
  }, [value]);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" className="size-44 shrink-0 rounded-md bg-white">
      <path d={path} fill="#000" />
    </svg>
  );
}
