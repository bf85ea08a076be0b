import type { TFeeDetails, TFeeItem, TPayment, TPreviousFees } from '@portal/contracts/fees';
import { feeLine, sumMinor } from '@portal/contracts/money';

let counter = 0;

/** A fee line with its figures worked out by the contract's arithmetic. */
export function feeItem(overrides: Partial<TFeeItem> & { amountMinor?: number } = {}): TFeeItem {
  counter += 1;
  const amountMinor = overrides.amountMinor ?? 100_000;
  const discountMinor = overrides.discountMinor ?? 0;
  const vatRateBp = overrides.vatRateBp ?? 0;
  const line = feeLine({ amountMinor, discountMinor, vatRateBp });
  const paidMinor = overrides.paidMinor ?? 0;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    enrollNumber: 'E100',
    academicYear: '2025',
    term: 1,
    feeTypeCode: 'TUI',
    nameEn: 'Tuition',
    nameAr: 'الرسوم الدراسية',
    amountMinor,
    discountMinor: line.discountMinor,
    vatRateBp,
    vatMinor: line.vatMinor,
    totalMinor: line.totalMinor,
    paidMinor,
    outstandingMinor: line.totalMinor - paidMinor,
    dueOn: '2026-03-01',
    status: paidMinor >= line.totalMinor ? 'paid' : 'due',
    ...overrides,
  } as TFeeItem;
}

/**
 * The fee-details answer for these lines, its summary adding them up with earlier years'
 * lines still owed (as the server does).
 */
export function feeDetails(
  items: TFeeItem[],
  policy: { allowsPartialPayment: boolean; minimumPartialMinor: number } = {
    allowsPartialPayment: false,
    minimumPartialMinor: 0,
  },
  earlier: TFeeItem[] = [],
): TFeeDetails {
  const open = [...earlier, ...items].filter((item) => item.outstandingMinor > 0);
  const next = [...open]
    .filter((item) => item.status === 'due')
    .sort((a, b) => a.dueOn.localeCompare(b.dueOn))[0];
  return {
    success: true,
    messageId: 'S200',
    currency: 'AED',
    ...policy,
    summary: {
      dueMinor: sumMinor(open.filter((item) => item.status === 'due').map((item) => item.outstandingMinor)),
      overdueMinor: sumMinor(
        open.filter((item) => item.status === 'overdue').map((item) => item.outstandingMinor),
      ),
      earlierMinor: sumMinor(earlier.map((item) => item.outstandingMinor)),
      paidMinor: sumMinor(items.map((item) => item.paidMinor)),
      nextDueOn: next?.dueOn ?? null,
      nextDueMinor: next?.outstandingMinor ?? 0,
    },
    items,
  };
}

export function previousFees(items: TFeeItem[] = []): TPreviousFees {
  return {
    success: true,
    messageId: 'S200',
    currency: 'AED',
    outstandingMinor: sumMinor(items.map((item) => item.outstandingMinor)),
    items,
  };
}

/** A payment as the server reports it. */
export function payment(overrides: Partial<TPayment> = {}): TPayment {
  return {
    id: '11111111-2222-4333-8444-555555555555',
    kind: 'fees',
    status: 'pending',
    docNo: 41,
    amountMinor: 157_500,
    currency: 'AED',
    provider: 'sandbox',
    createdAt: '2026-01-15T08:30:00.000Z',
    completedAt: null,
    receiptNo: null,
    allocations: [
      {
        feeItemId: null,
        enrollNumber: 'E100',
        nameEn: 'Tuition',
        nameAr: 'الرسوم الدراسية',
        amountMinor: 157_500,
      },
    ],
    ...overrides,
  };
}
