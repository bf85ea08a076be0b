import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { TPayment, TPaymentStatus } from '@portal/contracts/fees';
import type { TDatabase } from '../../db/client.ts';
import { parents, paymentAllocations, payments } from '../../db/schema/index.ts';

export type TPaymentRow = typeof payments.$inferSelect;
export type TAllocationRow = typeof paymentAllocations.$inferSelect;

/**
 * A payment still pending this long after it was created is treated as abandoned: the
 * provider's page has expired (Stripe's default is 24 h). A success reported later still
 * counts (apply-event.ts).
 */
export const PENDING_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The status a parent sees: the stored one, except that a stale pending payment is abandoned. */
export function effectiveStatus(row: TPaymentRow, now = new Date()): TPaymentStatus {
  if (row.status === 'pending' && now.getTime() - row.createdAt.getTime() >= PENDING_LIFETIME_MS) {
    return 'abandoned';
  }
  return row.status;
}

export async function findPaymentByKey(
  db: TDatabase,
  schoolId: string,
  parentId: string,
  idempotencyKey: string,
): Promise<TPaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.schoolId, schoolId),
        eq(payments.parentId, parentId),
        eq(payments.idempotencyKey, idempotencyKey),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The payment with this id if it is this parent's (in this school), else null. */
export async function findOwnPayment(
  db: TDatabase,
  schoolId: string,
  parentId: string,
  id: string,
): Promise<TPaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.schoolId, schoolId), eq(payments.parentId, parentId)))
    .limit(1);
  return row ?? null;
}

export async function findPaymentById(db: TDatabase, id: string): Promise<TPaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row ?? null;
}

export async function listAllocations(db: TDatabase, paymentId: string): Promise<TAllocationRow[]> {
  return db
    .select()
    .from(paymentAllocations)
    .where(eq(paymentAllocations.paymentId, paymentId))
    .orderBy(asc(paymentAllocations.position));
}

type TPayer = { schoolId: string; parentId: string };

/** Holds the parent's row until the transaction ends: one payment start at a time per parent. */
export async function lockPayer(tx: TDatabase, payer: TPayer): Promise<void> {
  await tx
    .select({ parentId: parents.parentId })
    .from(parents)
    .where(and(eq(parents.schoolId, payer.schoolId), eq(parents.parentId, payer.parentId)))
    .for('update');
}

/** Pending and not yet stale (`effectiveStatus`): what counts as an open checkout. */
const openOf = (payer: TPayer, now: Date) =>
  and(
    eq(payments.schoolId, payer.schoolId),
    eq(payments.parentId, payer.parentId),
    eq(payments.status, 'pending'),
    gt(payments.createdAt, new Date(now.getTime() - PENDING_LIFETIME_MS)),
  );

/** The parent's open payment that asks for exactly this (the same request hash), if any. */
export async function findOpenPaymentByHash(
  tx: TDatabase,
  payer: TPayer,
  requestHash: string,
  now = new Date(),
): Promise<TPaymentRow | null> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(openOf(payer, now), eq(payments.requestHash, requestHash)))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Ends the parent's oldest open payments as abandoned so that at most `keep` stay open; a
 * success reported for one later still counts (apply-event.ts). Returns how many it ended.
 */
export async function supersedeOpenPayments(
  tx: TDatabase,
  payer: TPayer,
  keep: number,
  now = new Date(),
): Promise<number> {
  const older = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(openOf(payer, now))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .offset(keep);
  if (older.length === 0) return 0;
  await tx
    .update(payments)
    .set({ status: 'abandoned', completedAt: now })
    .where(
      and(
        inArray(
          payments.id,
          older.map((row) => row.id),
        ),
        eq(payments.status, 'pending'),
      ),
    );
  return older.length;
}

/** Records the provider's checkout of a pending payment, once; the row as it now is. */
export async function recordCheckout(
  db: TDatabase,
  id: string,
  checkout: { providerRef: string; redirectUrl: string },
): Promise<TPaymentRow | null> {
  await db
    .update(payments)
    .set({ providerRef: checkout.providerRef, redirectUrl: checkout.redirectUrl })
    .where(and(eq(payments.id, id), isNull(payments.providerRef)));
  return findPaymentById(db, id);
}

/** A payment whose checkout could not be opened ends as abandoned: nothing was charged. */
export async function abandonWithoutCheckout(db: TDatabase, id: string): Promise<TPaymentRow | null> {
  await db
    .update(payments)
    .set({ status: 'abandoned', completedAt: new Date() })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending'), isNull(payments.providerRef)));
  return findPaymentById(db, id);
}

/** The payment as the API shows it. */
export function toPayment(
  row: TPaymentRow,
  allocations: readonly TAllocationRow[],
  now = new Date(),
): TPayment {
  return {
    id: row.id,
    kind: row.kind,
    status: effectiveStatus(row, now),
    docNo: row.docNo,
    amountMinor: row.amountMinor,
    currency: row.currency,
    provider: row.provider,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    receiptNo: row.receiptNo,
    allocations: allocations.map((allocation) => ({
      feeItemId: allocation.feeItemId,
      enrollNumber: allocation.enrollNumber,
      nameEn: allocation.nameEn,
      nameAr: allocation.nameAr,
      amountMinor: allocation.amountMinor,
    })),
  };
}
