/**
 * `plan()`: the full repayment schedule of a loan offer — what `v1/order/plan_v2`, the landing-page
 * example and every repayment screen show.
 */
import { fromBigInt, type Rupiah } from '../money/rupiah.ts';
import { roundWith, splitCumulative, sumBigInt, type RoundingMode } from '../money/rounding.ts';
import { daysBetween, type BusinessDate } from './business-date.ts';
import { amortize } from './amortization.ts';
import { couponDiscount, couponSchema, type Coupon } from './coupon.ts';
import { schedulePeriods } from './periods.ts';
import { periodFactor, type RateSpec } from './rates.ts';
import {
  assertOffer,
  findTenor,
  productRates,
  ProductError,
  type DayCount,
  type InterestMethod,
  type LateFeeBase,
  type LoanProduct,
  type Tenor,
  type TenorRequest,
} from './product.ts';

/** One row of the schedule, in the shape of Fineract's schedule tables. */
export interface PlanInstalment {
  readonly number: number;
  /** The previous due date (or the start date): interest of this row runs from here. */
  readonly periodStart: BusinessDate;
  readonly dueDate: BusinessDate;
  /** Calendar days in the period. */
  readonly days: number;
  /** Days charged by the product's day-count basis. */
  readonly chargedDays: number;
  readonly principal: Rupiah;
  /** Interest after any coupon discount. */
  readonly interest: Rupiah;
  /** Service/platform fee after any coupon discount. */
  readonly fee: Rupiah;
  /** principal + interest + fee. */
  readonly total: Rupiah;
  /** Principal still outstanding after this instalment is paid. */
  readonly principalBalance: Rupiah;
  /** Everything still to repay after this instalment is paid. */
  readonly remaining: Rupiah;
}

/** Totals of a plan. */
export interface PlanTotals {
  readonly principal: Rupiah;
  readonly interest: Rupiah;
  readonly fee: Rupiah;
  /** Origination/admin fee deducted at disbursement (not part of the instalments). */
  readonly originationFee: Rupiah;
  /** Total coupon discount already taken off `interest` and `fee`. */
  readonly discount: Rupiah;
  /** Economic benefit in the regulator's sense: interest + fee + origination fee (no late fees). */
  readonly economicBenefit: Rupiah;
  /** Sum of instalments: principal + interest + fee. */
  readonly repayment: Rupiah;
}

/** A complete repayment plan. */
export interface Plan {
  readonly productId: string;
  readonly kind: LoanProduct['kind'];
  readonly purpose: LoanProduct['purpose'];
  readonly amount: Rupiah;
  readonly tenor: Tenor;
  readonly startDate: BusinessDate;
  readonly maturityDate: BusinessDate;
  /** Calendar days from start to maturity. */
  readonly days: number;
  readonly interestMethod: InterestMethod;
  readonly dayCount: DayCount;
  readonly rounding: RoundingMode;
  /** Rates actually applied, as the product states them (interest is "0" under free interest). */
  readonly rates: {
    readonly interest: RateSpec;
    readonly serviceFee: RateSpec;
    readonly lateFee: { readonly daily: string; readonly base: LateFeeBase };
  };
  readonly couponId: string | null;
  readonly instalments: readonly PlanInstalment[];
  readonly totals: PlanTotals;
  /**
   * What the borrower actually receives, stated before acceptance: `amount` minus fees deducted at
   * disbursement.
   */
  readonly disbursement: { readonly received: Rupiah; readonly deducted: Rupiah };
}

/** Optional pricing inputs of {@link plan}. */
export interface PlanOptions {
  /** A coupon to apply (validated here). */
  readonly coupon?: Coupon;
  /** Free-interest promotion: interest is zero (fees still apply). */
  readonly freeInterest?: boolean;
}

/**
 * Computes the repayment schedule of `amount` over `tenor` starting on `startDate`.
 *
 * Every amount is integer rupiah; instalments sum exactly to the totals and principal parts to the
 * amount. It validates the offer (amount range and step, tenor, product validity on `startDate`) but not
 * the regulatory caps: call `checkPlan` from `regulatory-check.ts` before offering the plan.
 * @throws ProductError when the product does not offer this amount or tenor on `startDate`.
 */
export function plan(
  product: LoanProduct,
  amount: Rupiah,
  tenor: TenorRequest,
  startDate: BusinessDate,
  options: PlanOptions = {},
): Plan {
  assertOffer(product, amount, startDate);
  const chosen = findTenor(product, tenor);
  const rates = productRates(product, options.freeInterest);
  const periods = schedulePeriods(chosen, startDate, product.dayCount);
  const principal = BigInt(amount);
  const raw = amortize({
    method: product.interestMethod,
    principal,
    periods: periods.map((p) => ({
      interest: periodFactor(rates.interest, p.start, p.chargedDays),
      fee: periodFactor(rates.serviceFee, p.start, p.chargedDays),
    })),
    rounding: product.rounding,
    remainder: product.remainder,
  });
  const coupon = options.coupon ? couponSchema.parse(options.coupon) : null;
  const grossInterest = raw.map((r) => r.interest);
  const grossFee = raw.map((r) => r.fee);
  const discount = coupon
    ? couponDiscount(coupon, sumBigInt(grossInterest), sumBigInt(grossFee))
    : { interest: 0n, fee: 0n };
  // Spreading each discount in proportion to the charges keeps every instalment's charge ≥ 0.
  const interestOff = splitCumulative(discount.interest, grossInterest);
  const feeOff = splitCumulative(discount.fee, grossFee);

  const origination =
    roundWith(product.rounding, principal * rates.origination.num, rates.origination.den) +
    BigInt(product.pricing.originationFee.fixed);
  if (origination >= principal) throw new ProductError('origination fee would swallow the whole amount');

  const rows = raw.map((r, i) => {
    const interest = r.interest - (interestOff[i] ?? 0n);
    const fee = r.fee - (feeOff[i] ?? 0n);
    return { principal: r.principal, interest, fee, total: r.principal + interest + fee };
  });
  const totalRepayment = sumBigInt(rows.map((r) => r.total));
  let balance = principal;
  let remaining = totalRepayment;
  const instalments: PlanInstalment[] = rows.map((row, i) => {
    const period = periods[i];
    if (!period) throw new Error('periods and instalments out of step');
    balance -= row.principal;
    remaining -= row.total;
    return {
      number: period.number,
      periodStart: period.start,
      dueDate: period.due,
      days: period.actualDays,
      chargedDays: period.chargedDays,
      principal: fromBigInt(row.principal),
      interest: fromBigInt(row.interest),
      fee: fromBigInt(row.fee),
      total: fromBigInt(row.total),
      principalBalance: fromBigInt(balance),
      remaining: fromBigInt(remaining),
    };
  });
  const interestTotal = sumBigInt(rows.map((r) => r.interest));
  const feeTotal = sumBigInt(rows.map((r) => r.fee));
  const maturityDate = periods[periods.length - 1]?.due ?? startDate;
  return {
    productId: product.id,
    kind: product.kind,
    purpose: product.purpose,
    amount,
    tenor: chosen,
    startDate,
    maturityDate,
    days: daysBetween(startDate, maturityDate),
    interestMethod: product.interestMethod,
    dayCount: product.dayCount,
    rounding: product.rounding,
    rates: {
      interest: rates.interest.value.num === 0n ? '0' : product.pricing.interest,
      serviceFee: product.pricing.serviceFee,
      lateFee: product.pricing.lateFee,
    },
    couponId: coupon?.id ?? null,
    instalments,
    totals: {
      principal: amount,
      interest: fromBigInt(interestTotal),
      fee: fromBigInt(feeTotal),
      originationFee: fromBigInt(origination),
      discount: fromBigInt(discount.interest + discount.fee),
      economicBenefit: fromBigInt(interestTotal + feeTotal + origination),
      repayment: fromBigInt(totalRepayment),
    },
    disbursement: { received: fromBigInt(principal - origination), deducted: fromBigInt(origination) },
  };
}
