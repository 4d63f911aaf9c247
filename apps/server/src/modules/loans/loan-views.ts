import type { LoanPlanView, LoanProducts, PurposeView } from '@kaskita/domain/contract/loans';
import type { LoanPurposeNode } from '@kaskita/domain/i18n/loan-purposes';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { formatPercent } from '@kaskita/domain/money/rate';
import { ZERO_RUPIAH, type Rupiah } from '@kaskita/domain/money/rupiah';
import { largestAmountOnStep } from '@kaskita/domain/pricing/amount-step';
import type { PlanInstalment } from '@kaskita/domain/pricing/plan';
import { productRates, type LoanProduct, type Tenor } from '@kaskita/domain/pricing/product';
import { maxDailyRate } from '@kaskita/domain/pricing/rates';
import { tenorKey, tenorLabel } from '@kaskita/domain/pricing/tenor-key';
import type { Quote } from './loan-quote.ts';

/** A product as the borrower may take it today: its maximum lowered to what the borrower has available. */
export function productView(
  product: LoanProduct,
  available: Rupiah,
  locale: Locale,
  /** The most this borrower may take on a tenor (credit/affordability-rule.ts largestOfferedAmount). */
  maxOnTenor: (tenor: Tenor) => Rupiah,
): LoanProducts['list'][number] {
  const rates = productRates(product);
  const { min, step } = product.amount;
  // The largest amount on the product's step within the available limit.
  const maxForYou = largestAmountOnStep(product.amount, available) ?? ZERO_RUPIAH;
  // An annual rate is shown per day as the caps are, at its dearest day (never understated).
  const interest = formatPercent(maxDailyRate(rates.interest));
  const fee = formatPercent(maxDailyRate(rates.serviceFee));
  const origination = product.pricing.originationFee;
  const show = (percent: string) => (locale === 'id-ID' ? percent.replace('.', ',') : percent);
  const noUpfront = origination.percent === '0' && origination.fixed === 0;
  return {
    pid: product.id,
    name: locale === 'id-ID' ? product.name : productNameEn(product),
    min_amount: min,
    max_amount: maxForYou,
    step,
    tenors: product.tenors.map((t) => ({
      period: tenorKey(t),
      unit: t.unit,
      length: t.length,
      instalments: t.instalments,
      label: tenorLabel(t)[locale],
      max_amount: maxOnTenor(t),
    })),
    daily_interest_percent: interest,
    daily_service_fee_percent: fee,
    daily_late_fee_percent: product.pricing.lateFee.daily,
    origination_fee_percent: origination.percent,
    origination_fee_fixed: origination.fixed,
    price_text:
      locale === 'id-ID'
        ? `Bunga ${show(interest)}% per hari, biaya layanan ${show(fee)}% per hari${noUpfront ? ', tanpa potongan di muka' : ''}. Denda keterlambatan ${show(product.pricing.lateFee.daily)}% per hari dari pokok yang terlambat.`
        : `Interest ${interest}% a day, service fee ${fee}% a day${noUpfront ? ', nothing deducted up front' : ''}. Late fee ${product.pricing.lateFee.daily}% a day of the overdue principal.`,
  };
}

function productNameEn(product: LoanProduct): string {
  return product.kind === 'cash-loan' ? 'Cash loan' : product.name;
}

export function purposeView(node: LoanPurposeNode, parentId: number | null, locale: Locale): PurposeView {
  return {
    id: node.id,
    name: node.name[locale],
    name_id: node.name['id-ID'],
    name_en: node.name['en-US'],
    parent_id: parentId,
    children: (node.children ?? []).map((child) => purposeView(child, node.id, locale)),
  };
}

/** A row of the engine's plan as the API answers it. */
export function instalmentView(i: PlanInstalment): LoanPlanView['instalments'][number] {
  return {
    number: i.number,
    due_date: i.dueDate,
    principal: i.principal,
    interest: i.interest,
    fee: i.fee,
    total: i.total,
    remaining: i.remaining,
  };
}

export function planView(quote: Quote, locale: Locale): LoanPlanView {
  const { plan, caps, affordability } = quote;
  return {
    pid: plan.productId,
    amount: plan.amount,
    period: tenorKey(plan.tenor),
    tenor_label: tenorLabel(plan.tenor)[locale],
    start_date: plan.startDate,
    maturity_date: plan.maturityDate,
    days: plan.days,
    instalments: plan.instalments.map(instalmentView),
    totals: {
      principal: plan.totals.principal,
      interest: plan.totals.interest,
      fee: plan.totals.fee,
      origination_fee: plan.totals.originationFee,
      cost: plan.totals.economicBenefit,
      repayment: plan.totals.repayment,
    },
    amount_received: plan.disbursement.received,
    deducted: plan.disbursement.deducted,
    caps: {
      daily_cost_percent: caps.dailyCostPercent,
      daily_cap_percent: caps.dailyCapPercent,
      daily_late_fee_percent: caps.dailyLateFeePercent,
      late_fee_ceiling: caps.lateFeeCeiling,
      within_caps: true,
    },
    affordability: {
      monthly_income: affordability.monthlyIncome,
      largest_monthly_repayment: affordability.largestMonthlyRepayment,
      share_percent: affordability.sharePercent,
      limit_percent: affordability.limitPercent,
    },
  };
}
