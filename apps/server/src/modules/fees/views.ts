import { feeStatus, sumMinor } from '@portal/contracts/money';
import type { TFeeItem, TFeeSummary } from '@portal/contracts/fees';
import type { TFeeItemRow } from './repository.ts';

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
 * The summary of what a child owes: over this year's lines and earlier years' lines still
 * owed alike, what is owed and not yet late (`due`), owed and late (`overdue`), how much of
 * it is earlier years' arrears, what this year's lines have had paid, and the next due date
 * still ahead (today or later) with what the lines due that day still owe; null and 0 when
 * nothing is owed ahead. The lines' own `status` decides, so the figures always add up the
 * lines listed with that status.
 */
export function summarize(items: readonly TFeeItem[], earlier: readonly TFeeItem[]): TFeeSummary {
  const all = [...earlier, ...items];
  const owing = (status: TFeeItem['status']) =>
    sumMinor(all.filter((item) => item.status === status).map((item) => item.outstandingMinor));
  const ahead = all.filter((item) => item.status === 'due' && item.outstandingMinor > 0);
  const nextDueOn = ahead.reduce<string | null>(
    (earliest, item) => (earliest === null || item.dueOn < earliest ? item.dueOn : earliest),
    null,
  );
  return {
    dueMinor: owing('due'),
    overdueMinor: owing('overdue'),
    earlierMinor: sumMinor(earlier.map((item) => item.outstandingMinor)),
    paidMinor: sumMinor(items.map((item) => item.paidMinor)),
    nextDueOn,
    nextDueMinor: sumMinor(
      ahead.filter((item) => item.dueOn === nextDueOn).map((item) => item.outstandingMinor),
    ),
  };
}
