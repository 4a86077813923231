/**
 * 'Set up payouts' in Banking Information (issue 25): choose the bank from the provider's list, enter
 * the account number, see the name the bank holds for it, confirm. The server resolves the name
 * again and creates the provider subaccount that splits each sale (the platform fee, the rest to you).
 */
import { ACCOUNT_NUMBER_MESSAGE } from '@shared/schemas/payments';
import { useQueryClient } from '@tanstack/react-query';
import { Landmark, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useAppConfig } from '../../../lib/app-config';
import { paymentsKeys, resolveAccount, savePayoutAccount, useBanks, usePayoutAccount } from '../api/payments';

export function PayoutsSetup() {
  const config = useAppConfig();
  const account = usePayoutAccount();
  const [open, setOpen] = useState(false);
  if (!config.data || config.data.payments === 'off' || account.isPending) return null;
  const current = account.data?.account ?? null;
  return (
    <div className="mt-6 border-t pt-5" data-testid="payouts">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <Landmark className="text-primary size-4" aria-hidden /> Payouts
      </h3>
      {current ? (
        <p className="mt-1 text-sm">
          Sales settle to <span className="font-medium">{current.bankName}</span> ••••{current.accountNumberEnd},{' '}
          <span className="font-medium">{current.accountName}</span>. IdeaHub keeps {current.platformFeePercent}% of each sale.
        </p>
      ) : (
        <p className="text-muted-foreground mt-1 text-sm">Set up payouts so people can buy your items; each sale settles to your bank account.</p>
      )}
      {open ? (
        <PayoutsForm onDone={() => setOpen(false)} />
      ) : (
        <Button variant="outline" size="sm" className="mt-3" onClick={() => setOpen(true)}>
          {current ? 'Change payout account' : 'Set up payouts'}
        </Button>
      )}
    </div>
  );
}

function PayoutsForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const banks = useBanks(true);
  const client = useQueryClient();
  const [bankCode, setBankCode] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [accountName, setAccountName] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const input = { bankCode, accountNumber: accountNumber.trim() };
  const check = async () => {
    setError('');
    setAccountName(null);
    if (!/^\d{10}$/.test(input.accountNumber)) return setError(ACCOUNT_NUMBER_MESSAGE);
    setBusy(true);
    try {
      setAccountName((await resolveAccount(input)).accountName);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The account could not be checked.');
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    setBusy(true);
    setError('');
    try {
      await savePayoutAccount(input);
      await client.invalidateQueries({ queryKey: paymentsKeys.payout });
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Payouts could not be set up.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-4 grid gap-4 sm:grid-cols-2">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-bank`}>Bank</Label>
        <select
          id={`${id}-bank`}
          className="border-input bg-background h-9 rounded-md border px-3 text-sm shadow-xs"
          value={bankCode}
          onChange={(e) => {
            setBankCode(e.target.value);
            setAccountName(null);
          }}
          disabled={!banks.data}
        >
          <option value="">{banks.isPending ? 'Loading banks…' : 'Choose a bank'}</option>
          {banks.data?.items.map((b) => (
            <option key={b.code} value={b.code}>
              {b.name}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-number`}>Account Number</Label>
        <Input
          id={`${id}-number`}
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          value={accountNumber}
          onChange={(e) => {
            setAccountNumber(e.target.value);
            setAccountName(null);
          }}
        />
      </div>
      {accountName ? (
        <p className="bg-muted/50 rounded-md border px-3 py-2 text-sm sm:col-span-2" role="status">
          Account name: <span className="font-semibold">{accountName}</span>. Is this you?
        </p>
      ) : null}
      {error || banks.error ? (
        <p className="text-destructive text-sm sm:col-span-2" role="alert">
          {error || banks.error?.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button variant="outline" size="sm" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        {accountName ? (
          <Button size="sm" onClick={() => void confirm()} disabled={busy}>
            {busy ? <Loader2 className="animate-spin" aria-hidden /> : null} Confirm and set up payouts
          </Button>
        ) : (
          <Button size="sm" onClick={() => void check()} disabled={busy || !bankCode}>
            {busy ? <Loader2 className="animate-spin" aria-hidden /> : null} Check account
          </Button>
        )}
      </div>
    </div>
  );
}
