import { and, eq, inArray, or } from 'drizzle-orm';
import type { TInvoice } from '@portal/contracts/fees';
import { invoicePaymentStatus, sumMinor } from '@portal/contracts/money';
import type { TDatabase } from '../../db/client.ts';
import { feeItems, type invoices } from '../../db/schema/index.ts';

/** An invoice line as stored: what the invoice prints, and the fee line it bills when known. */
export type TStoredInvoiceLine = TInvoice['lines'][number] & { feeItemId?: string };

type TInvoiceRow = typeof invoices.$inferSelect;

/**
 * Invoices as the parent sees them, each with what has been paid so far on the fee lines it
 * covers (those billed on it and those its lines name), its balance, and whether it is paid,
 * partly paid or unpaid. One query for all of them.
 */
export async function withPayments(
  db: TDatabase,
  schoolId: string,
  rows: readonly TInvoiceRow[],
): Promise<TInvoice[]> {
  if (rows.length === 0) return [];
  const linesOf = (row: TInvoiceRow) => row.lines as TStoredInvoiceLine[];
  const named = rows.flatMap((row) => linesOf(row).flatMap((line) => line.feeItemId ?? []));
  const billed = await db
    .select({ id: feeItems.id, invoiceId: feeItems.invoiceId, paidMinor: feeItems.paidMinor })
    .from(feeItems)
    .where(
      and(
        eq(feeItems.schoolId, schoolId),
        or(
          inArray(
            feeItems.invoiceId,
            rows.map((row) => row.id),
          ),
          named.length > 0 ? inArray(feeItems.id, named) : undefined,
        ),
      ),
    );
  return rows.map((row) => {
    const lineItems = new Set(linesOf(row).flatMap((line) => line.feeItemId ?? []));
    const covered = billed.filter((item) => item.invoiceId === row.id || lineItems.has(item.id));
    const paidMinor = Math.min(row.totalMinor, sumMinor(covered.map((item) => item.paidMinor)));
    return {
      id: row.id,
      kind: row.kind,
      docNo: row.docNo,
      enrollNumber: row.enrollNumber,
      issuedOn: row.issuedOn,
      dueOn: row.dueOn,
      currency: row.currency,
      subtotalMinor: row.subtotalMinor,
      discountMinor: row.discountMinor,
      vatMinor: row.vatMinor,
      totalMinor: row.totalMinor,
      lines: linesOf(row).map(({ feeItemId: _billed, ...line }) => line),
      paidMinor,
      balanceMinor: row.totalMinor - paidMinor,
      paymentStatus: invoicePaymentStatus(row.totalMinor, paidMinor),
    };
  });
}
