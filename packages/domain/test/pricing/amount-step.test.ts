import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  amountAtStep,
  isOfferedAmount,
  isOnStep,
  largestAmountOnStep,
  snapDownToStep,
  snapToStep,
  type AmountSteps,
} from '../../src/pricing/amount-step.ts';

/** A product's range, its maximum sometimes lowered off the step (a limit below the product's maximum). */
const stepsArb: fc.Arbitrary<AmountSteps> = fc
  .record({
    min: fc.integer({ min: 1, max: 10_000_000 }),
    step: fc.integer({ min: 1, max: 1_000_000 }),
    count: fc.integer({ min: 0, max: 200 }),
    offStep: fc.integer({ min: 0, max: 999_999 }),
  })
  .map(({ min, step, count, offStep }) => ({ min, max: min + count * step + (offStep % step), step }));

/** Any amount around the range: below, inside and above it. */
const amountFor = (s: AmountSteps) =>
  fc.integer({ min: Math.max(0, s.min - 3 * s.step), max: s.max + 3 * s.step });

const withAmount = stepsArb.chain((s) => fc.tuple(fc.constant(s), amountFor(s)));

describe('amount step', () => {
  const cash: AmountSteps = { min: 400_000, max: 2_350_000, step: 100_000 };

  it('the largest amount on the step within a cap; none when the cap is below the minimum', () => {
    expect(largestAmountOnStep(cash)).toBe(2_300_000);
    expect(largestAmountOnStep(cash, 1_234_567)).toBe(1_200_000);
    expect(largestAmountOnStep(cash, 400_000)).toBe(400_000);
    expect(largestAmountOnStep(cash, 99_999_999)).toBe(2_300_000);
    expect(largestAmountOnStep(cash, 399_999)).toBeNull();
    expect(largestAmountOnStep(cash, 0)).toBeNull();
  });

  it('snaps down into the range, to the minimum from below', () => {
    expect(snapDownToStep(cash, 1_299_999)).toBe(1_200_000);
    expect(snapDownToStep(cash, 100_000)).toBe(400_000);
    expect(snapDownToStep(cash, 5_000_000)).toBe(2_300_000);
  });

  it('snaps to the nearest amount, halves to the smaller loan', () => {
    expect(snapToStep(cash, 0)).toBe(400_000);
    expect(snapToStep(cash, 1_234_567)).toBe(1_200_000);
    expect(snapToStep(cash, 1_250_000)).toBe(1_200_000);
    expect(snapToStep(cash, 1_250_001)).toBe(1_300_000);
    // 2,340,000 is nearer 2,400,000, which is above the maximum: the last amount offered.
    expect(snapToStep(cash, 2_340_000)).toBe(2_300_000);
    expect(snapToStep(cash, 99_999_999)).toBe(2_300_000);
  });

  it('counts amounts from the minimum', () => {
    expect(amountAtStep(cash, 0)).toBe(400_000);
    expect(amountAtStep(cash, 19)).toBe(2_300_000);
    expect(isOnStep(cash, amountAtStep(cash, 20))).toBe(true);
  });

  it('tells amounts on the step and amounts offered', () => {
    expect(isOnStep(cash, 2_400_000)).toBe(true);
    expect(isOnStep(cash, 1_250_000)).toBe(false);
    expect(isOnStep({ min: 0, step: 0 }, 0)).toBe(false);
    expect(isOfferedAmount(cash, 2_300_000)).toBe(true);
    expect(isOfferedAmount(cash, 2_400_000)).toBe(false);
    expect(isOfferedAmount(cash, 300_000)).toBe(false);
    expect(isOfferedAmount(cash, 1_250_000)).toBe(false);
    expect(isOfferedAmount(cash, 1_200_000.5)).toBe(false);
    expect(isOfferedAmount(cash, Number.NaN)).toBe(false);
  });

  it('refuses a step that is not a positive integer', () => {
    expect(() => snapDownToStep({ min: 1, max: 10, step: 0 }, 5)).toThrow(RangeError);
    expect(() => largestAmountOnStep({ min: 1, max: 10, step: 1.5 }, 5)).toThrow(RangeError);
  });

  it('the largest amount within a cap is offered, within the cap, and the next step is not', () => {
    fc.assert(
      fc.property(withAmount, ([s, cap]) => {
        const largest = largestAmountOnStep(s, cap);
        if (cap < s.min) {
          expect(largest).toBeNull();
          return;
        }
        expect(largest).not.toBeNull();
        expect(isOfferedAmount(s, largest!)).toBe(true);
        expect(largest!).toBeLessThanOrEqual(Math.min(cap, s.max));
        expect(largest! + s.step).toBeGreaterThan(Math.min(cap, s.max));
      }),
    );
  });

  it('the nearest amount is offered and no offered amount is nearer (a tie goes to the smaller)', () => {
    fc.assert(
      fc.property(withAmount, ([s, amount]) => {
        const snapped = snapToStep(s, amount);
        expect(isOfferedAmount(s, snapped)).toBe(true);
        const distance = Math.abs(snapped - amount);
        for (const other of [snapped - s.step, snapped + s.step]) {
          if (!isOfferedAmount(s, other)) continue;
          const d = Math.abs(other - amount);
          expect(d).toBeGreaterThanOrEqual(distance);
          if (d === distance) expect(snapped).toBeLessThan(other);
        }
        expect(snapDownToStep(s, amount)).toBeLessThanOrEqual(snapped);
        expect(isOfferedAmount(s, amount)).toBe(snapped === amount);
      }),
    );
  });

  it('gives what the formulas it replaces gave', () => {
    fc.assert(
      fc.property(withAmount, ([s, value]) => {
        const { min, max, step } = s;
        // The server's maximum for a borrower (loan products) and the scorecard's limit.
        const cap = Math.min(max, value);
        expect(largestAmountOnStep(s, value) ?? 0).toBe(
          cap < min ? 0 : min + Math.floor((cap - min) / step) * step,
        );
        // The server's sample amount.
        const clamped = Math.min(max, Math.max(min, value));
        expect(snapDownToStep(s, value)).toBe(min + Math.floor((clamped - min) / step) * step);
        // The web's slider and typed amount, on a range whose maximum is on the step.
        const range = { min, max: largestAmountOnStep(s)!, step };
        const inRange = Math.min(range.max, Math.max(min, value));
        const steps = Math.ceil((inRange - min) / step - 0.5);
        expect(snapToStep(range, value)).toBe(Math.min(range.max, min + steps * step));
      }),
    );
  });
});
