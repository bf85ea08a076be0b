import { z } from 'zod';
import { ZApiResult } from './api-result.ts';
import { endpoint } from './endpoint.ts';

/**
 * Fees, payments, invoices, payment links and the wallet (docs/product-spec.md section 2 and 7;
 * the answers the spec leaves "not shown" are designed here). Money is always an integer
 * number of minor units (`...Minor`) with the school's ISO 4217 currency beside it.
 */

const ZMinor = z.number().int().nonnegative();
const ZPositiveMinor = z.number().int().positive().max(100_000_000_00);
const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/); // YYYY-MM-DD
const ZInstant = z.string(); // ISO 8601 date and time, UTC
export const ZEnrollNumber = z.string().min(1).max(64);
const ZCurrency = z.string().regex(/^[A-Z]{3}$/);
const ZLanguage = z.enum(['en', 'ar']);

/** `?enrollNumber=`: one of the signed-in parent's children. */
export const ZEnrollQuery = z.object({ enrollNumber: ZEnrollNumber });
/** `?lng=`: the language of a document (PDF). */
export const ZDocumentQuery = z.object({ lng: ZLanguage.default('en') });

export const FEE_STATUSES = ['paid', 'due', 'overdue'] as const;
export type TFeeStatus = (typeof FEE_STATUSES)[number];

/** One line of a child's fee schedule. */
export const ZFeeItem = z.object({
  id: z.uuid(),
  enrollNumber: ZEnrollNumber,
  academicYear: z.string(),
  term: z.number().int().min(1).max(4),
  feeTypeCode: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  amountMinor: ZMinor,
  discountMinor: ZMinor,
  vatRateBp: ZMinor,
  vatMinor: ZMinor,
  totalMinor: ZMinor,
  paidMinor: ZMinor,
  outstandingMinor: ZMinor,
  dueOn: ZDay,
  status: z.enum(FEE_STATUSES),
});
export type TFeeItem = z.infer<typeof ZFeeItem>;

/**
 * What a child owes at a glance. `dueMinor` and `overdueMinor` cover every line still owed,
 * earlier years' arrears included (`earlierMinor` says how much of them is arrears), so the
 * overdue figure always adds up the lines listed as overdue (money.ts `feeStatus`).
 */
export const ZFeeSummary = z.object({
  /** Outstanding and not yet past its due date. */
  dueMinor: ZMinor,
  /** Outstanding and past its due date (in the school's time zone). */
  overdueMinor: ZMinor,
  /** What earlier academic years still owe (part of `dueMinor` + `overdueMinor`). */
  earlierMinor: ZMinor,
  /** Paid so far on this academic year's lines. */
  paidMinor: ZMinor,
  nextDueOn: ZDay.nullable(),
  nextDueMinor: ZMinor,
});
export type TFeeSummary = z.infer<typeof ZFeeSummary>;

/** GET /v1/ppn/fees/fee-details: the current academic year's schedule for one child. */
export const ZFeeDetails = ZApiResult.extend({
  currency: ZCurrency,
  allowsPartialPayment: z.boolean(),
  minimumPartialMinor: ZMinor,
  summary: ZFeeSummary,
  items: z.array(ZFeeItem),
});
export type TFeeDetails = z.infer<typeof ZFeeDetails>;

/** GET /v1/ppn/fees/previous-fee: earlier academic years' lines still owed, and their total. */
export const ZPreviousFees = ZApiResult.extend({
  currency: ZCurrency,
  outstandingMinor: ZMinor,
  items: z.array(ZFeeItem),
});
export type TPreviousFees = z.infer<typeof ZPreviousFees>;

export { PAYMENT_RETURN_PATH } from './constants.ts';

export const PAYMENT_KINDS = ['fees', 'topup', 'link'] as const;
export type TPaymentKind = (typeof PAYMENT_KINDS)[number];
/**
 * `pending`: sent to the provider's page, no result yet; `succeeded`, `declined`, `abandoned`
 * are final. A final state is never left.
 */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'declined', 'abandoned'] as const;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const ZPaymentAllocation = z.object({
  feeItemId: z.uuid().nullable(),
  enrollNumber: ZEnrollNumber,
  nameEn: z.string(),
  nameAr: z.string(),
  amountMinor: ZMinor,
});

export const ZPayment = z.object({
  id: z.uuid(),
  kind: z.enum(PAYMENT_KINDS),
  status: z.enum(PAYMENT_STATUSES),
  /** The payment's document number (from the same series as doc-no). */
  docNo: z.number().int().positive(),
  amountMinor: ZMinor,
  currency: ZCurrency,
  provider: z.string(),
  createdAt: ZInstant,
  completedAt: ZInstant.nullable(),
  /** Set once the payment succeeded. */
  receiptNo: z.string().nullable(),
  allocations: z.array(ZPaymentAllocation),
});
export type TPayment = z.infer<typeof ZPayment>;

/**
 * GET /v1/ppn/fees/paid-details: the child's successful payments, newest first, each with every
 * item it paid (a brother's or sister's too), and the names of the children they name.
 */
export const ZPaidDetails = ZApiResult.extend({
  currency: ZCurrency,
  payments: z.array(ZPayment),
  students: z.array(z.object({ enrollNumber: ZEnrollNumber, name: z.string() })),
});
export type TPaidDetails = z.infer<typeof ZPaidDetails>;

/** POST /v1/ppn/fees/doc-no: `{data:{enrollNumber}}`; the answer body is the number. */
export const ZDocNoRequest = z.object({ data: z.object({ enrollNumber: ZEnrollNumber }) });
export const ZDocNo = z.number().int().positive();

const ZIdempotencyKey = z.uuid();

/**
 * POST /v1/ppn/payments. `idempotencyKey` (a UUID the client makes once per pay action): the
 * same key always answers the same payment and never creates a second one.
 */
export const ZCreatePaymentRequest = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('fees'),
    idempotencyKey: ZIdempotencyKey,
    items: z
      .array(z.object({ feeItemId: z.uuid(), amountMinor: ZPositiveMinor }))
      .min(1)
      .max(100),
  }),
  z.object({
    kind: z.literal('topup'),
    idempotencyKey: ZIdempotencyKey,
    enrollNumber: ZEnrollNumber,
    amountMinor: ZPositiveMinor,
  }),
  z.object({ kind: z.literal('link'), idempotencyKey: ZIdempotencyKey, linkId: z.uuid() }),
]);
export type TCreatePaymentRequest = z.infer<typeof ZCreatePaymentRequest>;

/** The payment, and where to send the browser (the provider's hosted page) while pending. */
export const ZPaymentAnswer = ZApiResult.extend({
  payment: ZPayment,
  redirectUrl: z.string().nullable(),
});
export type TPaymentAnswer = z.infer<typeof ZPaymentAnswer>;

/** Top-up amounts a parent may choose, in minor units. */
export const TOPUP_LIMITS = { minimumMinor: 10_00, maximumMinor: 5_000_00 } as const;

export const INVOICE_KINDS = ['tax', 'proforma'] as const;
/** How much of an invoice is paid (money.ts `invoicePaymentStatus`). */
export const INVOICE_PAYMENT_STATUSES = ['paid', 'partly-paid', 'unpaid'] as const;
export type TInvoicePaymentStatus = (typeof INVOICE_PAYMENT_STATUSES)[number];
export const ZInvoiceLine = z.object({
  nameEn: z.string(),
  nameAr: z.string(),
  amountMinor: ZMinor,
  discountMinor: ZMinor,
  vatRateBp: ZMinor,
  vatMinor: ZMinor,
  totalMinor: ZMinor,
});
export const ZInvoice = z.object({
  id: z.uuid(),
  kind: z.enum(INVOICE_KINDS),
  docNo: z.string(),
  enrollNumber: ZEnrollNumber,
  issuedOn: ZDay,
  dueOn: ZDay.nullable(),
  currency: ZCurrency,
  subtotalMinor: ZMinor,
  discountMinor: ZMinor,
  vatMinor: ZMinor,
  totalMinor: ZMinor,
  lines: z.array(ZInvoiceLine),
  /** What has been paid so far on the fee lines the invoice covers (at most its total). */
  paidMinor: ZMinor,
  /** What is still owed on it: `totalMinor - paidMinor`. */
  balanceMinor: ZMinor,
  paymentStatus: z.enum(INVOICE_PAYMENT_STATUSES),
});
export type TInvoice = z.infer<typeof ZInvoice>;
/** GET /v1/ppn/fees/invoices?enrollNumber=&kind=tax|proforma */
export const ZInvoiceQuery = ZEnrollQuery.extend({ kind: z.enum(INVOICE_KINDS) });
export const ZInvoices = ZApiResult.extend({ invoices: z.array(ZInvoice) });

export const PAYMENT_LINK_STATUSES = ['open', 'paid', 'expired'] as const;
/** A specific amount a school asks a parent to pay (GET /v1/ppn/payment-links[/:id]). */
export const ZPaymentLink = z.object({
  id: z.uuid(),
  enrollNumber: ZEnrollNumber,
  studentName: z.string(),
  descriptionEn: z.string(),
  descriptionAr: z.string(),
  amountMinor: ZMinor,
  currency: ZCurrency,
  expiresOn: ZDay,
  status: z.enum(PAYMENT_LINK_STATUSES),
  paymentId: z.uuid().nullable(),
});
export type TPaymentLink = z.infer<typeof ZPaymentLink>;
export const ZPaymentLinks = ZApiResult.extend({ links: z.array(ZPaymentLink) });
export const ZPaymentLinkAnswer = ZApiResult.extend({ link: ZPaymentLink });

export const ZWalletTransaction = z.object({
  id: z.uuid(),
  at: ZInstant,
  kind: z.enum(['topup', 'purchase']),
  /** Positive for a top-up, negative for a purchase. */
  amountMinor: z.number().int(),
  balanceAfterMinor: ZMinor,
  descriptionEn: z.string(),
  descriptionAr: z.string(),
});
/** GET /v1/ppn/wallet?enrollNumber=: a child's store and canteen balance and its history. */
export const ZWallet = ZApiResult.extend({
  currency: ZCurrency,
  balanceMinor: ZMinor,
  transactions: z.array(ZWalletTransaction),
});
export type TWallet = z.infer<typeof ZWallet>;

export const ZStoreInvoice = z.object({
  id: z.uuid(),
  docNo: z.string(),
  enrollNumber: ZEnrollNumber,
  issuedAt: ZInstant,
  currency: ZCurrency,
  totalMinor: ZMinor,
  lines: z.array(
    z.object({
      nameEn: z.string(),
      nameAr: z.string(),
      quantity: z.number().int().positive(),
      unitMinor: ZMinor,
      totalMinor: ZMinor,
    }),
  ),
});
export type TStoreInvoice = z.infer<typeof ZStoreInvoice>;
/** GET /v1/ppn/wallet/store-invoices?enrollNumber= */
export const ZStoreInvoices = ZApiResult.extend({ invoices: z.array(ZStoreInvoice) });

const ZIdParams = z.object({ id: z.uuid() });

/** The fee family's parent APIs (docs/decisions/018-module-families.md). */
export const feeEndpoints = {
  feeDetails: endpoint({
    method: 'GET',
    path: '/fees/fee-details',
    module: 'feePayment',
    query: ZEnrollQuery,
    response: ZFeeDetails,
  }),
  previousFees: endpoint({
    method: 'GET',
    path: '/fees/previous-fee',
    module: 'feePayment',
    query: ZEnrollQuery,
    response: ZPreviousFees,
  }),
  paidDetails: endpoint({
    method: 'GET',
    path: '/fees/paid-details',
    module: 'feePayment',
    query: ZEnrollQuery,
    response: ZPaidDetails,
  }),
  docNo: endpoint({
    method: 'POST',
    path: '/fees/doc-no',
    module: 'feePayment',
    body: ZDocNoRequest,
    response: ZDocNo,
  }),
  /** Tax invoices; `kind` may be given as `tax` only (proformas have their own path and module). */
  taxInvoices: endpoint({
    method: 'GET',
    path: '/fees/invoices',
    module: 'feeInvoices',
    query: ZEnrollQuery.extend({ kind: z.literal('tax').optional() }),
    response: ZInvoices,
  }),
  proformaInvoices: endpoint({
    method: 'GET',
    path: '/fees/proforma-invoices',
    module: 'proformaInvoice',
    query: ZEnrollQuery,
    response: ZInvoices,
  }),
  paymentLinks: endpoint({
    method: 'GET',
    path: '/payment-links',
    module: 'paymentLink',
    response: ZPaymentLinks,
  }),
  paymentLink: endpoint({
    method: 'GET',
    path: '/payment-links/:id',
    module: 'paymentLink',
    params: ZIdParams,
    response: ZPaymentLinkAnswer,
  }),
  wallet: endpoint({
    method: 'GET',
    path: '/wallet',
    module: 'topUp',
    query: ZEnrollQuery,
    response: ZWallet,
  }),
  storeInvoices: endpoint({
    method: 'GET',
    path: '/wallet/store-invoices',
    module: 'storeInvoice',
    query: ZEnrollQuery,
    response: ZStoreInvoices,
  }),
  /**
   * Starts a payment (any module: the payment's kind decides which it needs); 201 when it made
   * one, 200 when the idempotency key named one already made.
   */
  createPayment: endpoint({
    method: 'POST',
    path: '/payments',
    module: null,
    body: ZCreatePaymentRequest,
    response: ZPaymentAnswer,
    created: true,
  }),
  /** One of the parent's payments (any module: the payment's kind decides what it pays). */
  payment: endpoint({
    method: 'GET',
    path: '/payments/:id',
    module: null,
    params: ZIdParams,
    response: ZPaymentAnswer,
  }),
};
