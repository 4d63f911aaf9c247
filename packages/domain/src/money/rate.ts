/**
 * Exact rates.
 *
 * A rate is an integer number of "rate units" of 1e-8 (one millionth of a percent), so 0.32826 % per
 * day is 328,260 units and 0.1 % is 100,000 units. Rates are written in product data as decimal percent
 * strings (`"0.32826"`), which keeps them readable, JSON-safe and exact: no binary float ever touches a
 * money path. Amount × rate is `amount * units / RATE_SCALE` as a bigint fraction, rounded by a named
 * function from `rounding.ts`.
 */

/** An exact rate in units of 1e-8 (a non-negative safe integer). 1 % = 1,000,000 units. */
export type RateUnits = number;

/** Units per 1 (100 %). */
export const RATE_SCALE = 100_000_000n;

/** Units per 1 %. */
export const UNITS_PER_PERCENT = 1_000_000;

/** Pattern of a percent string accepted by {@link parsePercent}: up to 6 decimals. */
export const PERCENT_PATTERN = /^\d{1,4}(\.\d{1,6})?$/;

/**
 * Parses a decimal percent string exactly: `"0.32826"` → 328260, `"0.1"` → 100000, `"30"` → 30000000.
 * @throws RangeError when the text is not a non-negative decimal with at most 6 decimals.
 */
export function parsePercent(text: string): RateUnits {
  if (!PERCENT_PATTERN.test(text)) throw new RangeError(`not an exact percent (max 6 decimals): "${text}"`);
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * UNITS_PER_PERCENT + Number(fraction.padEnd(6, '0'));
}

/** Formats rate units as a percent string without trailing zeros: 328260 → `"0.32826"`. */
export function formatPercent(units: RateUnits): string {
  if (!Number.isSafeInteger(units) || units < 0) throw new RangeError(`invalid rate units ${units}`);
  const whole = Math.floor(units / UNITS_PER_PERCENT);
  const fraction = String(units % UNITS_PER_PERCENT)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/**
 * An exact non-negative fraction `num/den` of bigints, used for ratios such as "economic benefit per day
 * per rupiah of principal" that must be compared with caps without rounding.
 */
export interface Ratio {
  readonly num: bigint;
  readonly den: bigint;
}

/** Builds a ratio from rate units (e.g. a daily cap) so it can be compared with other ratios. */
export function ratioOfUnits(units: RateUnits): Ratio {
  return { num: BigInt(units), den: RATE_SCALE };
}

/** Compares two ratios exactly: negative when a < b, zero when equal, positive when a > b. */
export function compareRatio(a: Ratio, b: Ratio): number {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}

/**
 * Formats a ratio as a percent string rounded UP to 6 decimals (so a figure shown next to a cap is never
 * understated): 886302 / (3000000·90) → `"0.32826"`.
 */
export function formatRatioPercent(r: Ratio): string {
  const units = (r.num * RATE_SCALE + r.den - 1n) / r.den;
  return formatPercent(Number(units));
}
