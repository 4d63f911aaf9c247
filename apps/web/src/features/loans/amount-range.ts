/**
 * The amounts a product offers this borrower: min, min + step, ... up to the largest within its max_amount (which the
 * server has already lowered to the available limit, possibly off the step). The server refuses anything else (4293).
 */
export type AmountRange = { min: number; max: number; step: number };

export function amountRange(product: {
  min_amount: number;
  max_amount: number;
  step: number;
}): AmountRange | null {
  const step = Math.max(1, product.step);
  // A limit below the product's minimum leaves nothing to offer (the server answers max_amount 0 then).
  if (product.max_amount < product.min_amount) return null;
  const max = product.min_amount + Math.floor((product.max_amount - product.min_amount) / step) * step;
  return { min: product.min_amount, max, step };
}

/**
 * The offered amount nearest to `value`: clamped into the range, then onto the step counted from the minimum. Exactly
 * halfway between two steps goes to the smaller one (a borrower is never moved up to a larger loan than typed).
 */
export function snapAmount(value: number, range: AmountRange): number {
  if (!Number.isFinite(value)) return range.min;
  const clamped = Math.min(range.max, Math.max(range.min, value));
  const steps = Math.ceil((clamped - range.min) / range.step - 0.5);
  return Math.min(range.max, range.min + steps * range.step);
}

/** True when `value` is one of the range's amounts (a link's `money`, kept only when the product still offers it). */
export function isOffered(value: number, range: AmountRange): boolean {
  return (
    Number.isSafeInteger(value) &&
    value >= range.min &&
    value <= range.max &&
    (value - range.min) % range.step === 0
  );
}

/** The digits of a typed amount ('1.500.000' -> 1500000), or null when nothing is typed. */
export function typedAmount(text: string): number | null {
  const digits = text.replace(/\D/g, '');
  return digits ? Number(digits.slice(0, 15)) : null;
}
