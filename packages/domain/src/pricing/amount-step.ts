/**
 * The amounts a product offers: `min`, `min + step`, `min + 2·step`, ... up to `max`. A borrower may ask for one of
 * them only, so every limit, cap, slider and typed amount is brought onto this grid by one of the functions below,
 * each a named rounding onto the step counted from `min`.
 *
 * Exact: the arithmetic is the remainder of integers (`%` on safe integers is exact), never a float division.
 */
import { rupiah, type Rupiah } from '../money/rupiah.ts';

/**
 * A product's amount grid (`LoanProduct['amount']`, whole rupiah as the product schema checks them); `max` may be off
 * the step (a maximum lowered to a limit). Plain numbers, so a product or an API response is one as it is.
 */
export interface AmountSteps {
  readonly min: number;
  readonly max: number;
  readonly step: number;
}

function checkStep(step: number): void {
  if (!Number.isSafeInteger(step) || step < 1)
    throw new RangeError(`an amount step must be a positive integer, got ${step}`);
}

/** True when `amount` is a whole number of steps from `min`, within the range or not (never for a step ≤ 0). */
export function isOnStep(steps: Pick<AmountSteps, 'min' | 'step'>, amount: number): boolean {
  return steps.step > 0 && (amount - steps.min) % steps.step === 0;
}

/** The `k`-th amount offered: `min + k·step` (`k` a whole number of steps; a bisection over the grid walks `k`). */
export function amountAtStep(steps: Pick<AmountSteps, 'min' | 'step'>, k: number): Rupiah {
  return rupiah(steps.min + k * steps.step);
}

/** True when `amount` is one of the amounts offered: a whole number within `min`..`max` and on the step. */
export function isOfferedAmount(steps: AmountSteps, amount: number): boolean {
  return (
    Number.isSafeInteger(amount) && amount >= steps.min && amount <= steps.max && isOnStep(steps, amount)
  );
}

/**
 * Rounds DOWN onto the step: the largest amount offered that is at most `amount`, or `min` when `amount` is below
 * it (a sample or a default that must be some offered amount).
 */
export function snapDownToStep(steps: AmountSteps, amount: number): Rupiah {
  checkStep(steps.step);
  const offset = Math.min(steps.max, Math.max(steps.min, amount)) - steps.min;
  return rupiah(steps.min + (offset - (offset % steps.step)));
}

/**
 * The largest amount offered within `cap` (a borrower's available limit; by default none beyond `max`), or null when
 * even `min` is above it. What a borrower may borrow at most, and the credit limit the scorecard grants.
 */
export function largestAmountOnStep(steps: AmountSteps, cap: number = steps.max): Rupiah | null {
  return cap < steps.min ? null : snapDownToStep(steps, cap);
}

/**
 * The amount offered nearest to `amount` (a typed figure, a slider position): clamped into the range, then onto the
 * nearest step. Exactly halfway between two steps goes to the smaller one, so a borrower is never moved up to a
 * larger loan than asked for.
 */
export function snapToStep(steps: AmountSteps, amount: number): Rupiah {
  const below = snapDownToStep(steps, amount);
  const rest = Math.min(amount, steps.max) - below;
  const above = rupiah(below + steps.step);
  return rest * 2 > steps.step && above <= steps.max ? above : below;
}
