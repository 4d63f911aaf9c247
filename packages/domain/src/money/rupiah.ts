/**
 * Integer rupiah.
 *
 * Money is a `number` holding a whole number of rupiah, always a safe integer, so that it serialises to
 * JSON unchanged and the server and web can use it without conversion; its brand exists for the compiler
 * only (see {@link Rupiah}). Any product of
 * money and a rate is computed in `bigint` (see `rounding.ts` and `rate.ts`) and brought back to a
 * `Rupiah` through a named rounding function and {@link fromBigInt}, which asserts the result is safe.
 */
import type { z } from 'zod';

/**
 * A whole number of rupiah (a safe integer; never a fraction). Branded, so the compiler refuses a plain number where
 * money is meant: a number becomes Rupiah only through {@link rupiah} (or another constructor here), which checks it,
 * or through a zod schema branded 'Rupiah' after its integer check (`rupiah-schema.ts`). The brand is zod's, so such a
 * schema needs no transform (a type only: the API document and the response serialiser see a plain integer).
 */
export type Rupiah = number & z.$brand<'Rupiah'>;

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
  return value as Rupiah;
}

/**
 * Asserts that `value` is a non-negative safe integer number of rupiah and returns it.
 * @throws MoneyError when negative or not a safe integer.
 */
export function nonNegativeRupiah(value: number, label = 'amount'): Rupiah {
  rupiah(value, label);
  if (value < 0) throw new MoneyError(`${label} must not be negative, got ${value}`);
  return value as Rupiah;
}

/**
 * The largest principal a product may offer: Rp1,000,000,000,000 (one trillion rupiah, a hundred times the
 * largest loan a lending platform may grant). A loan's whole debt stays below twice its principal (economic
 * benefit plus late fees are capped at 100 % of principal), so it always fits under {@link MONEY_LIMIT}.
 */
export const MAX_PRINCIPAL = 1_000_000_000_000 as Rupiah;

/**
 * The largest amount of money the engine accepts as any input or holds as credit (a payment, a fixed fee, a
 * coupon, a borrower's credit): Rp10,000,000,000,000. Every figure the engine derives stays within a small
 * multiple of it, so every result is far inside the safe-integer range (about 9 × 10¹⁵, 900 times more) and
 * no computation can overflow into an approximate number.
 */
export const MONEY_LIMIT = 10_000_000_000_000 as Rupiah;

/**
 * Asserts that `value` is a whole, non-negative amount of at most {@link MONEY_LIMIT} and returns it.
 * @throws MoneyError naming the input and the limit crossed.
 */
export function boundedRupiah(value: number, label = 'amount'): Rupiah {
  const amount = nonNegativeRupiah(value, label);
  if (amount > MONEY_LIMIT)
    throw new MoneyError(
      `${label} ${formatRupiah(amount)} exceeds the limit of ${formatRupiah(MONEY_LIMIT)}`,
    );
  return amount;
}

/** Converts a bigint amount of rupiah into a {@link Rupiah}, asserting it is within the safe range. */
export function fromBigInt(value: bigint, label = 'amount'): Rupiah {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new MoneyError(`${label} ${value} is beyond the safe integer range`);
  }
  return Number(value) as Rupiah;
}

/** No money. */
export const ZERO_RUPIAH = 0 as Rupiah;

// Arithmetic on rupiah stays rupiah: a sum or difference of whole numbers within MONEY_LIMIT is whole and safe, so
// these only restate the type (no check: they are on the engine's hot paths; the constructors above check inputs).

/** `a + b`. */
export function addRupiah(a: Rupiah, b: Rupiah): Rupiah {
  return (a + b) as Rupiah;
}

/** `a − b`. */
export function subtractRupiah(a: Rupiah, b: Rupiah): Rupiah {
  return (a - b) as Rupiah;
}

/** The smallest of the amounts. */
export function minRupiah(...values: Rupiah[]): Rupiah {
  return Math.min(...values) as Rupiah;
}

/** The largest of the amounts. */
export function maxRupiah(...values: Rupiah[]): Rupiah {
  return Math.max(...values) as Rupiah;
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
  return groupWhole(rupiah(value));
}

/**
 * Formats a count (lenders, borrowers, loans) grouped as amounts are: `412906` → `"412.906"`. A count is not money,
 * so it takes a plain number and never carries "Rp".
 * @throws RangeError when `count` is not a safe integer.
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) throw new RangeError(`a count must be a whole number, got ${count}`);
  return groupWhole(count);
}

function groupWhole(value: number): string {
  const sign = value < 0 ? '-' : '';
  return sign + groupThousands(String(Math.abs(value)));
}

/**
 * Formats an amount as rupiah for display, the app's one written form (a normal space after "Rp", as Bank Indonesia
 * writes it): `3886302` → `"Rp 3.886.302"`, `-1500` → `"-Rp 1.500"`.
 */
export function formatRupiah(value: Rupiah): string {
  const amount = formatAmount(value);
  return amount.startsWith('-') ? `-Rp ${amount.slice(1)}` : `Rp ${amount}`;
}
