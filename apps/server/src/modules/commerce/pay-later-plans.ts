import type { CommercePlan, RepayPreview } from '@kaskita/domain/contract/commerce';
import type { Locale } from '@kaskita/domain/i18n/locale';
import type { Rupiah } from '@kaskita/domain/money/rupiah';
import type { BusinessDate } from '@kaskita/domain/pricing/business-date';
import { plan, type Plan } from '@kaskita/domain/pricing/plan';
import { findTenor, ProductError, type LoanProduct } from '@kaskita/domain/pricing/product';
import { checkPlan } from '@kaskita/domain/pricing/regulatory-check';
import { parseTenorKey, tenorKey, tenorLabel } from '@kaskita/domain/pricing/tenor-key';
import { AppError } from '../../http/app-error.ts';
import type { CommerceCoupon } from './commerce-merchants.ts';

/** What the checkout offers (spec sections 1 and 9): 30 days, or 3 or 6 monthly instalments. */
export const CHECKOUT_TENORS: readonly string[] = ['day-30-1', 'month-3-3', 'month-6-6'];

/** A plan id: `<product>.<tenor key>`. */
export function planId(productId: string, period: string): string {
  return `${productId}.${period}`;
}

/** A priced plan with the product it came from (the purchase stores both). */
export interface PricedPlan {
  product: LoanProduct;
  plan: Plan;
  view: CommercePlan;
}

/**
 * The checkout's plans on `date`: each product's tenors the checkout offers, priced by the loan engine and kept only
 * when the amount is within the product and the plan within the caps in force. Pure: products and coupons come in.
 */
export function checkoutPlans(
  products: readonly LoanProduct[],
  amount: Rupiah,
  date: BusinessDate,
  locale: Locale,
): PricedPlan[] {
  const priced: PricedPlan[] = [];
  for (const product of products)
    for (const tenor of product.tenors) {
      const period = tenorKey(tenor);
      if (!CHECKOUT_TENORS.includes(period)) continue;
      const one = tryPlan(product, amount, period, date, locale, null);
      if (one) priced.push(one);
    }
  return priced;
}

/**
 * One plan by its id, with a coupon. Refuses a plan the products do not offer on this amount and date (4421, or 4293
 * for an amount outside the product), a coupon not valid for that plan (4415), and a plan over the caps (4296).
 */
export function pricePlan(
  products: readonly LoanProduct[],
  pid: string,
  amount: Rupiah,
  date: BusinessDate,
  locale: Locale,
  coupon: CommerceCoupon | null,
): PricedPlan {
  const dot = pid.indexOf('.');
  const product = products.find((p) => p.id === pid.slice(0, dot));
  const period = pid.slice(dot + 1);
  const tenor = parseTenorKey(period);
  if (dot < 0 || !product || !tenor || !CHECKOUT_TENORS.includes(period))
    throw new AppError('PAY_LATER_PLAN_NOT_OFFERED');
  try {
    findTenor(product, tenor);
  } catch (error) {
    if (error instanceof ProductError) throw new AppError('PAY_LATER_PLAN_NOT_OFFERED');
    throw error;
  }
  if (coupon && !coupon.plans.includes(pid)) throw new AppError('COUPON_NOT_VALID');
  if (amount < product.amount.min || amount > product.amount.max)
    throw new AppError('AMOUNT_NOT_OFFERED', {
      min_amount: product.amount.min,
      max_amount: product.amount.max,
      step: product.amount.step,
    });
  const priced = tryPlan(product, amount, period, date, locale, coupon);
  if (!priced) throw new AppError('PLAN_OVER_CAP');
  return priced;
}

function tryPlan(
  product: LoanProduct,
  amount: Rupiah,
  period: string,
  date: BusinessDate,
  locale: Locale,
  coupon: CommerceCoupon | null,
): PricedPlan | null {
  const tenor = parseTenorKey(period);
  if (!tenor) return null;
  let schedule: Plan;
  try {
    schedule = plan(product, amount, tenor, date, coupon ? { coupon: coupon.coupon } : {});
  } catch (error) {
    if (error instanceof ProductError) return null;
    throw error;
  }
  // A plan over the caps in force is never offered, whatever the product says.
  if (!checkPlan(schedule, date).ok) return null;
  return { product, plan: schedule, view: planView(product, schedule, period, locale) };
}

function planView(product: LoanProduct, schedule: Plan, period: string, locale: Locale): CommercePlan {
  const { totals } = schedule;
  return {
    pid: planId(product.id, period),
    product_id: product.id,
    period,
    label: tenorLabel(schedule.tenor)[locale],
    free_interest: product.freeInterest === true,
    instalments: schedule.instalments.length,
    amount: schedule.amount,
    interest: totals.interest,
    fee: totals.fee,
    discount: totals.discount,
    total: totals.repayment,
    first_instalment: schedule.instalments[0]?.total ?? totals.repayment,
    coupon_id: schedule.couponId,
  };
}

/** The plan with every instalment (repay_preview, and the order's chosen plan). */
export function withSchedule(priced: PricedPlan): RepayPreview {
  return {
    ...priced.view,
    schedule: priced.plan.instalments.map((i) => ({
      number: i.number,
      due_date: i.dueDate,
      principal: i.principal,
      interest: i.interest,
      fee: i.fee,
      total: i.total,
    })),
  };
}
