import { and, asc, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { TInvoice, TPayment } from '@portal/contracts/fees';
import type { TDatabase } from '../../db/client.ts';
import { invoices, paymentAllocations, payments } from '../../db/schema/index.ts';
import { withPayments } from './invoice-payments.ts';

/**
 * The signed-in parent's successful payments that paid something for this child, newest
 * first, each with every allocation it made: a payment that also paid for a brother or
 * sister lists their items too, so its items add up to its amount, as on its receipt. A
 * payment belongs to the parent who made it (its receipt and its total are theirs, and it
 * paid only for their children), so a payment by another parent of the same child is not
 * listed; its effect still shows in the fee lines' `paidMinor`.
 */
export async function listChildPayments(
  db: TDatabase,
  schoolId: string,
  parentId: string,
  enrollNumber: string,
): Promise<TPayment[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.schoolId, schoolId),
        eq(payments.parentId, parentId),
        eq(payments.status, 'succeeded'),
        exists(
          db
            .select({ one: sql`1` })
            .from(paymentAllocations)
            .where(
              and(
                eq(paymentAllocations.paymentId, payments.id),
                eq(paymentAllocations.enrollNumber, enrollNumber),
              ),
            ),
        ),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.docNo));
  if (rows.length === 0) return [];
  const allocations = await db
    .select()
    .from(paymentAllocations)
    .where(
      inArray(
        paymentAllocations.paymentId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(paymentAllocations.paymentId), asc(paymentAllocations.position));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    status: row.status,
    docNo: row.docNo,
    amountMinor: row.amountMinor,
    currency: row.currency,
    provider: row.provider,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    receiptNo: row.receiptNo,
    allocations: allocations
      .filter((allocation) => allocation.paymentId === row.id)
      .map((allocation) => ({
        feeItemId: allocation.feeItemId,
        enrollNumber: allocation.enrollNumber,
        nameEn: allocation.nameEn,
        nameAr: allocation.nameAr,
        amountMinor: allocation.amountMinor,
      })),
  }));
}

/** A child's invoices of one kind, newest first, each with what has been paid on it. */
export async function listChildInvoices(
  db: TDatabase,
  schoolId: string,
  enrollNumber: string,
  kind: TInvoice['kind'],
): Promise<TInvoice[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(
      and(eq(invoices.schoolId, schoolId), eq(invoices.enrollNumber, enrollNumber), eq(invoices.kind, kind)),
    )
    .orderBy(desc(invoices.issuedOn), desc(invoices.docNo));
  return withPayments(db, schoolId, rows);
}
