/**
 * Splitting a principal and its charges into instalments, per interest method.
 *
 * Works on bigints and exact fractions; every rounding is named. Principal parts always sum exactly to the
 * principal.
 */
import { addRatio, mulRatio, ratio, ZERO_RATIO, type Ratio } from '../money/rate.ts';
import {
  roundWith,
  splitCumulative,
  splitLastRemainder,
  sumBigInt,
  type RoundingMode,
} from '../money/rounding.ts';
import type { InterestMethod, LoanProduct } from './product.ts';

/** The raw split of one instalment before discounts. */
export interface RawInstalment {
  readonly principal: bigint;
  readonly interest: bigint;
  readonly fee: bigint;
}

/** The exact share of the balance each charge takes over one period (see `periodFactor`). */
export interface PeriodFactors {
  readonly interest: Ratio;
  readonly fee: Ratio;
}

/** Inputs of {@link amortize}. */
export interface AmortizationInput {
  readonly method: InterestMethod;
  readonly principal: bigint;
  /** One entry per period, in order. */
  readonly periods: readonly PeriodFactors[];
  readonly rounding: RoundingMode;
  readonly remainder: LoanProduct['remainder'];
}

/**
 * Splits the loan into instalments.
 *
 * - `flat`: interest and fee are charged on the original principal over the whole tenor; each total is
 *   rounded once, then shared over the periods in proportion to their factors; the principal is shared
 *   equally. `remainder` says where the rounding remainders of those shares go.
 * - `declining-equal-principal`: equal principal parts; each period's interest and fee are charged on the
 *   balance outstanding during that period and rounded per period.
 * - `declining-equal-instalments`: the exact annuity payment for the (possibly unequal) period rates is
 *   found with fractions and rounded; each period's charges are on the outstanding balance and the
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

/** Integer weights proportional to the fractions (brought to their common denominator). */
function weightsOf(factors: readonly Ratio[]): bigint[] {
  const common = factors.reduce((d, f) => (d % f.den === 0n ? d : (d * f.den) / gcd(d, f.den)), 1n);
  return factors.map((f) => f.num * (common / f.den));
}

function gcd(a: bigint, b: bigint): bigint {
  return b === 0n ? a : gcd(b, a % b);
}

/** Shares `total` in proportion to `weights`, with the remainder where the product says. */
function share(total: bigint, weights: readonly bigint[], input: AmortizationInput): bigint[] {
  if (input.remainder === 'spread') return splitCumulative(total, weights);
  const sum = sumBigInt(weights);
  if (sum === 0n) return splitCumulative(total, weights);
  const parts = weights.slice(0, -1).map((w) => roundWith(input.rounding, total * w, sum));
  const rest = total - sumBigInt(parts);
  // Rounding every share up can overshoot on tiny totals: fall back to the exact cumulative split then.
  return rest < 0n ? splitCumulative(total, weights) : [...parts, rest];
}

function equalPrincipal(input: AmortizationInput): bigint[] {
  const n = input.periods.length;
  return input.remainder === 'last-instalment'
    ? splitLastRemainder(input.principal, n, input.rounding)
    : splitCumulative(
        input.principal,
        input.periods.map(() => 1n),
      );
}

function charge(balance: bigint, factor: Ratio, rounding: RoundingMode): bigint {
  return roundWith(rounding, balance * factor.num, factor.den);
}

function flat(input: AmortizationInput): RawInstalment[] {
  const { principal, periods, rounding } = input;
  const total = (pick: (p: PeriodFactors) => Ratio): bigint[] => {
    const factors = periods.map(pick);
    const sum = factors.reduce(addRatio, ZERO_RATIO);
    return share(charge(principal, sum, rounding), weightsOf(factors), input);
  };
  const principals = equalPrincipal(input);
  const interests = total((p) => p.interest);
  const fees = total((p) => p.fee);
  return periods.map((_, i) => ({
    principal: principals[i] ?? 0n,
    interest: interests[i] ?? 0n,
    fee: fees[i] ?? 0n,
  }));
}

function decliningEqualPrincipal(input: AmortizationInput): RawInstalment[] {
  const { principal, periods, rounding } = input;
  const principals = equalPrincipal(input);
  let balance = principal;
  return periods.map((p, i) => {
    const part = principals[i] ?? 0n;
    const row = {
      principal: part,
      interest: charge(balance, p.interest, rounding),
      fee: charge(balance, p.fee, rounding),
    };
    balance -= part;
    return row;
  });
}

/**
 * The exact annuity payment A with per-period growth factors gᵢ = 1 + rᵢ: the balance after the last
 * period, P·Πgᵢ − A·Σₖ Πⱼ₌ₖ₊₁..ₙ gⱼ, is zero, so A = P·Πgᵢ / Σₖ Πⱼ>ₖ gⱼ.
 */
function annuityPayment(principal: bigint, growth: readonly Ratio[], rounding: RoundingMode): bigint {
  let product: Ratio = ratio(1n, 1n);
  let tails: Ratio = ZERO_RATIO;
  for (let k = growth.length - 1; k >= 0; k -= 1) {
    tails = addRatio(tails, product);
    product = mulRatio(product, growth[k] ?? ratio(1n, 1n));
  }
  // A = P · (product.num/product.den) / (tails.num/tails.den)
  return roundWith(rounding, principal * product.num * tails.den, product.den * tails.num);
}

function decliningEqualInstalments(input: AmortizationInput): RawInstalment[] {
  const { principal, periods, rounding } = input;
  const growth = periods.map((p) => addRatio(ratio(1n, 1n), addRatio(p.interest, p.fee)));
  const payment = annuityPayment(principal, growth, rounding);
  let balance = principal;
  return periods.map((p, i) => {
    const interest = charge(balance, p.interest, rounding);
    const fee = charge(balance, p.fee, rounding);
    const isLast = i === periods.length - 1;
    let part = isLast ? balance : payment - interest - fee;
    // Rounding can make a payment too small or too large by a rupiah; never let principal leave [0, balance].
    if (part < 0n) part = 0n;
    if (part > balance) part = balance;
    balance -= part;
    return { principal: part, interest, fee };
  });
}
