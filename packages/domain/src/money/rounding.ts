/**
 * Named rounding functions on exact fractions `numerator / denominator` of bigints.
 *
 * Every place where money meets a rate produces an exact fraction first and then calls exactly one
 * of these, so a reviewer can see which rounding applies where. Denominators must be positive.
 */
import type { Ratio } from './rate.ts';
import { fromBigInt, type Rupiah } from './rupiah.ts';

/** The rounding rules a product may choose for its computed amounts. */
export type RoundingMode = 'half-up' | 'half-even' | 'down' | 'up';

/** The rounding modes, for schemas and UIs. */
export const ROUNDING_MODES = [
  'half-up',
  'half-even',
  'down',
  'up',
] as const satisfies readonly RoundingMode[];

function check(den: bigint): void {
  if (den <= 0n) throw new RangeError('rounding denominator must be positive');
}

/** Floor: the largest integer ≤ n/d (rounds toward −∞; for amounts ≥ 0 this truncates). */
export function roundDown(n: bigint, d: bigint): bigint {
  check(d);
  const q = n / d;
  return n % d !== 0n && n < 0n ? q - 1n : q;
}

/** Ceiling: the smallest integer ≥ n/d. */
export function roundUp(n: bigint, d: bigint): bigint {
  return -roundDown(-n, d);
}

/** Nearest integer; exact halves go up (toward +∞). The default for interest and fees. */
export function roundHalfUp(n: bigint, d: bigint): bigint {
  return roundDown(2n * n + d, 2n * d);
}

/** Nearest integer; exact halves go to the even neighbour (banker's rounding). */
export function roundHalfEven(n: bigint, d: bigint): bigint {
  const floor = roundDown(n, d);
  const twiceRest = 2n * (n - floor * d);
  if (twiceRest < d) return floor;
  if (twiceRest > d) return floor + 1n;
  return floor % 2n === 0n ? floor : floor + 1n;
}

/**
 * `amount × factor` rounded down to whole rupiah, computed exactly in bigint: a share of income (the most a borrower
 * may repay in a month), an income multiple (a credit limit). Down, so a cap drawn from it is never exceeded.
 */
export function multiplyRoundDown(amount: Rupiah, factor: Ratio): Rupiah {
  return fromBigInt(roundDown(BigInt(amount) * factor.num, factor.den));
}

/** Rounds `n/d` with the named `mode`. */
export function roundWith(mode: RoundingMode, n: bigint, d: bigint): bigint {
  switch (mode) {
    case 'half-up':
      return roundHalfUp(n, d);
    case 'half-even':
      return roundHalfEven(n, d);
    case 'down':
      return roundDown(n, d);
    case 'up':
      return roundUp(n, d);
  }
}

/** Sums bigints exactly (amounts before they become rupiah, weights, day counts). */
export function sumBigInt(values: Iterable<bigint>): bigint {
  let total = 0n;
  for (const v of values) total += v;
  return total;
}

/**
 * Splits a non-negative integer `total` into parts proportional to non-negative integer `weights`, so
 * that the parts sum exactly to `total`.
 *
 * Part i is `floor(total·Wᵢ/W) − floor(total·Wᵢ₋₁/W)` where Wᵢ is the running sum of weights: each part
 * is within one unit of its exact share, no part exceeds its weight when `total ≤ W`, and any remainder
 * falls on the later parts (so with equal weights the last instalment absorbs it: 1,000,000 / 3 gives
 * 333,333 + 333,333 + 333,334).
 * @throws RangeError when weights are empty, negative or all zero while total is positive.
 */
export function splitCumulative(total: bigint, weights: readonly bigint[]): bigint[] {
  if (total < 0n) throw new RangeError('cannot split a negative total');
  if (weights.some((w) => w < 0n)) throw new RangeError('weights must not be negative');
  const sum = sumBigInt(weights);
  if (sum === 0n) {
    if (total !== 0n || weights.length === 0) throw new RangeError('cannot split over zero weight');
    return weights.map(() => 0n);
  }
  const parts: bigint[] = [];
  let running = 0n;
  let previous = 0n;
  for (const w of weights) {
    running += w;
    const upTo = roundDown(total * running, sum);
    parts.push(upTo - previous);
    previous = upTo;
  }
  return parts;
}

/**
 * Splits a non-negative integer `total` into `n` equal parts the banks' way: every part but the last is
 * `total/n` rounded with `mode`, and the last takes whatever remains (Fineract's default, so the last
 * instalment may differ from the others by a few units either way). A part is never so large that the last
 * would go negative (possible only for totals smaller than `n` rounded up).
 * @throws RangeError when `n` is not positive or `total` is negative.
 */
export function splitLastRemainder(total: bigint, n: number, mode: RoundingMode): bigint[] {
  if (total < 0n) throw new RangeError('cannot split a negative total');
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError('cannot split into fewer than one part');
  if (n === 1) return [total];
  const rounded = roundWith(mode, total, BigInt(n));
  const ceiling = total / BigInt(n - 1);
  const part = rounded < ceiling ? rounded : ceiling;
  return [...Array.from({ length: n - 1 }, () => part), total - part * BigInt(n - 1)];
}
