import { maxRupiah, rupiah, type Rupiah } from '@kaskita/domain/money/rupiah';
import { isOfferedAmount, largestAmountOnStep, snapToStep } from '@kaskita/domain/pricing/amount-step';

/**
 * The amounts a product offers this borrower: min, min + step, ... up to the largest within its max_amount (which the
 * server has already lowered to the available limit, possibly off the step). The server refuses anything else (4293).
 */
export type AmountRange = { min: Rupiah; max: Rupiah; step: Rupiah };

export function amountRange(product: {
  min_amount: Rupiah;
  max_amount: Rupiah;
  step: Rupiah;
}): AmountRange | null {
  const step = maxRupiah(rupiah(1), product.step);
  const max = largestAmountOnStep({ min: product.min_amount, max: product.max_amount, step });
  // A limit below the product's minimum leaves nothing to offer (the server answers max_amount 0 then).
  if (max === null) return null;
  return { min: product.min_amount, max, step };
}

/**
 * The offered amount nearest to `value`: clamped into the range, then onto the step counted from the minimum. Exactly
 * halfway between two steps goes to the smaller one (a borrower is never moved up to a larger loan than typed).
 */
export function snapAmount(value: number, range: AmountRange): Rupiah {
  if (!Number.isFinite(value)) return range.min;
  return snapToStep(range, value);
}

/** True when `value` is one of the range's amounts (a link's `money`, kept only when the product still offers it). */
export function isOffered(value: number, range: AmountRange): boolean {
  return isOfferedAmount(range, value);
}

/** The digits of a typed amount ('1.500.000' -> 1500000), or null when nothing is typed. */
export function typedAmount(text: string): number | null {
  const digits = text.replace(/\D/g, '');
  return digits ? Number(digits.slice(0, 15)) : null;
}
