import { randomUUID } from 'node:crypto';
import { feeLine, sumMinor } from '@portal/contracts/money';
import type { TInvoice } from '@portal/contracts/fees';
import type { TDatabase } from '../client.ts';
import { feeItems, feeTypes, invoices, schoolFeeSettings } from '../schema/index.ts';
import { formatDocumentNumber, takeDocumentNumbers } from '../../modules/fees/document-numbers.ts';
import type { TStoredInvoiceLine } from '../../modules/fees/invoice-payments.ts';
import { feeLineLabel } from '../../modules/fees/labels.ts';
import { DEMO_ACADEMIC_YEARS, type TDemoParent, type TDemoSchool } from './demo-schools.ts';
import {
  FEE_TYPES,
  FIXED_AMOUNTS,
  INVOICE_LEAD_DAYS,
  MINIMUM_PARTIAL_MINOR,
  SCHOOL_FEE_POLICIES,
  addDays,
  at,
  dayOf,
  feeTypeSpec,
  siblingDiscountMinor,
  termDueDates,
  tuitionMinor,
} from './fee-plan.ts';
import {
  DEMO_CURRENCY,
  insertPayments,
  seedPayment,
  type TSeedAllocation,
  type TSeedPayment,
} from './payments.ts';
import { insertWalletsAndLinks, planWalletsAndLinks } from './wallets.ts';

type TFeeItemInsert = typeof feeItems.$inferInsert & { id: string };
type TInvoiceInsert = typeof invoices.$inferInsert;
const CURRENCY = DEMO_CURRENCY;

/**
 * Seeds fees for every demo school, relative to `now` so the demo always shows paid, due and
 * overdue lines: settings and fee types; each child's year in three terms (sibling discount
 * on tuition), term 1 mostly paid, its uniform line overdue; a line of the previous year still
 * owed by each family's first child; tax invoices for the terms already billed and a proforma
 * for the next; wallets, store purchases and payment links (wallets.ts). Few, batched inserts.
 */
export async function seedFees(db: TDatabase, schools: readonly TDemoSchool[], now: Date): Promise<void> {
  const rows = {
    settings: [] as (typeof schoolFeeSettings.$inferInsert)[],
    types: [] as (typeof feeTypes.$inferInsert)[],
    items: [] as TFeeItemInsert[],
    invoices: [] as TInvoiceInsert[],
  };
  const payments: TSeedPayment[] = [];
  const walletsAndLinks: ReturnType<typeof planWalletsAndLinks>['rows'][] = [];
  for (const school of schools) {
    const policy = SCHOOL_FEE_POLICIES[school.schoolId] ?? {
      vatRegistrationNo: '',
      partial: false,
      scalePerMille: 1000,
    };
    rows.settings.push({
      schoolId: school.schoolId,
      currency: CURRENCY,
      vatRegistrationNo: policy.vatRegistrationNo,
      allowsPartialPayment: policy.partial,
      minimumPartialMinor: policy.partial ? MINIMUM_PARTIAL_MINOR : 0,
    });
    rows.types.push(...FEE_TYPES.map((type) => ({ schoolId: school.schoolId, ...type })));
    const schoolPayments: TSeedPayment[] = [];
    const schoolInvoices: TInvoiceInsert[] = [];
    for (const parent of school.parents) {
      const family = planFamily(school.schoolId, parent, policy, now);
      rows.items.push(...family.items);
      schoolPayments.push(...family.payments);
      schoolInvoices.push(...family.invoices);
    }
    const extras = planWalletsAndLinks(school, now, CURRENCY);
    schoolPayments.push(...extras.payments);
    payments.push(...schoolPayments);
    rows.invoices.push(...schoolInvoices);
    walletsAndLinks.push(extras.rows);
    await extras.numberStoreInvoices(db);
    await numberDocuments(db, school.schoolId, schoolPayments, schoolInvoices);
  }
  await db.insert(schoolFeeSettings).values(rows.settings);
  await db.insert(feeTypes).values(rows.types);
  await db.insert(invoices).values(rows.invoices);
  await db.insert(feeItems).values(rows.items);
  await insertPayments(db, payments);
  await insertWalletsAndLinks(db, walletsAndLinks);
}

/** Numbers payments, receipts and invoices of a school in the order they happened. */
async function numberDocuments(
  db: TDatabase,
  schoolId: string,
  schoolPayments: TSeedPayment[],
  schoolInvoices: TInvoiceInsert[],
): Promise<void> {
  schoolPayments.sort((a, b) => a.row.createdAt.getTime() - b.row.createdAt.getTime());
  const paymentNos = await takeDocumentNumbers(db, schoolId, 'payment', schoolPayments.length);
  const receiptNos = await takeDocumentNumbers(db, schoolId, 'receipt', schoolPayments.length);
  schoolPayments.forEach((payment, index) => {
    payment.row.docNo = paymentNos[index] ?? 0;
    payment.row.receiptNo = formatDocumentNumber('receipt', receiptNos[index] ?? 0);
  });
  schoolInvoices.sort(
    (a, b) => a.issuedOn.localeCompare(b.issuedOn) || a.enrollNumber.localeCompare(b.enrollNumber),
  );
  for (const kind of ['tax', 'proforma'] as const) {
    const series = kind === 'tax' ? 'invoice' : 'proforma';
    const ofKind = schoolInvoices.filter((invoice) => invoice.kind === kind);
    const numbers = await takeDocumentNumbers(db, schoolId, series, ofKind.length);
    ofKind.forEach((invoice, index) => (invoice.docNo = formatDocumentNumber(series, numbers[index] ?? 0)));
  }
}

type TPolicy = { partial: boolean; scalePerMille: number };

/** One family's fee lines, the payments that paid some of them, and their invoices. */
function planFamily(schoolId: string, parent: TDemoParent, policy: TPolicy, now: Date) {
  const today = dayOf(now);
  const [previousYear, currentYear] = DEMO_ACADEMIC_YEARS;
  const dues = termDueDates(currentYear.startsOn, today);
  const previousDue = addDays(previousYear.startsOn, 224);
  const items: TFeeItemInsert[] = [];
  const paidInFull: TFeeItemInsert[] = [];
  let partlyPaid: TFeeItemInsert | null = null;
  parent.children.forEach((child, childIndex) => {
    const grade = Number(child.gradeCode);
    const line = (
      year: string,
      term: number,
      code: string,
      amountMinor: number,
      discountMinor = 0,
      dueOn = dues[term - 1] ?? today,
    ) => {
      const type = feeTypeSpec(code);
      const figures = feeLine({ amountMinor, discountMinor, vatRateBp: type.vatRateBp });
      const item: TFeeItemInsert = {
        id: randomUUID(),
        schoolId,
        enrollNumber: child.enrollNumber,
        academicYear: year,
        term,
        feeTypeCode: code,
        amountMinor,
        discountMinor: figures.discountMinor,
        vatRateBp: type.vatRateBp,
        vatMinor: figures.vatMinor,
        totalMinor: figures.totalMinor,
        paidMinor: 0,
        dueOn,
      };
      items.push(item);
      return item;
    };
    const hasTransport = childIndex % 2 === 0;
    for (const term of [1, 2, 3]) {
      const tuition = tuitionMinor(grade, policy.scalePerMille);
      const tuitionLine = line(
        currentYear.year,
        term,
        'tuition',
        tuition,
        siblingDiscountMinor(tuition, childIndex),
      );
      const transportLine = hasTransport
        ? line(currentYear.year, term, 'transport', FIXED_AMOUNTS.transport ?? 0)
        : null;
      if (term === 1) {
        const books = line(currentYear.year, 1, 'books', FIXED_AMOUNTS.books ?? 0);
        line(currentYear.year, 1, 'uniform', FIXED_AMOUNTS.uniform ?? 0); // left unpaid: overdue
        paidInFull.push(tuitionLine, books, ...(transportLine ? [transportLine] : []));
      }
      if (term === 2) {
        line(currentYear.year, 2, 'activities', FIXED_AMOUNTS.activities ?? 0);
        if (policy.partial && childIndex === 0) partlyPaid = tuitionLine;
      }
    }
    if (childIndex === 0) line(previousYear.year, 3, 'activities', 850_00, 0, previousDue);
  });

  const payments: TSeedPayment[] = [];
  const firstDue = dues[0] ?? today;
  payments.push(feesPayment(schoolId, parent.parentId, paidInFull, at(addDays(firstDue, -5), 6, 30)));
  for (const item of paidInFull) item.paidMinor = item.totalMinor;
  const partial = partlyPaid as TFeeItemInsert | null;
  if (partial) {
    const amount = Math.min(5_000_00, partial.totalMinor);
    payments.push(
      feesPayment(
        schoolId,
        parent.parentId,
        [{ ...partial, totalMinor: amount }],
        at(addDays(today, -3), 8, 15),
      ),
    );
    partial.paidMinor = amount;
  }
  return { items, payments, invoices: planInvoices(schoolId, items, today) };
}

/** A succeeded fee payment of these lines (each for its `totalMinor`). */
function feesPayment(
  schoolId: string,
  parentId: string,
  lines: readonly TFeeItemInsert[],
  createdAt: Date,
): TSeedPayment {
  const allocations: TSeedAllocation[] = lines.map((item) => ({
    feeItemId: item.id,
    enrollNumber: item.enrollNumber,
    ...feeLineLabel(feeTypeSpec(item.feeTypeCode), item.term),
    amountMinor: item.totalMinor,
  }));
  const amountMinor = sumMinor(allocations.map((allocation) => allocation.amountMinor));
  return seedPayment({ schoolId, parentId, kind: 'fees', amountMinor, createdAt }, allocations);
}

/**
 * A tax invoice per child and term already billed (three weeks before its due date), lines
 * copied from the fee lines, which then point at it; a proforma for each child's next term.
 */
function planInvoices(schoolId: string, items: TFeeItemInsert[], today: string): TInvoiceInsert[] {
  const groups = new Map<string, TFeeItemInsert[]>();
  for (const item of items) {
    const key = `${item.enrollNumber}|${item.academicYear}|${item.term}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const result: TInvoiceInsert[] = [];
  const proformaFor = new Set<string>();
  const ordered = [...groups.values()].sort((a, b) => (a[0]?.dueOn ?? '').localeCompare(b[0]?.dueOn ?? ''));
  for (const lines of ordered) {
    const first = lines[0];
    if (!first) continue;
    const issuedOn = addDays(first.dueOn, -INVOICE_LEAD_DAYS);
    const billed = issuedOn <= today;
    if (!billed && proformaFor.has(first.enrollNumber)) continue;
    const invoice = invoiceOf(
      schoolId,
      lines,
      billed ? 'tax' : 'proforma',
      billed ? issuedOn : addDays(today, -2),
    );
    if (billed) for (const line of lines) line.invoiceId = invoice.id;
    else proformaFor.add(first.enrollNumber);
    result.push(invoice);
  }
  return result;
}

function invoiceOf(
  schoolId: string,
  lines: readonly TFeeItemInsert[],
  kind: 'tax' | 'proforma',
  issuedOn: string,
): TInvoiceInsert & { id: string } {
  const invoiceLines: TStoredInvoiceLine[] = lines.map((line) => {
    const type = feeTypeSpec(line.feeTypeCode);
    return {
      feeItemId: line.id,
      nameEn: type.nameEn,
      nameAr: type.nameAr,
      amountMinor: line.amountMinor,
      discountMinor: line.discountMinor ?? 0,
      vatRateBp: line.vatRateBp,
      vatMinor: line.vatMinor,
      totalMinor: line.totalMinor,
    };
  });
  const sum = (pick: (line: TInvoice['lines'][number]) => number) => sumMinor(invoiceLines.map(pick));
  const first = lines[0];
  return {
    id: randomUUID(),
    schoolId,
    enrollNumber: first?.enrollNumber ?? '',
    kind,
    docNo: '',
    issuedOn,
    dueOn: first?.dueOn ?? null,
    currency: CURRENCY,
    subtotalMinor: sum((line) => line.amountMinor),
    discountMinor: sum((line) => line.discountMinor),
    vatMinor: sum((line) => line.vatMinor),
    totalMinor: sum((line) => line.totalMinor),
    lines: invoiceLines,
  };
}
