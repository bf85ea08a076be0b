import type { TFeeItem } from '@portal/contracts/fees';
import {
  allocate,
  checkPaymentChoice,
  minimumPartOfLine,
  partBelowMinimum,
  sumMinor,
  type TPartialPolicy,
  type TPaymentRefusal,
} from '@portal/contracts/money';

/** Whole lines, or a part of what the chosen lines owe (where the school allows it). */
export type TPayMode = 'full' | 'part';

/** What a parent is about to pay, worked out before anything is sent. */
export interface TPayChoice {
  /** The chosen lines, oldest due first. */
  lines: TFeeItem[];
  /** What goes to each line. */
  items: { feeItemId: string; amountMinor: number }[];
  /** The amount to pay now: the sum of `items`. */
  totalMinor: number;
  /** What the chosen lines still owe in all. */
  owedMinor: number;
  /** What the chosen lines will still owe after this payment. */
  remainingMinor: number;
  /** The fee lines' parts, so every charge is shown: before discount, discount, VAT, total, paid. */
  breakdown: {
    amountMinor: number;
    discountMinor: number;
    vatMinor: number;
    totalMinor: number;
    paidMinor: number;
  };
  /** Why it cannot be paid as it stands; null when it can. */
  refusal: TPaymentRefusal | null;
  /** With `below-minimum`: the line whose part is too small, that part and the line's minimum. */
  shortLine: { line: TFeeItem; amountMinor: number; minimumMinor: number } | null;
}

/** Lines that still owe something, oldest due first (the order a part payment is spread in). */
export function payableLines(items: readonly TFeeItem[]): TFeeItem[] {
  return items
    .filter((item) => item.outstandingMinor > 0)
    .sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.term - b.term || a.id.localeCompare(b.id));
}

/**
 * The payment of the chosen lines: each in full, or `partMinor` spread over them oldest due
 * first. Checked with the same rules the server applies (`checkPaymentChoice`).
 */
export function payChoice(
  lines: readonly TFeeItem[],
  selected: ReadonlySet<string>,
  mode: TPayMode,
  partMinor: number | null,
  policy: TPartialPolicy,
): TPayChoice {
  const chosen = payableLines(lines).filter((line) => selected.has(line.id));
  const owedMinor = sumMinor(chosen.map((line) => line.outstandingMinor));
  let items: TPayChoice['items'];
  let overpaid = false;
  if (mode === 'part' && partMinor !== null) {
    const spread = allocate(
      partMinor,
      chosen.map((line) => ({ id: line.id, outstandingMinor: line.outstandingMinor })),
    );
    items = spread.allocations.map(({ itemId, amountMinor }) => ({ feeItemId: itemId, amountMinor }));
    overpaid = spread.leftoverMinor > 0;
  } else {
    items = chosen.map((line) => ({ feeItemId: line.id, amountMinor: line.outstandingMinor }));
  }
  const totalMinor = sumMinor(items.map((item) => item.amountMinor));
  const refusal =
    mode === 'part' && partMinor === null
      ? 'not-positive'
      : overpaid
        ? 'more-than-outstanding'
        : checkPaymentChoice(
            items.map((item) => ({ itemId: item.feeItemId, amountMinor: item.amountMinor })),
            chosen,
            policy,
          );
  const short =
    refusal === 'below-minimum'
      ? partBelowMinimum(
          items.map((item) => ({ itemId: item.feeItemId, amountMinor: item.amountMinor })),
          chosen,
          policy,
        )
      : null;
  const shortItem = chosen.find((line) => line.id === short?.itemId);
  const sum = (pick: (line: TFeeItem) => number) => sumMinor(chosen.map(pick));
  return {
    lines: chosen,
    items,
    totalMinor,
    owedMinor,
    remainingMinor: owedMinor - totalMinor,
    breakdown: {
      amountMinor: sum((line) => line.amountMinor),
      discountMinor: sum((line) => line.discountMinor),
      vatMinor: sum((line) => line.vatMinor),
      totalMinor: sum((line) => line.totalMinor),
      paidMinor: sum((line) => line.paidMinor),
    },
    refusal: chosen.length === 0 ? 'empty' : refusal,
    shortLine:
      short && shortItem
        ? { line: shortItem, amountMinor: short.amountMinor, minimumMinor: short.minimumMinor }
        : null,
  };
}

/**
 * The smallest part payment the school takes for these lines (oldest due first): the part of
 * the first line its minimum allows, or all that line owes if less. The minimum holds per line.
 */
export function minimumPartOf(lines: readonly TFeeItem[], policy: TPartialPolicy): number {
  const [first] = payableLines(lines);
  return first ? minimumPartOfLine(first.outstandingMinor, policy) : 0;
}
