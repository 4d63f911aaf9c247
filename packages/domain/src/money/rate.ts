/**
 * Exact rates.
 *
 * A rate is an exact fraction of 1 ({@link Ratio} of bigints): 0.32826 % is 32826/10,000,000, 24 % a year on
 * a 365-day year is 24/36,500 a day. Rates are written in product data as decimal percent strings
 * (`"0.32826"`), which keeps them readable, JSON-safe and exact: no binary float ever touches a money path,
 * and a rate such as 24 %/365 that has no finite decimal form is kept as the fraction it is. Only money is
 * rounded, by a named function from `rounding.ts`.
 */

/**
 * An exact non-negative fraction `num/den` of bigints (den > 0). Not kept in lowest terms: reducing costs a
 * gcd per operation and the engine's fractions stay small (a few periods of rates), so only parsed rates are
 * reduced; compare with {@link compareRatio}, never field by field.
 */
export interface Ratio {
  readonly num: bigint;
  readonly den: bigint;
}

export const ZERO_RATIO: Ratio = { num: 0n, den: 1n };

/** Most decimals a percent string may have (enough for any published rate; more is a typo). */
export const PERCENT_DECIMALS = 10;

/** Pattern of a percent string accepted by {@link parsePercent}: up to 10 decimals, below 10,000 %. */
export const PERCENT_PATTERN = /^\d{1,4}(\.\d{1,10})?$/;

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** The fraction `num/den`. @throws RangeError when `den` is not positive. */
export function ratio(num: bigint, den: bigint): Ratio {
  if (den <= 0n) throw new RangeError('a ratio needs a positive denominator');
  return { num, den };
}

/** The fraction in lowest terms. */
export function reduceRatio(r: Ratio): Ratio {
  const g = gcd(r.num, r.den);
  return g > 1n ? { num: r.num / g, den: r.den / g } : r;
}

/** `a + b`, exactly. */
export function addRatio(a: Ratio, b: Ratio): Ratio {
  return a.den === b.den ? ratio(a.num + b.num, a.den) : ratio(a.num * b.den + b.num * a.den, a.den * b.den);
}

/** `a × b`, exactly. */
export function mulRatio(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.num, a.den * b.den);
}

/** `r × n` for an integer n (days, amounts). */
export function scaleRatio(r: Ratio, n: bigint): Ratio {
  return ratio(r.num * n, r.den);
}

/** Compares two ratios exactly: negative when a < b, zero when equal, positive when a > b. */
export function compareRatio(a: Ratio, b: Ratio): number {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}

/**
 * Parses a decimal percent string exactly into a fraction of 1: `"0.32826"` → 32826/10⁷, `"30"` → 3/10.
 * @throws RangeError when the text is not a non-negative decimal with at most 10 decimals.
 */
export function parsePercent(text: string): Ratio {
  const cached = parsed.get(text);
  if (cached) return cached;
  if (!PERCENT_PATTERN.test(text))
    throw new RangeError(`not an exact percent (at most ${PERCENT_DECIMALS} decimals): "${text}"`);
  const [whole = '0', fraction = ''] = text.split('.');
  const value = reduceRatio(ratio(BigInt(whole + fraction), 100n * 10n ** BigInt(fraction.length)));
  // Products name a handful of rates and every plan, accrual and cap check re-reads them: parsing was a tenth
  // of plan()'s time (bench/loan-engine-bench.ts). Bounded so odd inputs cannot grow it without limit.
  if (parsed.size < 1_000) parsed.set(text, value);
  return value;
}

const parsed = new Map<string, Ratio>();

/**
 * Formats a rate as a percent string, rounded UP to 6 decimals (a figure shown to a borrower or next to a cap
 * is never understated) without trailing zeros: 1/1000 → `"0.1"`, 886302/(3000000·90) → `"0.32826"`,
 * 24 %/365 → `"0.065754"`.
 */
export function formatPercent(r: Ratio): string {
  const millionths = (r.num * 100_000_000n + r.den - 1n) / r.den;
  const whole = millionths / 1_000_000n;
  const fraction = String(millionths % 1_000_000n)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
