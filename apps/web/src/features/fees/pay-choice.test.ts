import { describe, expect, it } from 'vitest';
import { feeItem } from '../../test/fees.ts';
import { payChoice, payableLines } from './pay-choice.ts';

const wholeOnly = { allowsPartialPayment: false, minimumPartialMinor: 0 };
const partial = { allowsPartialPayment: true, minimumPartialMinor: 50_000 };

describe('the pay choice', () => {
  const older = feeItem({ amountMinor: 40_000, dueOn: '2026-01-01' });
  const newer = feeItem({ amountMinor: 100_000, vatRateBp: 500, dueOn: '2026-02-01' });
  const paid = feeItem({ amountMinor: 10_000, paidMinor: 10_000, status: 'paid', dueOn: '2025-12-01' });

  it('lists only lines that still owe, oldest due first', () => {
    expect(payableLines([newer, paid, older]).map((line) => line.id)).toEqual([older.id, newer.id]);
  });

  it('pays each chosen line in full and adds every charge up', () => {
    const choice = payChoice(
      [newer, older, paid],
      new Set([older.id, newer.id, paid.id]),
      'full',
      null,
      wholeOnly,
    );
    expect(choice.refusal).toBeNull();
    expect(choice.items).toEqual([
      { feeItemId: older.id, amountMinor: 40_000 },
      { feeItemId: newer.id, amountMinor: 105_000 },
    ]);
    expect(choice.totalMinor).toBe(145_000);
    expect(choice.breakdown).toEqual({
      amountMinor: 140_000,
      discountMinor: 0,
      vatMinor: 5_000,
      totalMinor: 145_000,
      paidMinor: 0,
    });
  });

  it('spreads a part payment oldest first and applies the school minimum', () => {
    const lines = [older, newer];
    const all = new Set([older.id, newer.id]);
    expect(payChoice(lines, all, 'part', 49_999, partial).refusal).toBe('below-minimum');
    expect(payChoice(lines, all, 'part', 145_001, partial).refusal).toBe('more-than-outstanding');
    expect(payChoice(lines, all, 'part', null, partial).refusal).toBe('not-positive');
    const choice = payChoice(lines, all, 'part', 60_000, partial);
    expect(choice.refusal).toBeNull();
    expect(choice.items).toEqual([
      { feeItemId: older.id, amountMinor: 40_000 },
      { feeItemId: newer.id, amountMinor: 20_000 },
    ]);
    expect(choice.remainingMinor).toBe(85_000);
    expect(payChoice(lines, all, 'part', 60_000, wholeOnly).refusal).toBe('partial-not-allowed');
  });

  it('refuses an empty choice', () => {
    expect(payChoice([older], new Set(), 'full', null, wholeOnly).refusal).toBe('empty');
  });
});
