import type { LandingExample } from '@kaskita/domain/contract/landing';
import { addRatio, formatPercent } from '@kaskita/domain/money/rate';
import { ZERO_RUPIAH } from '@kaskita/domain/money/rupiah';
import { snapDownToStep } from '@kaskita/domain/pricing/amount-step';
import { addDays, businessDateAt, type BusinessDate } from '@kaskita/domain/pricing/business-date';
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
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { LoanProductsRepository, ProductVersionRow } from './loan-products-repository.ts';

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

  /**
   * Every version of every product with the days it is offered: the seeded row of an id is its version 0, ended the
   * day before the id's first published version starts; published versions carry their own end (the day before the
   * next one starts). A stored product that fails validation has `product: null` and is never offered.
   */
  async catalogue(db: DbOrTx = this.db): Promise<ProductVersionEntry[]> {
    const [seeded, published] = await Promise.all([this.repo.listActive(db), this.repo.listVersions(db)]);
    const firstStart = new Map<string, BusinessDate>();
    for (const v of published) if (!firstStart.has(v.productId)) firstStart.set(v.productId, v.startsOn);
    const entries: ProductVersionEntry[] = [];
    for (const row of seeded) {
      const product = safeParse(row.data);
      const cut = firstStart.get(row.id);
      const ownEnd = product?.validTo ?? null;
      const cutEnd = cut ? addDays(cut, -1) : null;
      entries.push({
        productId: row.id,
        version: 0,
        source: 'seed',
        product,
        startsOn: product?.validFrom ?? null,
        endsOn: ownEnd && cutEnd ? (ownEnd < cutEnd ? ownEnd : cutEnd) : (ownEnd ?? cutEnd),
        commandId: null,
      });
    }
    for (const v of published) {
      entries.push({
        productId: v.productId,
        version: v.version,
        source: 'published',
        product: safeParse(v.data),
        startsOn: v.startsOn,
        endsOn: v.endsOn,
        commandId: v.commandId,
      });
    }
    // A published version keeps its product's place in the seeded order (the borrower app lists them in it).
    const place = new Map(seeded.map((r) => [r.id, r.sort]));
    const placeOf = (id: string) => place.get(id) ?? Number.MAX_SAFE_INTEGER;
    return entries.sort(
      (a, b) =>
        placeOf(a.productId) - placeOf(b.productId) ||
        a.productId.localeCompare(b.productId) ||
        a.version - b.version,
    );
  }

  /** The product's latest published version, locked for the transaction publishing the next one. */
  lockLatestVersion(tx: Tx, productId: string): Promise<ProductVersionRow | null> {
    return this.repo.lockLatestVersion(tx, productId);
  }

  /** Stores a published version (the products module's `product.publish` command runs it). */
  insertVersion(tx: Tx, row: ProductVersionRow): Promise<void> {
    return this.repo.insertVersion(tx, row);
  }

  /** Ends a published version on `endsOn` (the day before the next one starts). */
  endVersion(tx: Tx, productId: string, version: number, endsOn: BusinessDate): Promise<void> {
    return this.repo.endVersion(tx, productId, version, endsOn);
  }

  /** Products that may be offered on `date`: the version of each id whose days include it, within the caps then. */
  async offered(date: BusinessDate = this.today()): Promise<LoanProduct[]> {
    return (await this.catalogue()).filter((e) => versionState(e, date) === 'offered').map((e) => e.product!);
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

/** One version of a product and the days it is offered (both inclusive; a null end: open). */
export interface ProductVersionEntry {
  productId: string;
  /** 0: the seeded row; 1, 2, ...: versions published by the back office. */
  version: number;
  source: 'seed' | 'published';
  /** Null when the stored JSON no longer validates (never offered). */
  product: LoanProduct | null;
  startsOn: BusinessDate | null;
  endsOn: BusinessDate | null;
  commandId: string | null;
}

export type VersionState = 'scheduled' | 'offered' | 'ended' | 'blocked';

/**
 * A version's state on `date`: scheduled before its first day, ended after its last, otherwise offered, or blocked
 * when it is invalid or breaks the caps in force that day.
 */
export function versionState(entry: ProductVersionEntry, date: BusinessDate): VersionState {
  if (entry.startsOn && date < entry.startsOn) return 'scheduled';
  if (entry.endsOn && date > entry.endsOn) return 'ended';
  const { product } = entry;
  if (!product || !isOfferedOn(product, date) || !checkProduct(product, date).ok) return 'blocked';
  return 'offered';
}

function safeParse(data: unknown): LoanProduct | null {
  try {
    return parseProduct(data);
  } catch {
    return null;
  }
}
