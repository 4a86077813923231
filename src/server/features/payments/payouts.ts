/**
 * Makers get paid (issue 25 point 4, docs/decisions/0038): a payout account is a bank account the
 * provider resolved (the holder's name, shown for the maker to confirm) and a provider subaccount
 * created with the platform's fee (admin setting platformFeePercent), so each sale is split by the
 * provider: the fee to the platform, the rest settled to the maker.
 */
import { eq } from 'drizzle-orm';
import type { Bank, PayoutAccount, PayoutAccountInput } from '../../../shared/schemas/payments.ts';
import type { Db } from '../../db/client.ts';
import { payoutAccounts, profiles, users } from '../../db/schema.ts';
import { AppError, validationFailed } from '../../lib/errors.ts';
import { getPlatformSettings } from '../../lib/platform-settings.ts';
import type { Viewer } from '../../app-env.ts';
import type { PaymentsDeps } from './service.ts';
import { PAYMENTS_OFF } from './service.ts';

export const ACCOUNT_NOT_RESOLVED = 'The bank could not find this account number. Check the number and the bank.';
export const UNKNOWN_BANK = 'Choose a bank from the list.';

function providerOf(deps: PaymentsDeps) {
  if (!deps.provider) throw new AppError(409, 'payments_off', PAYMENTS_OFF);
  return deps.provider;
}

export async function listBanks(deps: PaymentsDeps): Promise<Bank[]> {
  return providerOf(deps).listBanks();
}

async function bankNamed(deps: PaymentsDeps, bankCode: string): Promise<Bank> {
  const bank = (await listBanks(deps)).find((b) => b.code === bankCode);
  if (!bank) throw validationFailed(UNKNOWN_BANK, { bankCode: [UNKNOWN_BANK] });
  return bank;
}

/** The account holder's name as the bank knows it, for the maker to confirm. */
export async function resolveAccount(deps: PaymentsDeps, input: PayoutAccountInput): Promise<string> {
  await bankNamed(deps, input.bankCode);
  const name = await providerOf(deps).resolveAccount(input.bankCode, input.accountNumber);
  if (!name) throw validationFailed(ACCOUNT_NOT_RESOLVED, { accountNumber: [ACCOUNT_NOT_RESOLVED] });
  return name;
}

const toAccount = (row: typeof payoutAccounts.$inferSelect): PayoutAccount => ({
  bankCode: row.bankCode,
  bankName: row.bankName,
  accountNumberEnd: row.accountNumber.slice(-4),
  accountName: row.accountName,
  platformFeePercent: row.platformFeePercent,
});

export async function ownPayoutAccount(db: Db, viewer: Viewer): Promise<PayoutAccount | null> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, viewer.userId)).limit(1);
  return row ? toAccount(row) : null;
}

/** Resolves the account again (never trusts a name sent by the browser), creates the subaccount, and keeps it (replacing an earlier one). */
export async function setUpPayouts(deps: PaymentsDeps, viewer: Viewer, input: PayoutAccountInput): Promise<PayoutAccount> {
  const provider = providerOf(deps);
  const bank = await bankNamed(deps, input.bankCode);
  const accountName = await resolveAccount(deps, input);
  const settings = await getPlatformSettings(deps.db);
  const [person] = await deps.db
    .select({ name: profiles.fullName, accountName: users.name })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, viewer.userId))
    .limit(1);
  const subaccountCode = await provider.createSubaccount({
    businessName: (person?.name?.trim() || person?.accountName?.trim() || accountName).slice(0, 100),
    bankCode: bank.code,
    accountNumber: input.accountNumber,
    platformFeePercent: settings.platformFeePercent,
  });
  const values = {
    provider: provider.name,
    bankCode: bank.code,
    bankName: bank.name,
    accountNumber: input.accountNumber,
    accountName,
    subaccountCode,
    platformFeePercent: settings.platformFeePercent,
    updatedAt: new Date(),
  };
  const [row] = await deps.db
    .insert(payoutAccounts)
    .values({ userId: viewer.userId, ...values })
    .onConflictDoUpdate({ target: payoutAccounts.userId, set: values })
    .returning();
  return toAccount(row!);
}
