import { randomUUID } from 'node:crypto';
import { sumMinor } from '@portal/contracts/money';
import type { TStoreInvoice } from '@portal/contracts/fees';
import type { TDatabase } from '../client.ts';
import { paymentLinks, storeInvoices, walletTransactions, wallets } from '../schema/index.ts';
import { formatDocumentNumber, takeDocumentNumbers } from '../../modules/fees/document-numbers.ts';
import { TOPUP_LABEL } from '../../modules/fees/labels.ts';
import type { TDemoSchool } from './demo-schools.ts';
import { STORE_ITEMS, TOPUP_MINOR, addDays, at, dayOf } from './fee-plan.ts';
import { seedPayment, type TSeedPayment } from './payments.ts';

type TStoreInvoiceInsert = typeof storeInvoices.$inferInsert & { id: string; issuedAt: Date };
type TTransactionInsert = typeof walletTransactions.$inferInsert;
type TLinkInsert = typeof paymentLinks.$inferInsert;

// Days before today of each child's store purchases (the top-up is 40 days before today).
const PURCHASE_DAYS = [-35, -21, -9, -2] as const;

/**
 * A school's wallets (a top-up, then a few store purchases, the balance never below zero) and
 * payment links (open ones for each family, and at the first family an expired one and, at
 * mogra, a paid one). Answers the payments to number with the school's others, the rows to
 * insert once those payments exist, and a function that numbers the store invoices.
 */
export function planWalletsAndLinks(school: TDemoSchool, now: Date, currency: string) {
  const today = dayOf(now);
  const schoolId = school.schoolId;
  const payments: TSeedPayment[] = [];
  const walletRows: (typeof wallets.$inferInsert)[] = [];
  const invoiceRows: TStoreInvoiceInsert[] = [];
  const transactionRows: TTransactionInsert[] = [];
  const linkRows: TLinkInsert[] = [];
  let childNo = 0;
  for (const [parentIndex, parent] of school.parents.entries()) {
    for (const child of parent.children) {
      const enrollNumber = child.enrollNumber;
      const topup = seedPayment(
        {
          schoolId,
          parentId: parent.parentId,
          kind: 'topup',
          amountMinor: TOPUP_MINOR,
          createdAt: at(addDays(today, -40), 5, 10 + childNo),
          enrollNumber,
        },
        [{ feeItemId: null, enrollNumber, ...TOPUP_LABEL, amountMinor: TOPUP_MINOR }],
      );
      payments.push(topup);
      let balance = TOPUP_MINOR;
      transactionRows.push({
        schoolId,
        enrollNumber,
        at: topup.row.completedAt,
        kind: 'topup',
        amountMinor: TOPUP_MINOR,
        balanceAfterMinor: balance,
        descriptionEn: TOPUP_LABEL.nameEn,
        descriptionAr: TOPUP_LABEL.nameAr,
        paymentId: topup.row.id,
      });
      PURCHASE_DAYS.forEach((days, purchaseIndex) => {
        const lines = purchaseLines(childNo + purchaseIndex);
        const totalMinor = sumMinor(lines.map((line) => line.totalMinor));
        if (totalMinor > balance) return;
        balance -= totalMinor;
        const invoice: TStoreInvoiceInsert = {
          id: randomUUID(),
          schoolId,
          enrollNumber,
          docNo: '',
          issuedAt: at(addDays(today, days), 7 + purchaseIndex, 5 * childNo),
          currency,
          totalMinor,
          lines,
        };
        invoiceRows.push(invoice);
        transactionRows.push({
          schoolId,
          enrollNumber,
          at: invoice.issuedAt,
          kind: 'purchase',
          amountMinor: -totalMinor,
          balanceAfterMinor: balance,
          descriptionEn: `Store purchase: ${lines.map((line) => line.nameEn).join(', ')}`,
          descriptionAr: `شراء من المتجر: ${lines.map((line) => line.nameAr).join('، ')}`,
          storeInvoiceId: invoice.id,
        });
      });
      walletRows.push({ schoolId, enrollNumber, balanceMinor: balance });
      childNo += 1;
    }
    const first = parent.children[0];
    const last = parent.children[parent.children.length - 1];
    if (!first || !last) continue;
    const link = (enrollNumber: string, en: string, ar: string, amountMinor: number, expiresOn: string) => {
      const row = {
        id: randomUUID(),
        schoolId,
        enrollNumber,
        descriptionEn: en,
        descriptionAr: ar,
        amountMinor,
        expiresOn,
        paymentId: null as string | null,
        createdAt: at(addDays(today, -12), 6),
      };
      linkRows.push(row);
      return row;
    };
    link(first.enrollNumber, 'Science museum trip', 'رحلة إلى متحف العلوم', 120_00, addDays(today, 14));
    if (parentIndex !== 0) continue;
    link(
      last.enrollNumber,
      'Replacement for a lost library book',
      'بدل كتاب مكتبة مفقود',
      45_00,
      addDays(today, 30),
    );
    link(
      first.enrollNumber,
      'Swimming gala transport',
      'النقل إلى مهرجان السباحة',
      35_00,
      addDays(today, -10),
    );
    if (schoolId === 'mogra') {
      const paid = link(
        last.enrollNumber,
        'Art workshop materials',
        'مواد ورشة الفنون',
        60_00,
        addDays(today, 20),
      );
      const payment = seedPayment(
        {
          schoolId,
          parentId: parent.parentId,
          kind: 'link',
          amountMinor: paid.amountMinor,
          createdAt: at(addDays(today, -6), 9, 40),
          paymentLinkId: paid.id,
        },
        [
          {
            feeItemId: null,
            enrollNumber: paid.enrollNumber,
            nameEn: paid.descriptionEn,
            nameAr: paid.descriptionAr,
            amountMinor: paid.amountMinor,
          },
        ],
      );
      paid.paymentId = payment.row.id;
      payments.push(payment);
    }
  }

  /** Numbers the store invoices in the order they were issued. */
  const numberStoreInvoices = async (db: TDatabase) => {
    invoiceRows.sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime());
    const numbers = await takeDocumentNumbers(db, schoolId, 'store', invoiceRows.length);
    invoiceRows.forEach(
      (invoice, index) => (invoice.docNo = formatDocumentNumber('store', numbers[index] ?? 0)),
    );
  };
  const rows = {
    wallets: walletRows,
    storeInvoices: invoiceRows,
    transactions: transactionRows,
    links: linkRows,
  };
  return { payments, rows, numberStoreInvoices };
}

/** Inserts the wallets, store invoices, wallet history and links of every school at once. */
export async function insertWalletsAndLinks(
  db: TDatabase,
  all: readonly ReturnType<typeof planWalletsAndLinks>['rows'][],
): Promise<void> {
  const walletRows = all.flatMap((rows) => rows.wallets);
  const invoiceRows = all.flatMap((rows) => rows.storeInvoices);
  const transactionRows = all.flatMap((rows) => rows.transactions);
  const linkRows = all.flatMap((rows) => rows.links);
  if (walletRows.length > 0) await db.insert(wallets).values(walletRows);
  if (invoiceRows.length > 0) await db.insert(storeInvoices).values(invoiceRows);
  if (transactionRows.length > 0) await db.insert(walletTransactions).values(transactionRows);
  if (linkRows.length > 0) await db.insert(paymentLinks).values(linkRows);
}

/** One to three catalogue items, picked by a running number so children differ. */
function purchaseLines(seed: number): TStoreInvoice['lines'] {
  const count = 1 + (seed % 3);
  return Array.from({ length: count }, (_, index) => {
    const item = STORE_ITEMS[(seed * 2 + index * 3) % STORE_ITEMS.length] ?? STORE_ITEMS[0];
    const quantity = 1 + ((seed + index) % 2);
    return {
      nameEn: item.nameEn,
      nameAr: item.nameAr,
      quantity,
      unitMinor: item.unitMinor,
      totalMinor: item.unitMinor * quantity,
    };
  });
}
