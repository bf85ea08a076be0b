import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { schools } from './schools.ts';
import { students } from './people.ts';

// Money is `bigint` minor units (fils for AED), read as JS numbers (safe far beyond any fee).
const minor = (name: string) => bigint(name, { mode: 'number' });

/** How a school charges: its currency, VAT registration and partial-payment policy. */
export const schoolFeeSettings = pgTable('school_fee_settings', {
  schoolId: text('school_id')
    .primaryKey()
    .references(() => schools.schoolId, { onDelete: 'cascade' }),
  currency: text('currency').notNull().default('AED'),
  /** Tax registration number printed on tax invoices; '' when the school charges no VAT. */
  vatRegistrationNo: text('vat_registration_no').notNull().default(''),
  allowsPartialPayment: boolean('allows_partial_payment').notNull().default(false),
  minimumPartialMinor: minor('minimum_partial_minor').notNull().default(0),
});

/** The kinds of fee a school charges (tuition, transport, books...), with their VAT rate. */
export const feeTypes = pgTable(
  'fee_types',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    /** VAT in basis points (500 = 5%); 0 where the fee is zero-rated or exempt. */
    vatRateBp: integer('vat_rate_bp').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.code] })],
);

/**
 * One line of a child's fee schedule. `vat_minor` and `total_minor` are fixed when the line
 * is created (money.ts `feeLine`); `paid_minor` grows only by successful payments and never
 * passes `total_minor`.
 */
export const feeItems = pgTable(
  'fee_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    enrollNumber: text('enroll_number').notNull(),
    academicYear: text('academic_year').notNull(),
    term: integer('term').notNull(),
    feeTypeCode: text('fee_type_code').notNull(),
    amountMinor: minor('amount_minor').notNull(),
    discountMinor: minor('discount_minor').notNull().default(0),
    vatRateBp: integer('vat_rate_bp').notNull(),
    vatMinor: minor('vat_minor').notNull(),
    totalMinor: minor('total_minor').notNull(),
    paidMinor: minor('paid_minor').notNull().default(0),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** The tax invoice this line was billed on; null while only a proforma covers it. */
    invoiceId: uuid('invoice_id'),
  },
  (t) => [
    foreignKey({
      columns: [t.schoolId, t.enrollNumber],
      foreignColumns: [students.schoolId, students.enrollNumber],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.schoolId, t.feeTypeCode], foreignColumns: [feeTypes.schoolId, feeTypes.code] }),
    index('fee_items_child_idx').on(t.schoolId, t.enrollNumber, t.dueOn),
    check(
      'fee_items_money_check',
      sql`${t.paidMinor} >= 0 and ${t.paidMinor} <= ${t.totalMinor} and ${t.discountMinor} <= ${t.amountMinor}`,
    ),
  ],
);

/**
 * Gap-free numbering per school and series (`payment`, `receipt`, `invoice`, `proforma`,
 * `store`): a number is taken by `update ... set next_no = next_no + 1 returning` inside the
 * transaction that uses it, so a rolled-back use gives its number back.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    series: text('series').notNull(),
    nextNo: bigint('next_no', { mode: 'number' }).notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.series] })],
);

/** Numbers handed out by POST /fees/doc-no, with who asked for which child. */
export const issuedDocumentNumbers = pgTable(
  'issued_document_numbers',
  {
    schoolId: text('school_id').notNull(),
    series: text('series').notNull(),
    docNo: bigint('doc_no', { mode: 'number' }).notNull(),
    parentId: text('parent_id').notNull(),
    enrollNumber: text('enroll_number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.series, t.docNo] })],
);

/** Tax invoices and proforma invoices; lines are copied so a document never changes. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    enrollNumber: text('enroll_number').notNull(),
    kind: text('kind', { enum: ['tax', 'proforma'] }).notNull(),
    docNo: text('doc_no').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }),
    currency: text('currency').notNull(),
    subtotalMinor: minor('subtotal_minor').notNull(),
    discountMinor: minor('discount_minor').notNull(),
    vatMinor: minor('vat_minor').notNull(),
    totalMinor: minor('total_minor').notNull(),
    /** `TInvoice['lines']` of packages/contracts/src/fees.ts. */
    lines: jsonb('lines').notNull(),
  },
  (t) => [
    foreignKey({
      columns: [t.schoolId, t.enrollNumber],
      foreignColumns: [students.schoolId, students.enrollNumber],
    }).onDelete('cascade'),
    uniqueIndex('invoices_school_doc_no_idx').on(t.schoolId, t.kind, t.docNo),
    index('invoices_child_idx').on(t.schoolId, t.enrollNumber, t.kind),
  ],
);

/** A specific amount a school asks a parent to pay, opened from a link after sign-in. */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    enrollNumber: text('enroll_number').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionAr: text('description_ar').notNull(),
    amountMinor: minor('amount_minor').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    /** The successful payment that settled the link. */
    paymentId: uuid('payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.schoolId, t.enrollNumber],
      foreignColumns: [students.schoolId, students.enrollNumber],
    }).onDelete('cascade'),
    index('payment_links_child_idx').on(t.schoolId, t.enrollNumber),
  ],
);

/**
 * A payment a parent started. `(school_id, parent_id, idempotency_key)` is unique: the same
 * key never makes a second payment. `status` leaves `pending` once, to a final state.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    parentId: text('parent_id').notNull(),
    idempotencyKey: uuid('idempotency_key').notNull(),
    /** A digest of the request, so a reused key with a different request is refused. */
    requestHash: text('request_hash').notNull(),
    kind: text('kind', { enum: ['fees', 'topup', 'link'] }).notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'declined', 'abandoned'] }).notNull(),
    docNo: bigint('doc_no', { mode: 'number' }).notNull(),
    amountMinor: minor('amount_minor').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    /** The provider's id of the checkout (sandbox session, Stripe Checkout Session). */
    providerRef: text('provider_ref'),
    redirectUrl: text('redirect_url'),
    /** For `topup`: the child whose wallet is credited. */
    enrollNumber: text('enroll_number'),
    /** For `link`: the link being paid. */
    paymentLinkId: uuid('payment_link_id'),
    receiptNo: text('receipt_no'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_idempotency_idx').on(t.schoolId, t.parentId, t.idempotencyKey),
    uniqueIndex('payments_provider_ref_idx').on(t.provider, t.providerRef),
    index('payments_parent_idx').on(t.schoolId, t.parentId, t.createdAt),
    check('payments_amount_check', sql`${t.amountMinor} > 0`),
  ],
);

/** What a payment pays: a fee line (kind `fees`), a wallet or a link (then `fee_item_id` null). */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    feeItemId: uuid('fee_item_id').references(() => feeItems.id),
    enrollNumber: text('enroll_number').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    amountMinor: minor('amount_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.position] }),
    index('payment_allocations_child_idx').on(t.enrollNumber),
    check('payment_allocations_amount_check', sql`${t.amountMinor} > 0`),
  ],
);

/** Provider events already handled, by the provider's event id: a replay changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: uuid('payment_id'),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** A child's store and canteen balance; never negative. */
export const wallets = pgTable(
  'wallets',
  {
    schoolId: text('school_id').notNull(),
    enrollNumber: text('enroll_number').notNull(),
    balanceMinor: minor('balance_minor').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.enrollNumber] }),
    foreignKey({
      columns: [t.schoolId, t.enrollNumber],
      foreignColumns: [students.schoolId, students.enrollNumber],
    }).onDelete('cascade'),
    check('wallets_balance_check', sql`${t.balanceMinor} >= 0`),
  ],
);

/** Every change of a wallet: a top-up (a payment) or a purchase (a store invoice). */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    enrollNumber: text('enroll_number').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind', { enum: ['topup', 'purchase'] }).notNull(),
    amountMinor: minor('amount_minor').notNull(),
    balanceAfterMinor: minor('balance_after_minor').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionAr: text('description_ar').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    storeInvoiceId: uuid('store_invoice_id'),
  },
  (t) => [
    index('wallet_transactions_child_idx').on(t.schoolId, t.enrollNumber, t.at),
    uniqueIndex('wallet_transactions_payment_idx')
      .on(t.paymentId)
      .where(sql`${t.paymentId} is not null`),
  ],
);

/** What a child bought at the school store or canteen, paid from the wallet. */
export const storeInvoices = pgTable(
  'store_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    enrollNumber: text('enroll_number').notNull(),
    docNo: text('doc_no').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    currency: text('currency').notNull(),
    totalMinor: minor('total_minor').notNull(),
    /** `TStoreInvoice['lines']` of packages/contracts/src/fees.ts. */
    lines: jsonb('lines').notNull(),
  },
  (t) => [
    foreignKey({
      columns: [t.schoolId, t.enrollNumber],
      foreignColumns: [students.schoolId, students.enrollNumber],
    }).onDelete('cascade'),
    uniqueIndex('store_invoices_doc_no_idx').on(t.schoolId, t.docNo),
  ],
);
