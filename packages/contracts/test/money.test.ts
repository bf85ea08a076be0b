import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allocate,
  checkPaymentChoice,
  partBelowMinimum,
  feeLine,
  feeStatus,
  sumMinor,
  toMajor,
  type TOutstandingItem,
  type TPartialPolicy,
} from '../src/money.ts';

// Up to 1,000,000,000.00 in minor units: far beyond any fee, and amount * rate stays exact.
const minor = fc.integer({ min: 0, max: 100_000_000_000 });
const rateBp = fc.integer({ min: 0, max: 10_000 });

/** Items with distinct ids and what each still owes. */
const outstandingItems = (minOwed: number) =>
  fc.uniqueArray(
    fc.record({ id: fc.uuid(), outstandingMinor: fc.integer({ min: minOwed, max: 10_000_000 }) }),
    { selector: (item) => item.id, minLength: 1, maxLength: 8 },
  );

const policies: fc.Arbitrary<TPartialPolicy> = fc.record({
  allowsPartialPayment: fc.boolean(),
  minimumPartialMinor: fc.integer({ min: 0, max: 2_000_000 }),
});

/** A choice of some of the items, each for an amount it may take (1..what it owes). */
const validChoice = (items: TOutstandingItem[]) =>
  fc
    .shuffledSubarray(items, { minLength: 1 })
    .chain((chosen) =>
      fc.tuple(
        ...chosen.map((item) =>
          fc
            .oneof(fc.constant(item.outstandingMinor), fc.integer({ min: 1, max: item.outstandingMinor }))
            .map((amountMinor) => ({ itemId: item.id, amountMinor })),
        ),
      ),
    );

describe('feeLine', () => {
  it('clamps the discount, rounds VAT half up once, and totals net + VAT, never negative', () => {
    fc.assert(
      fc.property(minor, minor, rateBp, (amountMinor, discountMinor, vatRateBp) => {
        const line = feeLine({ amountMinor, discountMinor, vatRateBp });
        expect(line.discountMinor).toBe(Math.min(discountMinor, amountMinor));
        expect(line.netMinor).toBe(amountMinor - line.discountMinor);
        expect(line.netMinor).toBeGreaterThanOrEqual(0);
        expect(line.totalMinor).toBe(line.netMinor + line.vatMinor);
        for (const value of Object.values(line)) {
          expect(Number.isSafeInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
        // Half up: vat - 1/2 <= net * rate / 10000 < vat + 1/2, in exact integers.
        const twiceExact = 2n * BigInt(line.netMinor) * BigInt(vatRateBp);
        const vat = BigInt(line.vatMinor) * 20_000n;
        expect(vat - 10_000n <= twiceExact && twiceExact < vat + 10_000n).toBe(true);
        expect(line.vatMinor).toBeLessThanOrEqual(line.netMinor);
      }),
    );
  });

  it('never charges more for a larger discount', () => {
    fc.assert(
      fc.property(minor, minor, minor, rateBp, (amountMinor, a, b, vatRateBp) => {
        const [small, large] = a <= b ? [a, b] : [b, a];
        const withSmall = feeLine({ amountMinor, discountMinor: small, vatRateBp });
        const withLarge = feeLine({ amountMinor, discountMinor: large, vatRateBp });
        expect(withLarge.totalMinor).toBeLessThanOrEqual(withSmall.totalMinor);
      }),
    );
  });

  it('rounds the half fils up and below half down', () => {
    expect(feeLine({ amountMinor: 425_50, discountMinor: 0, vatRateBp: 500 }).vatMinor).toBe(21_28); // 21.275
    expect(feeLine({ amountMinor: 10, discountMinor: 0, vatRateBp: 500 }).vatMinor).toBe(1); // 0.5
    expect(feeLine({ amountMinor: 9, discountMinor: 0, vatRateBp: 500 }).vatMinor).toBe(0); // 0.45
    expect(feeLine({ amountMinor: 100, discountMinor: 500, vatRateBp: 500 })).toEqual({
      netMinor: 0,
      vatMinor: 0,
      totalMinor: 0,
      discountMinor: 100,
    });
  });

  it('refuses amounts that are not whole, non-negative numbers', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => feeLine({ amountMinor: bad, discountMinor: 0, vatRateBp: 0 })).toThrow(RangeError);
      expect(() => feeLine({ amountMinor: 1, discountMinor: bad, vatRateBp: 0 })).toThrow(RangeError);
      expect(() => feeLine({ amountMinor: 1, discountMinor: 0, vatRateBp: bad })).toThrow(RangeError);
    }
  });
});

describe('checkPaymentChoice', () => {
  it('accepts whole lines at any school', () => {
    fc.assert(
      fc.property(
        outstandingItems(1).chain((items) =>
          fc.tuple(fc.constant(items), fc.shuffledSubarray(items, { minLength: 1 })),
        ),
        policies,
        ([items, chosen], policy) => {
          const choice = chosen.map((item) => ({ itemId: item.id, amountMinor: item.outstandingMinor }));
          expect(checkPaymentChoice(choice, items, policy)).toBeNull();
        },
      ),
    );
  });

  it('takes part of a line only where the school allows it, and then at least its minimum on each line', () => {
    fc.assert(
      fc.property(
        outstandingItems(1).chain((items) => fc.tuple(fc.constant(items), validChoice(items))),
        policies,
        ([items, choice], policy) => {
          const owedOf = (id: string) => items.find((item) => item.id === id)?.outstandingMinor ?? 0;
          const partial = choice.some((line) => line.amountMinor < owedOf(line.itemId));
          const short = choice.some(
            (line) =>
              line.amountMinor < owedOf(line.itemId) &&
              line.amountMinor < Math.min(policy.minimumPartialMinor, owedOf(line.itemId)),
          );
          const result = checkPaymentChoice(choice, items, policy);
          if (!partial) expect(result).toBeNull();
          else if (!policy.allowsPartialPayment) expect(result).toBe('partial-not-allowed');
          else if (short) expect(result).toBe('below-minimum');
          else expect(result).toBeNull();
        },
      ),
    );
  });

  it('refuses an amount above what a line owes, a line it does not know, zero, negative or fractional amounts, and a line twice', () => {
    fc.assert(
      fc.property(
        outstandingItems(1).chain((items) => fc.tuple(fc.constant(items), validChoice(items))),
        policies,
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom(0, -1, 0.5, Number.NaN),
        fc.uuid(),
        ([items, choice], policy, excess, notPositive, unknownId) => {
          const [first, ...rest] = choice;
          if (!first) return;
          const owed = items.find((item) => item.id === first.itemId)?.outstandingMinor ?? 0;
          const over = [{ ...first, amountMinor: owed + excess }, ...rest];
          expect(checkPaymentChoice(over, items, policy)).toBe('more-than-outstanding');
          if (!items.some((item) => item.id === unknownId)) {
            const unknown = [{ itemId: unknownId, amountMinor: 1 }, ...rest];
            expect(checkPaymentChoice(unknown, items, policy)).toBe('more-than-outstanding');
          }
          expect(checkPaymentChoice([{ ...first, amountMinor: notPositive }, ...rest], items, policy)).toBe(
            'not-positive',
          );
          expect(checkPaymentChoice([first, ...rest, first], items, policy)).toBe('duplicate-item');
        },
      ),
    );
  });

  it('refuses an empty choice', () => {
    expect(
      checkPaymentChoice([], [{ id: 'a', outstandingMinor: 1 }], {
        allowsPartialPayment: true,
        minimumPartialMinor: 0,
      }),
    ).toBe('empty');
  });

  it('checks the minimum on each line, not on the total', () => {
    const items = [
      { id: 'a', outstandingMinor: 500_00 },
      { id: 'b', outstandingMinor: 300_00 },
    ];
    const policy = { allowsPartialPayment: true, minimumPartialMinor: 100_00 };
    const choice = [
      { itemId: 'a', amountMinor: 500_00 },
      { itemId: 'b', amountMinor: 50_00 },
    ];
    expect(checkPaymentChoice(choice, items, policy)).toBe('below-minimum');
    expect(partBelowMinimum(choice, items, policy)).toEqual({
      itemId: 'b',
      amountMinor: 50_00,
      minimumMinor: 100_00,
    });
    const enough = [
      { itemId: 'a', amountMinor: 500_00 },
      { itemId: 'b', amountMinor: 100_00 },
    ];
    expect(checkPaymentChoice(enough, items, policy)).toBeNull();
    expect(partBelowMinimum(enough, items, policy)).toBeNull();
  });

  it('asks no more than everything the chosen lines owe, when that is below the minimum', () => {
    const items = [{ id: 'a', outstandingMinor: 300_00 }];
    const policy = { allowsPartialPayment: true, minimumPartialMinor: 500_00 };
    expect(checkPaymentChoice([{ itemId: 'a', amountMinor: 299_99 }], items, policy)).toBe('below-minimum');
    expect(checkPaymentChoice([{ itemId: 'a', amountMinor: 300_00 }], items, policy)).toBeNull();
  });
});

describe('allocate', () => {
  const itemsOwingAnything = fc.uniqueArray(
    fc.record({ id: fc.uuid(), outstandingMinor: fc.integer({ min: 0, max: 10_000_000 }) }),
    { selector: (item) => item.id, maxLength: 10 },
  );

  it('neither creates nor loses money, never passes what a line owes, and fills lines in order', () => {
    fc.assert(
      fc.property(itemsOwingAnything, fc.integer({ min: 0, max: 120_000_000 }), (items, amountMinor) => {
        const { allocations, leftoverMinor } = allocate(amountMinor, items);
        expect(sumMinor(allocations.map((allocation) => allocation.amountMinor)) + leftoverMinor).toBe(
          amountMinor,
        );
        const owedTotal = sumMinor(items.map((item) => item.outstandingMinor));
        expect(leftoverMinor).toBe(Math.max(0, amountMinor - owedTotal));
        let lastIndex = -1;
        for (const allocation of allocations) {
          const index = items.findIndex((item) => item.id === allocation.itemId);
          expect(index).toBeGreaterThan(lastIndex);
          expect(allocation.amountMinor).toBeGreaterThan(0);
          expect(allocation.amountMinor).toBeLessThanOrEqual(items[index]?.outstandingMinor ?? 0);
          // Every line before this one that owed anything was paid in full first.
          for (const earlier of items.slice(lastIndex + 1, index)) expect(earlier.outstandingMinor).toBe(0);
          if (lastIndex >= 0) {
            const previous = allocations.find((entry) => entry.itemId === items[lastIndex]?.id);
            expect(previous?.amountMinor).toBe(items[lastIndex]?.outstandingMinor);
          }
          lastIndex = index;
        }
      }),
    );
  });

  it('refuses an amount that is not a whole, non-negative number', () => {
    expect(() => allocate(-1, [])).toThrow(RangeError);
    expect(() => allocate(1.5, [])).toThrow(RangeError);
  });
});

describe('feeStatus', () => {
  const day = fc
    .date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2099-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString().slice(0, 10));

  it('is paid once paid in full, whatever the day; otherwise overdue only after the due day', () => {
    fc.assert(
      fc.property(minor, minor, day, day, (totalMinor, paidMinor, dueOn, today) => {
        const status = feeStatus({ totalMinor, paidMinor, dueOn }, today);
        if (paidMinor >= totalMinor) expect(status).toBe('paid');
        else expect(status).toBe(dueOn < today ? 'overdue' : 'due');
      }),
    );
  });

  it('turns from due to overdue once, and never back, as days pass', () => {
    fc.assert(
      fc.property(day, day, day, (dueOn, a, b) => {
        const [earlier, later] = a <= b ? [a, b] : [b, a];
        const item = { totalMinor: 100, paidMinor: 99, dueOn };
        if (feeStatus(item, earlier) === 'overdue') expect(feeStatus(item, later)).toBe('overdue');
        expect(feeStatus(item, dueOn)).toBe('due');
      }),
    );
  });
});

describe('toMajor', () => {
  it('divides by the currency’s minor units', () => {
    expect(toMajor(12_345, 'AED')).toBe(123.45);
    expect(toMajor(12_345, 'KWD')).toBe(12.345);
    expect(toMajor(12_345, 'XYZ')).toBe(123.45);
  });
});
