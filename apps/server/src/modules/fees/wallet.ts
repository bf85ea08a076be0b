import { and, desc, eq } from 'drizzle-orm';
import type { TStoreInvoice, TWallet } from '@portal/contracts/fees';
import type { TDatabase } from '../../db/client.ts';
import { storeInvoices, walletTransactions, wallets } from '../../db/schema/index.ts';

/** How much history a wallet answer carries: the most recent entries. */
export const WALLET_HISTORY_LIMIT = 200;

/** A child's balance (0 before any top-up) and its most recent changes, newest first. */
export async function loadWallet(
  db: TDatabase,
  schoolId: string,
  enrollNumber: string,
): Promise<Pick<TWallet, 'balanceMinor' | 'transactions'>> {
  const [wallet] = await db
    .select({ balanceMinor: wallets.balanceMinor })
    .from(wallets)
    .where(and(eq(wallets.schoolId, schoolId), eq(wallets.enrollNumber, enrollNumber)))
    .limit(1);
  const rows = await db
    .select()
    .from(walletTransactions)
    .where(and(eq(walletTransactions.schoolId, schoolId), eq(walletTransactions.enrollNumber, enrollNumber)))
    .orderBy(desc(walletTransactions.at), desc(walletTransactions.id))
    .limit(WALLET_HISTORY_LIMIT);
  return {
    balanceMinor: wallet?.balanceMinor ?? 0,
    transactions: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      kind: row.kind,
      amountMinor: row.amountMinor,
      balanceAfterMinor: row.balanceAfterMinor,
      descriptionEn: row.descriptionEn,
      descriptionAr: row.descriptionAr,
    })),
  };
}

/** A child's store invoices, newest first (the most recent WALLET_HISTORY_LIMIT). */
export async function listStoreInvoices(
  db: TDatabase,
  schoolId: string,
  enrollNumber: string,
): Promise<TStoreInvoice[]> {
  const rows = await db
    .select()
    .from(storeInvoices)
    .where(and(eq(storeInvoices.schoolId, schoolId), eq(storeInvoices.enrollNumber, enrollNumber)))
    .orderBy(desc(storeInvoices.issuedAt), desc(storeInvoices.docNo))
    .limit(WALLET_HISTORY_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    docNo: row.docNo,
    enrollNumber: row.enrollNumber,
    issuedAt: row.issuedAt.toISOString(),
    currency: row.currency,
    totalMinor: row.totalMinor,
    lines: row.lines as TStoreInvoice['lines'],
  }));
}
