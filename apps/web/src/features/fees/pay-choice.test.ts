import { describe, expect, it } from 'vitest';
import { feeItem } from '../../test/fees.ts';
import { minimumPartOf, payChoice, payableLines } from './pay-choice.ts';

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
    const choice = payChoice(lines, all, 'part', 90_000, partial);
    expect(choice.refusal).toBeNull();
    expect(choice.shortLine).toBeNull();
    expect(choice.items).toEqual([
      { feeItemId: older.id, amountMinor: 40_000 },
      { feeItemId: newer.id, amountMinor: 50_000 },
    ]);
    expect(choice.remainingMinor).toBe(55_000);
    expect(payChoice(lines, all, 'part', 60_000, wholeOnly).refusal).toBe('partial-not-allowed');
  });

  it('applies the minimum to each line paid in part, and names the line that falls short', () => {
    const lines = [older, newer];
    const all = new Set([older.id, newer.id]);
    // 600.00 is above the 500.00 minimum in all, but the newer line would get only 200.00.
    const short = payChoice(lines, all, 'part', 60_000, partial);
    expect(short.refusal).toBe('below-minimum');
    expect(short.shortLine).toEqual({ line: newer, amountMinor: 20_000, minimumMinor: 50_000 });
    // The older line owes less than the minimum: it can only be paid whole.
    expect(payChoice([older], new Set([older.id]), 'part', 39_999, partial).shortLine).toEqual({
      line: older,
      amountMinor: 39_999,
      minimumMinor: 40_000,
    });
    // Paying just the older line whole leaves nothing short.
    expect(payChoice(lines, all, 'part', 40_000, partial).refusal).toBeNull();
  });

  it("tells the smallest part payment: the first line's minimum, or all it owes if less", () => {
    expect(minimumPartOf([newer, older], partial)).toBe(40_000);
    expect(minimumPartOf([newer], partial)).toBe(50_000);
    expect(minimumPartOf([], partial)).toBe(0);
  });

  it('refuses an empty choice', () => {
    expect(payChoice([older], new Set(), 'full', null, wholeOnly).refusal).toBe('empty');
  });
});
