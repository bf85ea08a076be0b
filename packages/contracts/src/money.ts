/**
 * Fee arithmetic in integer minor units (fils for AED): no floating point touches money.
 * VAT is charged on the amount after discount, in basis points (500 = 5%), rounded half up
 * to the minor unit, once per line.
 */

export type TFeeLineInput = { amountMinor: number; discountMinor: number; vatRateBp: number };
export type TFeeLine = { netMinor: number; vatMinor: number; totalMinor: number; discountMinor: number };

function assertMinor(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a whole, non-negative number`);
}

/** One fee line: the discount never exceeds the amount; VAT on what remains. */
export function feeLine({ amountMinor, discountMinor, vatRateBp }: TFeeLineInput): TFeeLine {
  assertMinor(amountMinor, 'amountMinor');
  assertMinor(discountMinor, 'discountMinor');
  assertMinor(vatRateBp, 'vatRateBp');
  const discount = Math.min(discountMinor, amountMinor);
  const netMinor = amountMinor - discount;
  const vatMinor = Math.floor((netMinor * vatRateBp + 5_000) / 10_000);
  return { netMinor, vatMinor, totalMinor: netMinor + vatMinor, discountMinor: discount };
}

/** The sum of whole minor amounts. */
export function sumMinor(values: readonly number[]): number {
  let total = 0;
  for (const value of values) {
    assertMinor(value, 'value');
    total += value;
  }
  return total;
}

export type TOutstandingItem = { id: string; outstandingMinor: number };

/** Why a chosen set of amounts cannot be paid; null when it can. */
export type TPaymentRefusal =
  | 'empty'
  | 'not-positive'
  | 'more-than-outstanding'
  | 'partial-not-allowed'
  | 'below-minimum'
  | 'duplicate-item';

export type TPartialPolicy = { allowsPartialPayment: boolean; minimumPartialMinor: number };

/**
 * The smallest part of a line the school takes: its minimum partial payment, or all the line
 * owes when that is less (such a line is paid whole).
 */
export function minimumPartOfLine(outstandingMinor: number, policy: TPartialPolicy): number {
  return Math.min(policy.minimumPartialMinor, outstandingMinor);
}

/**
 * The first chosen line paid in part below `minimumPartOfLine`, with that minimum; null when
 * none is. The minimum holds per fee line, as the fee page shows what goes to each line.
 */
export function partBelowMinimum(
  choice: readonly { itemId: string; amountMinor: number }[],
  items: readonly TOutstandingItem[],
  policy: TPartialPolicy,
): { itemId: string; amountMinor: number; minimumMinor: number } | null {
  for (const { itemId, amountMinor } of choice) {
    const item = items.find((candidate) => candidate.id === itemId);
    if (!item || amountMinor >= item.outstandingMinor) continue;
    const minimumMinor = minimumPartOfLine(item.outstandingMinor, policy);
    if (amountMinor < minimumMinor) return { itemId, amountMinor, minimumMinor };
  }
  return null;
}

/**
 * Checks what a parent chose to pay: each amount positive and at most what the item still
 * owes; paying less than an item owes only where the school allows partial payment, and then
 * each part at least the school's minimum (or all that item owes, if less): `partBelowMinimum`.
 */
export function checkPaymentChoice(
  choice: readonly { itemId: string; amountMinor: number }[],
  items: readonly TOutstandingItem[],
  policy: TPartialPolicy,
): TPaymentRefusal | null {
  if (choice.length === 0) return 'empty';
  const seen = new Set<string>();
  let partial = false;
  for (const { itemId, amountMinor } of choice) {
    if (seen.has(itemId)) return 'duplicate-item';
    seen.add(itemId);
    if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) return 'not-positive';
    const item = items.find((candidate) => candidate.id === itemId);
    if (!item || amountMinor > item.outstandingMinor) return 'more-than-outstanding';
    if (amountMinor < item.outstandingMinor) partial = true;
  }
  if (partial) {
    if (!policy.allowsPartialPayment) return 'partial-not-allowed';
    if (partBelowMinimum(choice, items, policy)) return 'below-minimum';
  }
  return null;
}

/**
 * Spreads an amount over items in the order given (oldest due first), each up to what it
 * owes. Returns the allocations and what was left over (zero when the amount fits).
 */
export function allocate(
  amountMinor: number,
  items: readonly TOutstandingItem[],
): { allocations: { itemId: string; amountMinor: number }[]; leftoverMinor: number } {
  assertMinor(amountMinor, 'amountMinor');
  const allocations: { itemId: string; amountMinor: number }[] = [];
  let left = amountMinor;
  for (const item of items) {
    if (left === 0) break;
    const take = Math.min(left, item.outstandingMinor);
    if (take > 0) allocations.push({ itemId: item.id, amountMinor: take });
    left -= take;
  }
  return { allocations, leftoverMinor: left };
}

/**
 * The state of a fee item on a given day (YYYY-MM-DD, the school's today in its time zone):
 * the one definition of overdue. A line still owing something is `overdue` once its due date
 * is before today, whatever academic year it belongs to, else `due`.
 */
export function feeStatus(
  item: { totalMinor: number; paidMinor: number; dueOn: string },
  today: string,
): 'paid' | 'overdue' | 'due' {
  if (item.paidMinor >= item.totalMinor) return 'paid';
  return item.dueOn < today ? 'overdue' : 'due';
}

/** An invoice is paid once nothing is left of its total, partly paid once something is. */
export function invoicePaymentStatus(
  totalMinor: number,
  paidMinor: number,
): 'paid' | 'partly-paid' | 'unpaid' {
  if (paidMinor >= totalMinor) return 'paid';
  return paidMinor > 0 ? 'partly-paid' : 'unpaid';
}

/** Minor units per major unit for the currencies the portal knows (ISO 4217). */
export const CURRENCY_MINOR_DIGITS: Readonly<Record<string, number>> = {
  AED: 2,
  SAR: 2,
  QAR: 2,
  OMR: 3,
  KWD: 3,
  BHD: 3,
  USD: 2,
};

/** The amount in the currency's major units, for display (Intl formats it per locale). */
export function toMajor(amountMinor: number, currency: string): number {
  return amountMinor / 10 ** (CURRENCY_MINOR_DIGITS[currency] ?? 2);
}
