/**
 * Splitting a principal and its charges into instalments, per interest method.
 *
 * Works on bigints; every rounding is named. Principal parts always sum exactly to the principal.
 */
import { RATE_SCALE, type RateUnits } from '../money/rate.ts';
import { roundWith, splitCumulative, sumBigInt, type RoundingMode } from '../money/rounding.ts';
import type { Period } from './periods.ts';
import type { InterestMethod } from './product.ts';

/** The raw split of one instalment before discounts. */
export interface RawInstalment {
  readonly principal: bigint;
  readonly interest: bigint;
  readonly fee: bigint;
}

/** Inputs of {@link amortize}. */
export interface AmortizationInput {
  readonly method: InterestMethod;
  readonly principal: bigint;
  readonly interestRate: RateUnits;
  readonly feeRate: RateUnits;
  readonly periods: readonly Period[];
  readonly rounding: RoundingMode;
}

/**
 * Splits the loan into instalments.
 *
 * - `flat`: interest and fee are charged on the original principal for every charged day; each total is
 *   rounded once, then spread over the periods in proportion to their charged days with
 *   {@link splitCumulative}; the principal is spread equally the same way.
 * - `declining-equal-principal`: equal principal parts; each period's interest and fee are charged on the
 *   balance outstanding during that period and rounded per period.
 * - `declining-equal-instalments`: the exact annuity payment for the (possibly unequal) period rates is
 *   found with rationals and rounded; each period's charges are on the outstanding balance and the
 *   principal is the rest of the payment; the last instalment takes whatever principal remains, so it may
 *   differ from the others by a few rupiah.
 */
export function amortize(input: AmortizationInput): RawInstalment[] {
  switch (input.method) {
    case 'flat':
      return flat(input);
    case 'declining-equal-principal':
      return decliningEqualPrincipal(input);
    case 'declining-equal-instalments':
      return decliningEqualInstalments(input);
  }
}

function flat({ principal, interestRate, feeRate, periods, rounding }: AmortizationInput): RawInstalment[] {
  const days = periods.map((p) => BigInt(p.chargedDays));
  const totalDays = sumBigInt(days);
  const interest = roundWith(rounding, principal * BigInt(interestRate) * totalDays, RATE_SCALE);
  const fee = roundWith(rounding, principal * BigInt(feeRate) * totalDays, RATE_SCALE);
  const principals = splitCumulative(
    principal,
    periods.map(() => 1n),
  );
  const interests = splitCumulative(interest, days);
  const fees = splitCumulative(fee, days);
  return periods.map((_, i) => ({
    principal: principals[i] ?? 0n,
    interest: interests[i] ?? 0n,
    fee: fees[i] ?? 0n,
  }));
}

function charge(balance: bigint, rate: RateUnits, days: number, rounding: RoundingMode): bigint {
  return roundWith(rounding, balance * BigInt(rate) * BigInt(days), RATE_SCALE);
}

function decliningEqualPrincipal(input: AmortizationInput): RawInstalment[] {
  const { principal, interestRate, feeRate, periods, rounding } = input;
  const principals = splitCumulative(
    principal,
    periods.map(() => 1n),
  );
  let balance = principal;
  return periods.map((p, i) => {
    const part = principals[i] ?? 0n;
    const row = {
      principal: part,
      interest: charge(balance, interestRate, p.chargedDays, rounding),
      fee: charge(balance, feeRate, p.chargedDays, rounding),
    };
    balance -= part;
    return row;
  });
}

/**
 * The exact annuity payment A with per-period growth factors gᵢ = 1 + rᵢ: the balance after the last
 * period, P·Πgᵢ − A·Σₖ Πⱼ₌ₖ₊₁..ₙ gⱼ, is zero. Computed over the common denominator RATE_SCALEⁿ.
 */
function annuityPayment(principal: bigint, growth: readonly bigint[], rounding: RoundingMode): bigint {
  // growth[i] = RATE_SCALE + rate·days, i.e. gᵢ scaled by RATE_SCALE.
  const n = growth.length;
  let product = 1n;
  for (const g of growth) product *= g;
  // Σₖ (Πⱼ>ₖ gⱼ) · RATE_SCALE^(k) brings each term to the denominator RATE_SCALE^(n-1).
  let sum = 0n;
  let tail = 1n;
  for (let k = n - 1; k >= 0; k -= 1) {
    sum += tail * RATE_SCALE ** BigInt(k);
    tail *= growth[k] ?? RATE_SCALE;
  }
  // A = P·Π/RATE_SCALEⁿ ÷ (sum/RATE_SCALEⁿ⁻¹) = P·Π / (sum·RATE_SCALE)
  return roundWith(rounding, principal * product, sum * RATE_SCALE);
}

function decliningEqualInstalments(input: AmortizationInput): RawInstalment[] {
  const { principal, interestRate, feeRate, periods, rounding } = input;
  const growth = periods.map((p) => RATE_SCALE + BigInt(interestRate + feeRate) * BigInt(p.chargedDays));
  const payment = annuityPayment(principal, growth, rounding);
  let balance = principal;
  return periods.map((p, i) => {
    const interest = charge(balance, interestRate, p.chargedDays, rounding);
    const fee = charge(balance, feeRate, p.chargedDays, rounding);
    const isLast = i === periods.length - 1;
    let part = isLast ? balance : payment - interest - fee;
    // Rounding can make a payment too small or too large by a rupiah; never let principal leave [0, balance].
    if (part < 0n) part = 0n;
    if (part > balance) part = balance;
    balance -= part;
    return { principal: part, interest, fee };
  });
}
