import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { TLanguage } from '@portal/contracts/constants';
import { PAYMENT_RETURN_PATH, type TCreatePaymentRequest, type TPaymentKind } from '@portal/contracts/fees';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { paymentAllocations, payments } from '../../db/schema/index.ts';
import { assertModuleGranted } from '../../plugins/module-access.ts';
import { formatDocumentNumber, takeDocumentNumber } from '../fees/document-numbers.ts';
import { ProviderUnavailableError, type TPaymentProvider } from './provider.ts';
import { planPayment } from './plan-payment.ts';
import {
  abandonWithoutCheckout,
  effectiveStatus,
  findOpenPaymentByHash,
  findPaymentById,
  findPaymentByKey,
  listAllocations,
  lockPayer,
  recordCheckout,
  supersedeOpenPayments,
  type TAllocationRow,
  type TPaymentRow,
} from './repository.ts';

export type TPaymentsContext = {
  db: TDatabase;
  /** Null when online payment is off (production without PAYMENT_PROVIDER). */
  provider: TPaymentProvider | null;
  log: FastifyBaseLogger;
  /** Open (pending) payments a parent may have; starting another ends the oldest. */
  openPerParent: number;
};

export type TSchoolRef = { schoolId: string; nameEn: string; nameAr: string };
type TSession = { schoolId: string; parentId: string };

/** The menu entry whose access a payment of each kind needs. */
export const MODULE_OF_KIND: Record<TPaymentKind, string> = {
  fees: 'feePayment',
  topup: 'topUp',
  link: 'paymentLink',
};

/**
 * How long a repeat of a request waits for the first one to open the checkout (longer than
 * the provider's own timeout) before it opens it itself, under the same idempotency key.
 */
const CHECKOUT_WAIT_MS = 15_000;
const POLL_MS = 50;

export const providerUnavailable = () =>
  new ApiError(
    503,
    MessageId.paymentProviderUnavailable,
    'The payment provider is unavailable; nothing was charged',
  );

/** A digest of what the request asks for (the idempotency key aside; fee lines in any order). */
export function requestHashOf(request: TCreatePaymentRequest): string {
  const canonical =
    request.kind === 'fees'
      ? {
          kind: request.kind,
          items: [...request.items]
            .map((item) => [item.feeItemId, item.amountMinor])
            .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
        }
      : request.kind === 'topup'
        ? { kind: request.kind, enrollNumber: request.enrollNumber, amountMinor: request.amountMinor }
        : { kind: request.kind, linkId: request.linkId };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/** Where the provider sends the browser back, and the language its page speaks. */
export type TReturnTo = { baseUrl: string; language: TLanguage };

/**
 * Creates a payment, or answers the one this idempotency key already made, or the parent's
 * open payment that asks for exactly the same (any key). The row is inserted first (unique
 * per school, parent and key, with its document number, in one transaction); only then is
 * the provider asked for a checkout, outside the transaction.
 */
export async function createPayment(
  ctx: TPaymentsContext,
  session: TSession,
  school: TSchoolRef,
  request: TCreatePaymentRequest,
  returnTo: TReturnTo,
): Promise<{ created: boolean; row: TPaymentRow; allocations: TAllocationRow[] }> {
  await assertModuleGranted(ctx.db, session, MODULE_OF_KIND[request.kind]);
  const provider = ctx.provider;
  if (!provider) throw providerUnavailable();
  const hash = requestHashOf(request);

  let row = await findPaymentByKey(ctx.db, session.schoolId, session.parentId, request.idempotencyKey);
  let created = false;
  if (!row) {
    try {
      const inserted = await insertPayment(ctx, session, request, hash, provider.name);
      row = inserted?.row ?? null;
      created = inserted?.created ?? false;
    } catch (error) {
      // A request refused now may be the repeat of one accepted a moment ago.
      if (!(error instanceof ApiError)) throw error;
      row = await findPaymentByKey(ctx.db, session.schoolId, session.parentId, request.idempotencyKey);
      if (!row) throw error;
    }
    row ??= await findPaymentByKey(ctx.db, session.schoolId, session.parentId, request.idempotencyKey);
    if (!row) throw new Error('The payment of a used idempotency key is missing');
  }
  if (row.requestHash !== hash) {
    throw new ApiError(
      409,
      MessageId.idempotencyKeyReused,
      'This idempotency key was used for a different payment',
    );
  }

  const allocations = await listAllocations(ctx.db, row.id);
  const checkout = {
    ctx,
    provider,
    school,
    allocations,
    returnTo,
    customer: `${session.schoolId}:${session.parentId}`,
  };
  row = created ? await openCheckout(checkout, row, true) : await settleCheckout(checkout, row);
  if (row.providerRef === null && effectiveStatus(row) !== 'pending') throw providerUnavailable();
  return { created, row, allocations };
}

/**
 * Inserts the payment and its allocations, one start at a time per parent: the parent's open
 * payment asking for the same is answered instead (`created: false`), and past the limit the
 * oldest open ones are ended first. Null when a concurrent request inserted the key first.
 */
async function insertPayment(
  ctx: TPaymentsContext,
  session: TSession,
  request: TCreatePaymentRequest,
  requestHash: string,
  providerName: string,
): Promise<{ row: TPaymentRow; created: boolean } | null> {
  const taken = Symbol('key taken');
  try {
    return await ctx.db.transaction(async (trx) => {
      const tx = trx as unknown as TDatabase;
      await lockPayer(tx, session);
      // Checked first: an open payment is answered again only while its request still holds.
      const plan = await planPayment(tx, session, request);
      const same = await findOpenPaymentByHash(tx, session, requestHash);
      if (same) return { row: same, created: false };
      await supersedeOpenPayments(tx, session, ctx.openPerParent - 1);
      const docNo = await takeDocumentNumber(tx, session.schoolId, 'payment');
      const [row] = await tx
        .insert(payments)
        .values({
          schoolId: session.schoolId,
          parentId: session.parentId,
          idempotencyKey: request.idempotencyKey,
          requestHash,
          kind: request.kind,
          status: 'pending',
          docNo,
          amountMinor: plan.amountMinor,
          currency: plan.currency,
          provider: providerName,
          enrollNumber: plan.enrollNumber,
          paymentLinkId: plan.paymentLinkId,
        })
        .onConflictDoNothing({ target: [payments.schoolId, payments.parentId, payments.idempotencyKey] })
        .returning();
      // Rolling back gives the document number back.
      if (!row) throw taken;
      await tx
        .insert(paymentAllocations)
        .values(
          plan.allocations.map((allocation, position) => ({ paymentId: row.id, position, ...allocation })),
        );
      return { row, created: true };
    });
  } catch (error) {
    if (error === taken) return null;
    throw error;
  }
}

type TCheckoutJob = {
  ctx: TPaymentsContext;
  provider: TPaymentProvider;
  school: TSchoolRef;
  allocations: TAllocationRow[];
  returnTo: TReturnTo;
  customer: string;
};

/**
 * Asks the provider for the payment's checkout. If it cannot: 503 F007, and the request that
 * created the payment ends it as abandoned (nothing was charged; a new attempt needs a new
 * key). A repeat taking over leaves it pending, as another repeat may be opening it now.
 */
async function openCheckout(
  job: TCheckoutJob,
  row: TPaymentRow,
  abandonOnFailure: boolean,
): Promise<TPaymentRow> {
  const { ctx, provider, school, returnTo } = job;
  const returnUrl = `${returnTo.baseUrl}${PAYMENT_RETURN_PATH}?payment=${row.id}`;
  const description = descriptionOf(row, job.allocations);
  try {
    const checkout = await provider.createCheckout({
      paymentId: row.id,
      amountMinor: row.amountMinor,
      currency: row.currency,
      description: description.en,
      descriptionAr: description.ar,
      returnUrl,
      cancelUrl: `${returnUrl}&cancelled=1`,
      idempotencyKey: row.id,
      merchant: { nameEn: school.nameEn, nameAr: school.nameAr },
      customer: job.customer,
      language: returnTo.language,
    });
    return (await recordCheckout(ctx.db, row.id, checkout)) ?? row;
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    ctx.log.warn({ err: error, paymentId: row.id }, 'payment provider did not open a checkout');
    if (abandonOnFailure) await abandonWithoutCheckout(ctx.db, row.id);
    throw providerUnavailable();
  }
}

/**
 * A repeat waits while the first request opens the checkout; if that request seems gone
 * (no checkout after the wait), the repeat opens it, under the same provider idempotency key.
 */
async function settleCheckout(job: TCheckoutJob, first: TPaymentRow): Promise<TPaymentRow> {
  let row = first;
  while (row.providerRef === null && effectiveStatus(row) === 'pending') {
    if (Date.now() - row.createdAt.getTime() >= CHECKOUT_WAIT_MS) return openCheckout(job, row, false);
    await sleep(POLL_MS);
    row = (await findPaymentById(job.ctx.db, row.id)) ?? row;
  }
  return row;
}

/** What the provider's page and statement show, in English and Arabic. */
function descriptionOf(row: TPaymentRow, allocations: readonly TAllocationRow[]): { en: string; ar: string } {
  const number = formatDocumentNumber('payment', row.docNo);
  const [only] = allocations;
  if (allocations.length === 1 && only)
    return { en: `${only.nameEn} ${number}`, ar: `${only.nameAr} ${number}` };
  return {
    en: `School fees, ${allocations.length} lines ${number}`,
    ar: `رسوم مدرسية، عدد البنود ${allocations.length} ${number}`,
  };
}
