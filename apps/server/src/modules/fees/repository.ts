import { and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { ownChildJoin } from '../../access/own-child.ts';
import type { TDatabase } from '../../db/client.ts';
import { perDatabase } from '../../db/per-database.ts';
import {
  academicYears,
  feeItems,
  feeTypes,
  parentStudents,
  schoolFeeSettings,
} from '../../db/schema/index.ts';

export type TFeeSettings = {
  currency: string;
  vatRegistrationNo: string;
  allowsPartialPayment: boolean;
  minimumPartialMinor: number;
};

/** What a school without its own settings charges in: AED, no VAT number, whole lines only. */
const DEFAULT_SETTINGS: TFeeSettings = {
  currency: 'AED',
  vatRegistrationNo: '',
  allowsPartialPayment: false,
  minimumPartialMinor: 0,
};

/** The school's currency, VAT registration and partial-payment policy. */
export async function feeSettingsOf(db: TDatabase, schoolId: string): Promise<TFeeSettings> {
  const [row] = await db
    .select({
      currency: schoolFeeSettings.currency,
      vatRegistrationNo: schoolFeeSettings.vatRegistrationNo,
      allowsPartialPayment: schoolFeeSettings.allowsPartialPayment,
      minimumPartialMinor: schoolFeeSettings.minimumPartialMinor,
    })
    .from(schoolFeeSettings)
    .where(eq(schoolFeeSettings.schoolId, schoolId))
    .limit(1);
  return row ?? DEFAULT_SETTINGS;
}

/** A fee line with its fee type's names and what it still owes. */
export type TFeeItemRow = {
  id: string;
  schoolId: string;
  enrollNumber: string;
  academicYear: string;
  term: number;
  feeTypeCode: string;
  nameEn: string;
  nameAr: string;
  amountMinor: number;
  discountMinor: number;
  vatRateBp: number;
  vatMinor: number;
  totalMinor: number;
  paidMinor: number;
  outstandingMinor: number;
  dueOn: string;
  invoiceId: string | null;
};

const itemColumns = {
  id: feeItems.id,
  schoolId: feeItems.schoolId,
  enrollNumber: feeItems.enrollNumber,
  academicYear: feeItems.academicYear,
  term: feeItems.term,
  feeTypeCode: feeItems.feeTypeCode,
  nameEn: feeTypes.nameEn,
  nameAr: feeTypes.nameAr,
  amountMinor: feeItems.amountMinor,
  discountMinor: feeItems.discountMinor,
  vatRateBp: feeItems.vatRateBp,
  vatMinor: feeItems.vatMinor,
  totalMinor: feeItems.totalMinor,
  paidMinor: feeItems.paidMinor,
  dueOn: feeItems.dueOn,
  invoiceId: feeItems.invoiceId,
};

/** Oldest due first; within a day by term, fee type and id, so the order is always the same. */
const dueOrder = [asc(feeItems.dueOn), asc(feeItems.term), asc(feeItems.feeTypeCode), asc(feeItems.id)];

function withOutstanding(row: Omit<TFeeItemRow, 'outstandingMinor'>): TFeeItemRow {
  return { ...row, outstandingMinor: Math.max(0, row.totalMinor - row.paidMinor) };
}

function isTransaction(db: TDatabase): boolean {
  return typeof (db as unknown as { rollback?: unknown }).rollback === 'function';
}

/**
 * The fee lines with these ids that belong to one of the parent's own children in this
 * school, in due order, each with what it still owes (possibly 0). Ids of other parents'
 * children, other schools' lines or unknown ids are simply absent from the answer. Given a
 * transaction, the lines are locked (`for update`) until it ends, so two payments cannot
 * spend the same outstanding amount.
 */
export async function listOutstandingItems(
  db: TDatabase,
  schoolId: string,
  parentId: string,
  itemIds: readonly string[],
): Promise<TFeeItemRow[]> {
  if (itemIds.length === 0) return [];
  const query = db
    .select(itemColumns)
    .from(feeItems)
    .innerJoin(parentStudents, ownChildJoin(feeItems, parentId))
    .innerJoin(
      feeTypes,
      and(eq(feeTypes.schoolId, feeItems.schoolId), eq(feeTypes.code, feeItems.feeTypeCode)),
    )
    .where(and(eq(feeItems.schoolId, schoolId), inArray(feeItems.id, [...itemIds])))
    .orderBy(...dueOrder);
  const rows = isTransaction(db) ? await query.for('update', { of: feeItems }) : await query;
  return rows.map(withOutstanding);
}

const owesSomething = gt(sql`${feeItems.totalMinor} - ${feeItems.paidMinor}`, 0);

const childYearQuery = perDatabase((db) =>
  db
    .select({
      ...itemColumns,
      enrollNumber: parentStudents.enrollNumber,
      currency: schoolFeeSettings.currency,
      vatRegistrationNo: schoolFeeSettings.vatRegistrationNo,
      allowsPartialPayment: schoolFeeSettings.allowsPartialPayment,
      minimumPartialMinor: schoolFeeSettings.minimumPartialMinor,
    })
    .from(parentStudents)
    .leftJoin(schoolFeeSettings, eq(schoolFeeSettings.schoolId, parentStudents.schoolId))
    .leftJoin(
      feeItems,
      and(
        eq(feeItems.schoolId, parentStudents.schoolId),
        eq(feeItems.enrollNumber, parentStudents.enrollNumber),
        or(
          eq(feeItems.academicYear, sql.placeholder('academicYear')),
          and(lt(feeItems.academicYear, sql.placeholder('academicYear')), owesSomething),
        ),
      ),
    )
    .leftJoin(
      feeTypes,
      and(eq(feeTypes.schoolId, feeItems.schoolId), eq(feeTypes.code, feeItems.feeTypeCode)),
    )
    .where(
      and(
        eq(parentStudents.schoolId, sql.placeholder('schoolId')),
        eq(parentStudents.parentId, sql.placeholder('parentId')),
        eq(parentStudents.enrollNumber, sql.placeholder('enrollNumber')),
      ),
    )
    .orderBy(...dueOrder)
    .prepare('child_fee_year'),
);

/**
 * In one query: whether the child with this enrolment number is the parent's own (null when
 * not), the school's fee settings, the child's fee lines of that academic year (`items`) and
 * the lines of earlier years that still owe something (`earlier`), each in due order.
 */
export async function findChildFeeYear(
  db: TDatabase,
  session: { schoolId: string; parentId: string },
  enrollNumber: string,
  academicYear: string | null,
): Promise<{
  enrollNumber: string;
  settings: TFeeSettings;
  items: TFeeItemRow[];
  earlier: TFeeItemRow[];
} | null> {
  const rows = await childYearQuery(db).execute({
    schoolId: session.schoolId,
    parentId: session.parentId,
    enrollNumber,
    // No current year: no line matches an empty year code.
    academicYear: academicYear ?? '',
  });
  const first = rows[0];
  if (!first) return null;
  const settings =
    first.currency === null
      ? DEFAULT_SETTINGS
      : {
          currency: first.currency,
          vatRegistrationNo: first.vatRegistrationNo ?? '',
          allowsPartialPayment: first.allowsPartialPayment ?? false,
          minimumPartialMinor: first.minimumPartialMinor ?? 0,
        };
  const items: TFeeItemRow[] = [];
  const earlier: TFeeItemRow[] = [];
  for (const row of rows) {
    if (row.id === null || row.nameEn === null || row.nameAr === null) continue;
    (row.academicYear === academicYear ? items : earlier).push(
      withOutstanding({
        id: row.id,
        schoolId: session.schoolId,
        enrollNumber: first.enrollNumber,
        academicYear: row.academicYear ?? '',
        term: row.term ?? 0,
        feeTypeCode: row.feeTypeCode ?? '',
        nameEn: row.nameEn,
        nameAr: row.nameAr,
        amountMinor: row.amountMinor ?? 0,
        discountMinor: row.discountMinor ?? 0,
        vatRateBp: row.vatRateBp ?? 0,
        vatMinor: row.vatMinor ?? 0,
        totalMinor: row.totalMinor ?? 0,
        paidMinor: row.paidMinor ?? 0,
        dueOn: row.dueOn ?? '',
        invoiceId: row.invoiceId,
      }),
    );
  }
  return { enrollNumber: first.enrollNumber, settings, items, earlier };
}

/**
 * A child's lines of academic years before this one that still owe something, in due order.
 * Years are compared as the school's year codes ('2025' before '2026').
 */
export async function listEarlierOwedItems(
  db: TDatabase,
  schoolId: string,
  enrollNumber: string,
  currentYear: string,
): Promise<TFeeItemRow[]> {
  const rows = await db
    .select(itemColumns)
    .from(feeItems)
    .innerJoin(
      feeTypes,
      and(eq(feeTypes.schoolId, feeItems.schoolId), eq(feeTypes.code, feeItems.feeTypeCode)),
    )
    .where(
      and(
        eq(feeItems.schoolId, schoolId),
        eq(feeItems.enrollNumber, enrollNumber),
        lt(feeItems.academicYear, currentYear),
        owesSomething,
      ),
    )
    .orderBy(...dueOrder);
  return rows.map(withOutstanding);
}

/** The school's current academic year code ('2026'), or the latest one when none is marked current. */
export async function currentAcademicYear(db: TDatabase, schoolId: string): Promise<string | null> {
  const [current] = await db
    .select({ year: academicYears.year })
    .from(academicYears)
    .where(and(eq(academicYears.schoolId, schoolId), eq(academicYears.status, 'C')))
    .limit(1);
  if (current) return current.year;
  const [latest] = await db
    .select({ year: academicYears.year })
    .from(academicYears)
    .where(eq(academicYears.schoolId, schoolId))
    .orderBy(desc(academicYears.startsOn))
    .limit(1);
  return latest?.year ?? null;
}
