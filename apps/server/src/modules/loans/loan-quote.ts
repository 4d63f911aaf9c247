import { largestOfferedAmount } from '@kaskita/domain/credit/affordability-rule';
import { checkAffordability } from '@kaskita/domain/pricing/affordability';
import { isOfferedAmount } from '@kaskita/domain/pricing/amount-step';
import { formatPercent, ratio } from '@kaskita/domain/money/rate';
import type { Rupiah } from '@kaskita/domain/money/rupiah';
import type { BusinessDate } from '@kaskita/domain/pricing/business-date';
import { plan, type Plan } from '@kaskita/domain/pricing/plan';
import { findTenor, ProductError, productRates, type LoanProduct } from '@kaskita/domain/pricing/product';
import { capsInForce } from '@kaskita/domain/pricing/regulatory-caps';
import { checkPlan, lateFeeCeiling } from '@kaskita/domain/pricing/regulatory-check';
import { parseTenorKey } from '@kaskita/domain/pricing/tenor-key';
import { AppError } from '../../http/app-error.ts';

/** What the borrower asked for. */
export interface QuoteRequest {
  pid: string;
  money: Rupiah;
  period: string;
}

/** A plan the server computed and checked: the product's offer, the limit, the caps and affordability. */
export interface Quote {
  product: LoanProduct;
  plan: Plan;
  caps: {
    dailyCostPercent: string;
    dailyCapPercent: string;
    dailyLateFeePercent: string;
    lateFeeCeiling: Rupiah;
  };
  affordability: {
    monthlyIncome: Rupiah | null;
    largestMonthlyRepayment: Rupiah;
    sharePercent: string | null;
    limitPercent: string;
  };
}

/**
 * Plans `request` on `date` with the loan engine and refuses what may not be offered: an unknown product (4292), an
 * amount off the product's range or step (4293), a tenor it does not offer (4294), more than the available limit
 * (4295), a plan over the caps in force (4296) or one whose largest monthly repayment exceeds the share of income the
 * rules allow (4300). Pure apart from its inputs: the service loads products, the limit and the income.
 */
export function quoteLoan(
  request: QuoteRequest,
  context: { products: readonly LoanProduct[]; available: Rupiah; monthlyIncome: Rupiah; date: BusinessDate },
): Quote {
  const product = context.products.find((p) => p.id === request.pid);
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  const tenor = parseTenorKey(request.period);
  try {
    if (!tenor) throw new ProductError('not a tenor key');
    findTenor(product, tenor);
  } catch (error) {
    if (error instanceof ProductError) throw new AppError('TENOR_NOT_OFFERED');
    throw error;
  }
  const { min, max, step } = product.amount;
  if (!isOfferedAmount(product.amount, request.money))
    throw new AppError('AMOUNT_NOT_OFFERED', { min_amount: min, max_amount: max, step });
  if (request.money > context.available)
    throw new AppError('OVER_LIMIT', { available_amount: context.available });
  const schedule = plan(product, request.money, tenor, context.date);
  const caps = checkPlan(schedule, context.date);
  if (!caps.ok) throw new AppError('PLAN_OVER_CAP');
  const afford = checkAffordability(schedule, context.monthlyIncome, context.date);
  if (!afford.ok)
    throw new AppError('PLAN_UNAFFORDABLE', {
      largest_monthly_repayment: afford.largestMonthlyRepayment,
      // What the borrower may take on this tenor instead: the refusal says how far to go down, not only "too much".
      max_amount: largestOfferedAmount(product, tenor, context.date, context),
    });
  const inForce = capsInForce(context.date, schedule.purpose, schedule.tenor);
  return {
    product,
    plan: schedule,
    caps: {
      dailyCostPercent: formatPercent(
        ratio(BigInt(schedule.totals.economicBenefit), BigInt(schedule.amount) * BigInt(schedule.days)),
      ),
      dailyCapPercent: inForce ? formatPercent(inForce.dailyEconomicBenefit) : '0',
      dailyLateFeePercent: formatPercent(productRates(product).lateFee),
      lateFeeCeiling: lateFeeCeiling(schedule),
    },
    affordability: {
      monthlyIncome: context.monthlyIncome > 0 ? context.monthlyIncome : null,
      largestMonthlyRepayment: afford.largestMonthlyRepayment,
      sharePercent: afford.shareOfIncome,
      limitPercent: afford.maxShareOfIncome ?? '100',
    },
  };
}
