import { feeStatus, sumMinor } from '@portal/contracts/money';
import type { TFeeItem, TFeeSummary } from '@portal/contracts/fees';
import type { TFeeItemRow } from './repository.ts';

/** Today as the server counts fee states: the UTC day (YYYY-MM-DD). */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** A fee line as the parent sees it, with its state on `today`. */
export function toFeeItem(row: TFeeItemRow, today: string): TFeeItem {
  return {
    id: row.id,
    enrollNumber: row.enrollNumber,
    academicYear: row.academicYear,
    term: row.term,
    feeTypeCode: row.feeTypeCode,
    nameEn: row.nameEn,
    nameAr: row.nameAr,
    amountMinor: row.amountMinor,
    discountMinor: row.discountMinor,
    vatRateBp: row.vatRateBp,
    vatMinor: row.vatMinor,
    totalMinor: row.totalMinor,
    paidMinor: row.paidMinor,
    outstandingMinor: row.outstandingMinor,
    dueOn: row.dueOn,
    status: feeStatus(row, today),
  };
}

/**
 * The summary of a schedule: what is owed and not yet late (`due`), owed and late
 * (`overdue`), paid so far, and the next due date still ahead (today or later) with what the
 * lines due that day still owe; null and 0 when nothing is owed ahead.
 */
export function summarize(items: readonly TFeeItem[]): TFeeSummary {
  const owing = (status: TFeeItem['status']) =>
    sumMinor(items.filter((item) => item.status === status).map((item) => item.outstandingMinor));
  const ahead = items.filter((item) => item.status === 'due' && item.outstandingMinor > 0);
  const nextDueOn = ahead.reduce<string | null>(
    (earliest, item) => (earliest === null || item.dueOn < earliest ? item.dueOn : earliest),
    null,
  );
  return {
    dueMinor: owing('due'),
    overdueMinor: owing('overdue'),
    paidMinor: sumMinor(items.map((item) => item.paidMinor)),
    nextDueOn,
    nextDueMinor: sumMinor(
      ahead.filter((item) => item.dueOn === nextDueOn).map((item) => item.outstandingMinor),
    ),
  };
}
