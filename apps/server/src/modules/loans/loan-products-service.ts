import type { LandingExample } from '@kaskita/domain/contract/landing';
import { addRatio, formatPercent } from '@kaskita/domain/money/rate';
import { ZERO_RUPIAH } from '@kaskita/domain/money/rupiah';
import { snapDownToStep } from '@kaskita/domain/pricing/amount-step';
import { businessDateAt, type BusinessDate } from '@kaskita/domain/pricing/business-date';
import { plan, type Plan } from '@kaskita/domain/pricing/plan';
import {
  findTenor,
  isOfferedOn,
  parseProduct,
  ProductError,
  productRates,
  type LoanProduct,
  type Tenor,
} from '@kaskita/domain/pricing/product';
import { maxDailyRate } from '@kaskita/domain/pricing/rates';
import { checkPlan, checkProduct } from '@kaskita/domain/pricing/regulatory-check';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { LoanProductsRepository } from './loan-products-repository.ts';

/** The landing sample of the spec: 3,000,000 over 3 months, when the product offers it. */
const SAMPLE_AMOUNT = 3_000_000;
const SAMPLE_TENOR: Tenor = { unit: 'month', length: 3, instalments: 3 };

/** Products offered today: active, valid on the business date, and within the caps in force. */
export class LoanProductsService {
  constructor(
    private readonly db: Db,
    private readonly repo: LoanProductsRepository,
    private readonly clock: Clock,
  ) {}

  private today(): BusinessDate {
    return businessDateAt(this.clock.now());
  }

  /** Active products that may be offered on `date`; a stored product that fails validation or the caps is skipped. */
  async offered(date: BusinessDate = this.today()): Promise<LoanProduct[]> {
    const rows = await this.repo.listActive(this.db);
    const products: LoanProduct[] = [];
    for (const row of rows) {
      let product: LoanProduct;
      try {
        product = parseProduct(row.data);
      } catch {
        continue;
      }
      if (isOfferedOn(product, date) && checkProduct(product, date).ok) products.push(product);
    }
    return products;
  }

  /** The landing page's example, computed by the loan engine from the first cash-loan product offered today. */
  async landingExample(): Promise<LandingExample> {
    const today = this.today();
    const product = (await this.offered(today)).find((p) => p.kind === 'cash-loan');
    if (!product) throw new AppError('NOT_FOUND');

    const schedule = samplePlanOf(product, today);
    if (!checkPlan(schedule, today).ok) throw new AppError('NOT_FOUND');
    const months = product.tenors.filter((t) => t.unit === 'month').map((t) => t.length);
    const rates = productRates(product);
    // An annual rate is shown per day as the caps are, at its dearest day (rounded up, never understated).
    const interest = maxDailyRate(rates.interest);
    const serviceFee = maxDailyRate(rates.serviceFee);
    return {
      product_name: product.name,
      amount: schedule.amount,
      tenor_months: schedule.tenor.unit === 'month' ? schedule.tenor.length : 1,
      instalments: schedule.instalments.length,
      // Interest + fee + origination fee (= repayment − principal + origination fee).
      total_interest_and_fees: schedule.totals.economicBenefit,
      instalment: schedule.instalments[0]?.total ?? ZERO_RUPIAH,
      total_repayment: schedule.totals.repayment,
      amount_received: schedule.disbursement.received,
      daily_interest_percent: formatPercent(interest),
      daily_service_fee_percent: formatPercent(serviceFee),
      daily_late_fee_percent: formatPercent(rates.lateFee),
      daily_cost_percent: formatPercent(addRatio(interest, serviceFee)),
      origination_fee_percent: formatPercent(rates.origination),
      origination_fee_fixed: product.pricing.originationFee.fixed,
      min_amount: product.amount.min,
      max_amount: product.amount.max,
      max_tenor_months: months.length > 0 ? Math.max(...months) : 1,
    };
  }
}

/** The spec's sample when the product offers it, else the product's longest tenor at the nearest offered amount. */
function samplePlanOf(product: LoanProduct, date: BusinessDate): Plan {
  const amount = snapDownToStep(product.amount, SAMPLE_AMOUNT);
  return plan(product, amount, sampleTenorOf(product), date);
}

/** The spec's sample tenor when the product offers it, else the product's last-listed tenor (its longest, as seeded). */
function sampleTenorOf(product: LoanProduct): Tenor {
  try {
    return findTenor(product, SAMPLE_TENOR);
  } catch (error) {
    if (!(error instanceof ProductError)) throw error;
    return product.tenors[product.tenors.length - 1]!;
  }
}
