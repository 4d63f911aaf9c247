import { describe, expect, it } from 'vitest';
import { rupiah } from '@kaskita/domain/money/rupiah';
import { amountRange, isOffered, snapAmount, typedAmount } from './amount-range.ts';

const range = amountRange({
  min_amount: rupiah(400_000),
  max_amount: rupiah(2_350_000),
  step: rupiah(100_000),
})!;

describe('amount range', () => {
  it('ends on the last step within a maximum lowered off the step; none below the minimum', () => {
    expect(range).toEqual({ min: 400_000, max: 2_300_000, step: 100_000 });
    expect(
      amountRange({ min_amount: rupiah(400_000), max_amount: rupiah(0), step: rupiah(100_000) }),
    ).toBeNull();
  });

  it.each([
    [0, 400_000],
    [1_234_567, 1_200_000],
    [1_250_000, 1_200_000], // halfway: the smaller loan
    [1_250_001, 1_300_000],
    [2_340_000, 2_300_000],
    [99_999_999, 2_300_000],
  ])('snaps %i to %i', (typed, snapped) => {
    expect(snapAmount(typed, range)).toBe(snapped);
    expect(isOffered(snapAmount(typed, range), range)).toBe(true);
  });

  it('reads typed digits only', () => {
    expect(typedAmount('1.500.000')).toBe(1_500_000);
    expect(typedAmount('')).toBeNull();
    expect(isOffered(1_250_000, range)).toBe(false);
  });
});
