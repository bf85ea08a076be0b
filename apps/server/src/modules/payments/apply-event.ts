import { and, asc, eq, sql } from 'drizzle-orm';
import type { TPaymentStatus } from '@portal/contracts/fees';
import type { TDatabase } from '../../db/client.ts';
import {
  feeItems,
  paymentAllocations,
  paymentEvents,
  paymentLinks,
  payments,
  wallets,
  walletTransactions,
} from '../../db/schema/index.ts';
import { formatDocumentNumber, takeDocumentNumber } from '../fees/document-numbers.ts';
import type { TOutcome, TProviderEvent } from './provider.ts';
import type { TPaymentRow } from './repository.ts';

/** What a webhook did: applied, a replay of a handled event, or about no payment of ours. */
export type TEventResult = 'applied' | 'unchanged' | 'duplicate' | 'unknown';

/**
 * The state a payment moves to. `succeeded` is never left. Money reported received always
 * wins: `succeeded` after `declined` or `abandoned` (the parent closed the tab, then the
 * bank confirmed) still records the payment. Between `declined` and `abandoned` the first
 * report stays. So whatever order the events arrive in, the final state is the same.
 */
export function nextStatus(current: TPaymentStatus, outcome: TOutcome): TPaymentStatus {
  if (current === 'succeeded' || outcome === 'succeeded') return 'succeeded';
  return current === 'pending' ? outcome : current;
}

type TTx = Parameters<Parameters<TDatabase['transaction']>[0]>[0];

/**
 * Applies a verified provider event in one transaction: the payment row is locked, the event
 * recorded by (provider, event id) (a replay changes nothing), and the outcome applied.
 */
export async function applyProviderEvent(
  db: TDatabase,
  provider: string,
  event: TProviderEvent,
): Promise<{ result: TEventResult; payment: TPaymentRow | null }> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider), eq(payments.providerRef, event.providerRef)))
      .for('update');
    if (!payment) return { result: 'unknown', payment: null };
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ provider, eventId: event.eventId, paymentId: payment.id, type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!fresh) return { result: 'duplicate', payment };
    const next = nextStatus(payment.status, event.type);
    if (next === payment.status) return { result: 'unchanged', payment };
    const completedAt = new Date();
    if (next !== 'succeeded') {
      const [updated] = await tx
        .update(payments)
        .set({ status: next, completedAt })
        .where(eq(payments.id, payment.id))
        .returning();
      return { result: 'applied', payment: updated ?? payment };
    }
    const receiptNo = formatDocumentNumber(
      'receipt',
      await takeDocumentNumber(tx, payment.schoolId, 'receipt'),
    );
    await recordMoney(tx, payment, receiptNo);
    const [updated] = await tx
      .update(payments)
      .set({ status: 'succeeded', receiptNo, completedAt })
      .where(eq(payments.id, payment.id))
      .returning();
    return { result: 'applied', payment: updated ?? payment };
  });
}

/**
 * Books a successful payment: fee lines' paid amounts grow (never past their total), a
 * top-up credits the wallet, a link is marked paid. Money that finds nothing left to pay
 * (a line or link settled meanwhile by another payment) is credited to the child's wallet,
 * so nothing received is lost.
 */
async function recordMoney(tx: TTx, payment: TPaymentRow, receiptNo: string): Promise<void> {
  const excess = new Map<string, number>();
  const addExcess = (enrollNumber: string, amount: number) => {
    if (amount > 0) excess.set(enrollNumber, (excess.get(enrollNumber) ?? 0) + amount);
  };
  const allocations = await tx
    .select()
    .from(paymentAllocations)
    .where(eq(paymentAllocations.paymentId, payment.id))
    .orderBy(asc(paymentAllocations.position));

  if (payment.kind === 'fees') {
    for (const allocation of allocations) {
      if (!allocation.feeItemId) continue;
      const [item] = await tx
        .select({ totalMinor: feeItems.totalMinor, paidMinor: feeItems.paidMinor })
        .from(feeItems)
        .where(and(eq(feeItems.id, allocation.feeItemId), eq(feeItems.schoolId, payment.schoolId)))
        .for('update');
      const room = item ? Math.max(0, item.totalMinor - item.paidMinor) : 0;
      const applied = Math.min(room, allocation.amountMinor);
      if (applied > 0) {
        await tx
          .update(feeItems)
          .set({ paidMinor: sql`${feeItems.paidMinor} + ${applied}` })
          .where(eq(feeItems.id, allocation.feeItemId));
      }
      addExcess(allocation.enrollNumber, allocation.amountMinor - applied);
    }
  } else if (payment.kind === 'topup' && payment.enrollNumber) {
    await creditWallet(tx, payment, payment.enrollNumber, payment.amountMinor, payment.id, {
      en: `Top-up, receipt ${receiptNo}`,
      ar: `شحن الرصيد، الإيصال ${receiptNo}`,
    });
  } else if (payment.kind === 'link' && payment.paymentLinkId) {
    const [link] = await tx
      .select({ enrollNumber: paymentLinks.enrollNumber, paymentId: paymentLinks.paymentId })
      .from(paymentLinks)
      .where(and(eq(paymentLinks.id, payment.paymentLinkId), eq(paymentLinks.schoolId, payment.schoolId)))
      .for('update');
    if (link && link.paymentId === null) {
      await tx
        .update(paymentLinks)
        .set({ paymentId: payment.id })
        .where(eq(paymentLinks.id, payment.paymentLinkId));
    } else if (link && link.paymentId !== payment.id) {
      addExcess(link.enrollNumber, payment.amountMinor);
    }
  }

  for (const [enrollNumber, amount] of excess) {
    // Not tied by payment_id (one wallet row per payment id is reserved for top-ups);
    // the description names the payment and its receipt.
    const number = formatDocumentNumber('payment', payment.docNo);
    await creditWallet(tx, payment, enrollNumber, amount, null, {
      en: `Overpayment of ${number} credited, receipt ${receiptNo}`,
      ar: `رصيد زائد من الدفعة ${number}، الإيصال ${receiptNo}`,
    });
  }
}

async function creditWallet(
  tx: TTx,
  payment: TPaymentRow,
  enrollNumber: string,
  amountMinor: number,
  paymentId: string | null,
  description: { en: string; ar: string },
): Promise<void> {
  const [wallet] = await tx
    .insert(wallets)
    .values({ schoolId: payment.schoolId, enrollNumber, balanceMinor: amountMinor })
    .onConflictDoUpdate({
      target: [wallets.schoolId, wallets.enrollNumber],
      set: { balanceMinor: sql`${wallets.balanceMinor} + ${amountMinor}` },
    })
    .returning({ balanceMinor: wallets.balanceMinor });
  await tx.insert(walletTransactions).values({
    schoolId: payment.schoolId,
    enrollNumber,
    kind: 'topup',
    amountMinor,
    balanceAfterMinor: wallet?.balanceMinor ?? amountMinor,
    descriptionEn: description.en,
    descriptionAr: description.ar,
    paymentId,
  });
}
