import { and, eq, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { documentCounters } from '../../db/schema/index.ts';

/** The numbered series of documents; each school counts each series from 1. */
export const DOCUMENT_SERIES = ['payment', 'receipt', 'invoice', 'proforma', 'store'] as const;
export type TDocumentSeries = (typeof DOCUMENT_SERIES)[number];

/** A database or an open transaction: whatever takes the number must run in the transaction that uses it. */
export type TQueryable = Pick<TDatabase, 'insert' | 'update' | 'select' | 'execute'>;

/**
 * Takes the next number of a school's series. The counter row is locked by the update until
 * the surrounding transaction ends, so concurrent callers get distinct, consecutive numbers,
 * and a rolled-back transaction gives its number back (no gaps).
 */
export async function takeDocumentNumber(
  tx: TQueryable,
  schoolId: string,
  series: TDocumentSeries,
): Promise<number> {
  await tx
    .insert(documentCounters)
    .values({ schoolId, series, nextNo: 1 })
    .onConflictDoNothing({ target: [documentCounters.schoolId, documentCounters.series] });
  const [row] = await tx
    .update(documentCounters)
    .set({ nextNo: sql`${documentCounters.nextNo} + 1` })
    .where(and(eq(documentCounters.schoolId, schoolId), eq(documentCounters.series, series)))
    .returning({ taken: sql<number>`${documentCounters.nextNo} - 1` });
  if (!row) throw new Error(`No counter for ${schoolId}/${series}`);
  return Number(row.taken);
}

/**
 * Takes the next `count` numbers of a school's series at once (consecutive, ascending), with
 * the same guarantees as `takeDocumentNumber`: for numbering many documents in one go.
 */
export async function takeDocumentNumbers(
  tx: TQueryable,
  schoolId: string,
  series: TDocumentSeries,
  count: number,
): Promise<number[]> {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError('count must be a whole number');
  if (count === 0) return [];
  await tx
    .insert(documentCounters)
    .values({ schoolId, series, nextNo: 1 })
    .onConflictDoNothing({ target: [documentCounters.schoolId, documentCounters.series] });
  const [row] = await tx
    .update(documentCounters)
    .set({ nextNo: sql`${documentCounters.nextNo} + ${count}` })
    .where(and(eq(documentCounters.schoolId, schoolId), eq(documentCounters.series, series)))
    .returning({ first: sql<number>`${documentCounters.nextNo} - ${count}` });
  if (!row) throw new Error(`No counter for ${schoolId}/${series}`);
  const first = Number(row.first);
  return Array.from({ length: count }, (_, index) => first + index);
}

/** How a number is printed on a document: `RCT-000123`. */
export function formatDocumentNumber(series: TDocumentSeries, docNo: number): string {
  const prefix = { payment: 'PAY', receipt: 'RCT', invoice: 'INV', proforma: 'PRO', store: 'STR' }[series];
  return `${prefix}-${String(docNo).padStart(6, '0')}`;
}
