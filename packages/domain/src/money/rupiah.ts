/**
 * Integer rupiah.
 *
 * Money is a plain `number` holding a whole number of rupiah, always a safe integer, so that it
 * serialises to JSON unchanged and the server and web can use it without conversion. Any product of
 * money and a rate is computed in `bigint` (see `rounding.ts` and `rate.ts`) and brought back to a
 * `Rupiah` through a named rounding function and {@link fromBigInt}, which asserts the result is safe.
 */

/** A whole number of rupiah (a safe integer; never a fraction). */
export type Rupiah = number;

/** Thrown when a value that should be money is not a safe integer (or is negative where forbidden). */
export class MoneyError extends Error {
  override readonly name = 'MoneyError';
}

/**
 * Asserts that `value` is a safe integer number of rupiah and returns it.
 * @throws MoneyError when `value` is fractional, NaN, infinite or beyond ±2^53-1.
 */
export function rupiah(value: number, label = 'amount'): Rupiah {
  if (!Number.isSafeInteger(value))
    throw new MoneyError(`${label} must be a whole number of rupiah, got ${value}`);
  return value;
}

/**
 * Asserts that `value` is a non-negative safe integer number of rupiah and returns it.
 * @throws MoneyError when negative or not a safe integer.
 */
export function nonNegativeRupiah(value: number, label = 'amount'): Rupiah {
  rupiah(value, label);
  if (value < 0) throw new MoneyError(`${label} must not be negative, got ${value}`);
  return value;
}

/**
 * The largest principal a product may offer: Rp1,000,000,000,000 (one trillion rupiah, a hundred times the
 * largest loan a lending platform may grant). A loan's whole debt stays below twice its principal (economic
 * benefit plus late fees are capped at 100 % of principal), so it always fits under {@link MONEY_LIMIT}.
 */
export const MAX_PRINCIPAL: Rupiah = 1_000_000_000_000;

/**
 * The largest amount of money the engine accepts as any input or holds as credit (a payment, a fixed fee, a
 * coupon, a borrower's credit): Rp10,000,000,000,000. Every figure the engine derives stays within a small
 * multiple of it, so every result is far inside the safe-integer range (about 9 × 10¹⁵, 900 times more) and
 * no computation can overflow into an approximate number.
 */
export const MONEY_LIMIT: Rupiah = 10_000_000_000_000;

/**
 * Asserts that `value` is a whole, non-negative amount of at most {@link MONEY_LIMIT} and returns it.
 * @throws MoneyError naming the input and the limit crossed.
 */
export function boundedRupiah(value: number, label = 'amount'): Rupiah {
  nonNegativeRupiah(value, label);
  if (value > MONEY_LIMIT)
    throw new MoneyError(`${label} ${formatRupiah(value)} exceeds the limit of ${formatRupiah(MONEY_LIMIT)}`);
  return value;
}

/** Converts a bigint amount of rupiah into a {@link Rupiah}, asserting it is within the safe range. */
export function fromBigInt(value: bigint, label = 'amount'): Rupiah {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new MoneyError(`${label} ${value} is beyond the safe integer range`);
  }
  return Number(value);
}

/** Sums rupiah amounts exactly, asserting every input and the result are safe integers. */
export function sumRupiah(values: Iterable<Rupiah>): Rupiah {
  let total = 0n;
  for (const v of values) total += BigInt(rupiah(v));
  return fromBigInt(total, 'sum');
}

function groupThousands(digits: string): string {
  // id-ID groups thousands with '.', and we do it by hand so that output never depends on the ICU data
  // shipped with a browser or Node build.
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * Formats an amount the Indonesian way without currency: `3886302` → `"3.886.302"`, `-1500` → `"-1.500"`.
 */
export function formatAmount(value: Rupiah): string {
  rupiah(value);
  const sign = value < 0 ? '-' : '';
  return sign + groupThousands(String(Math.abs(value)));
}

/**
 * Formats an amount as rupiah for display: `3886302` → `"Rp3.886.302"`, `-1500` → `"-Rp1.500"`.
 * Use `{ space: true }` for `"Rp 3.886.302"` (a normal space), as some screens of the app show it.
 */
export function formatRupiah(value: Rupiah, options: { space?: boolean } = {}): string {
  const amount = formatAmount(value);
  const currency = options.space ? 'Rp ' : 'Rp';
  return amount.startsWith('-') ? `-${currency}${amount.slice(1)}` : currency + amount;
}

/**
 * Parses an amount typed or displayed the Indonesian way (`"Rp3.886.302"`, `"3.886.302"`, `"3886302"`),
 * negative ones included as {@link formatRupiah} and {@link formatAmount} print them (`"-Rp1.500"`,
 * `"-1.500"`). Decimal commas are refused: rupiah amounts are whole.
 * @returns the amount, or `null` when the text is not a whole rupiah amount.
 */
export function parseAmount(text: string): Rupiah | null {
  // The sign comes before "Rp" ("-Rp1.500"), so take it off first; "Rp-1.500" is still read, one sign only.
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const cleaned = (negative ? trimmed.slice(1) : trimmed).replace(/^Rp\s?/i, '');
  if (!/^-?(\d{1,3}(\.\d{3})+|\d+)$/.test(cleaned) || (negative && cleaned.startsWith('-'))) return null;
  const value = Number(cleaned.replace(/\./g, ''));
  return Number.isSafeInteger(value) ? (negative ? -value : value) : null;
}
