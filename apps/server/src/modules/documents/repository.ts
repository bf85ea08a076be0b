import { and, asc, eq, inArray } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@portal/contracts/constants';
import type { TInvoice, TPayment, TStoreInvoice } from '@portal/contracts/fees';
import type { TDatabase } from '../../db/client.ts';
import {
  invoices,
  parents,
  paymentAllocations,
  payments,
  schoolFeeSettings,
  schools,
  storeInvoices,
  students,
} from '../../db/schema/index.ts';
import { withPayments } from '../fees/invoice-payments.ts';
import { findOwnChild } from '../../access/own-child.ts';
import { schoolWide } from '../../access/school.ts';
import { loadLogo } from '../../kits/documents/logo.ts';
import type { TDocumentChild, TDocumentParties } from './types.ts';

type TSession = { schoolId: string; parentId: string };

/**
 * The school (name, logo, VAT registration, time zone) and the signed-in parent, as documents
 * print them.
 */
export async function loadParties(db: TDatabase, session: TSession): Promise<TDocumentParties | null> {
  const shared = await schoolWide(db, session.schoolId);
  const [school] = await db
    .select({
      nameEn: schools.nameEn,
      nameAr: schools.nameAr,
      logoUrl: schools.logoUrl,
      vatRegistrationNo: schoolFeeSettings.vatRegistrationNo,
    })
    .from(schools)
    .leftJoin(schoolFeeSettings, eq(schoolFeeSettings.schoolId, schools.schoolId))
    .where(eq(schools.schoolId, session.schoolId))
    .limit(1);
  const [parent] = await db
    .select({ nameEn: parents.nameEn, nameAr: parents.nameAr })
    .from(parents)
    .where(and(eq(parents.schoolId, session.schoolId), eq(parents.parentId, session.parentId)))
    .limit(1);
  if (!school || !parent) return null;
  return {
    school: {
      nameEn: school.nameEn,
      nameAr: school.nameAr,
      logo: loadLogo(school.logoUrl),
      vatRegistrationNo: school.vatRegistrationNo ?? '',
      timeZone: shared?.timeZone ?? DEFAULT_TIME_ZONE,
    },
    parent,
  };
}

function toDocumentChild(row: typeof students.$inferSelect): TDocumentChild {
  return {
    enrollNumber: row.enrollNumber,
    name: row.fullName,
    gradeEn: [row.gradeNameEn, row.sectionNameEn].filter(Boolean).join(' '),
    gradeAr: [row.gradeNameAr, row.sectionNameAr].filter(Boolean).join(' '),
  };
}

/** The school's students with these enrolment numbers, in the order given. */
export async function loadChildren(
  db: TDatabase,
  schoolId: string,
  enrollNumbers: string[],
): Promise<TDocumentChild[]> {
  const unique = [...new Set(enrollNumbers)];
  if (unique.length === 0) return [];
  const rows = await db
    .select()
    .from(students)
    .where(and(eq(students.schoolId, schoolId), inArray(students.enrollNumber, unique)));
  const byNumber = new Map(rows.map((row) => [row.enrollNumber, toDocumentChild(row)]));
  return unique.map(
    (number) => byNumber.get(number) ?? { enrollNumber: number, name: number, gradeEn: '', gradeAr: '' },
  );
}

/**
 * What a document id is to the signed-in parent: theirs (with what the document shows),
 * someone else's (another family's or another school's), or nothing at all.
 */
export type TLookup<T> = { found: 'own'; value: T } | { found: 'not-yours' } | { found: 'none' };

const none = { found: 'none' } as const;
const notYours = { found: 'not-yours' } as const;

/**
 * The parent's own payment with its receipt number and every allocation, and the children
 * they name. A payment that has not succeeded has no receipt: `none`.
 */
export async function findOwnReceipt(
  db: TDatabase,
  session: TSession,
  paymentId: string,
): Promise<TLookup<{ payment: TPayment; children: TDocumentChild[] }>> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (!row) return none;
  if (row.schoolId !== session.schoolId || row.parentId !== session.parentId) return notYours;
  if (row.status !== 'succeeded' || !row.receiptNo) return none;
  const allocations = await db
    .select()
    .from(paymentAllocations)
    .where(eq(paymentAllocations.paymentId, row.id))
    .orderBy(asc(paymentAllocations.position));
  const payment: TPayment = {
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
    allocations: allocations.map((allocation) => ({
      feeItemId: allocation.feeItemId,
      enrollNumber: allocation.enrollNumber,
      nameEn: allocation.nameEn,
      nameAr: allocation.nameAr,
      amountMinor: allocation.amountMinor,
    })),
  };
  const enrollNumbers = [
    ...(row.enrollNumber ? [row.enrollNumber] : []),
    ...allocations.map((allocation) => allocation.enrollNumber),
  ];
  const children = await loadChildren(db, session.schoolId, enrollNumbers);
  return { found: 'own', value: { payment, children } };
}

/**
 * An invoice of this kind (another kind's id is `none`) of one of the parent's children, with
 * what has been paid on it.
 */
export async function findOwnInvoice(
  db: TDatabase,
  session: TSession,
  id: string,
  kind: TInvoice['kind'],
): Promise<TLookup<{ invoice: TInvoice; child: TDocumentChild }>> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  if (!row) return none;
  if (row.schoolId !== session.schoolId) return notYours;
  if (row.kind !== kind) return none;
  const child = await findOwnChild(db, session, row.enrollNumber);
  if (!child) return notYours;
  const [invoice] = await withPayments(db, session.schoolId, [row]);
  if (!invoice) return none;
  return { found: 'own', value: { invoice, child: toDocumentChild(child) } };
}

/** A store invoice of one of the signed-in parent's children. */
export async function findOwnStoreInvoice(
  db: TDatabase,
  session: TSession,
  id: string,
): Promise<TLookup<{ invoice: TStoreInvoice; child: TDocumentChild }>> {
  const [row] = await db.select().from(storeInvoices).where(eq(storeInvoices.id, id)).limit(1);
  if (!row) return none;
  if (row.schoolId !== session.schoolId) return notYours;
  const child = await findOwnChild(db, session, row.enrollNumber);
  if (!child) return notYours;
  const invoice: TStoreInvoice = {
    id: row.id,
    docNo: row.docNo,
    enrollNumber: row.enrollNumber,
    issuedAt: row.issuedAt.toISOString(),
    currency: row.currency,
    totalMinor: row.totalMinor,
    lines: row.lines as TStoreInvoice['lines'],
  };
  return { found: 'own', value: { invoice, child: toDocumentChild(child) } };
}
