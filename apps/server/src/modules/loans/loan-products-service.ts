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
import { inTurn } from '../../db/in-turn.ts';

/** The landing sample of the spec: 3,000,000 over 3 months, when the product offers it. */
const SAMPLE_AMOUNT = 3_000_000;
const SAMPLE_TENOR: Tenor = { unit: 'month', length: 3, instalments: 3 };

/** Business dates whose offered products a cached catalogue keeps (today, and the few a test or demo clock visits). */
const OFFERED_DATES_KEPT = 8;

/** The stored catalogue as last read, parsed and frozen, and what it offers on each business date asked about. */
interface CachedCatalogue {
  /** The stored rows' fingerprint read before them (LoanProductsRepository.fingerprint). */
  fingerprint: string;
  entries: readonly ProductVersionEntry[];
  /** Per business date: each version's days and the caps in force depend on it, so the check is per date. */
  offered: Map<BusinessDate, readonly LoanProduct[]>;
}

/**
 * Products offered today: active, valid on the business date, and within the caps in force.
 *
 * The catalogue is read, parsed and cap-checked once per change, not per request (issue 23): each read first asks the
 * stored rows' fingerprint (catalogueFingerprintSql: one small query, or a column of a query the caller makes anyway),
 * and parses again only when it differs from the cached one's. So a version published by the back office, the seed, a
 * hand-made UPDATE or another server process sharing the database is seen by the very next request, with no
 * invalidation to remember and no window of stale prices. Caps are in code (CAP_TABLE) and change with a deploy; what
 * they allow is per business date, kept per date.
 */
export class LoanProductsService {
  private cached: CachedCatalogue | null = null;

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
   *
   * Outside a transaction, the cached catalogue when the stored one has not changed (frozen: shared by every request);
   * `fingerprint`, when the caller already read it (catalogueFingerprintSql), saves asking it. In a transaction (`db`
   * a Tx), what that transaction sees, read afresh.
   */
  async catalogue(db: DbOrTx = this.db, fingerprint?: string): Promise<readonly ProductVersionEntry[]> {
    if (db !== this.db) return this.read(db);
    return (await this.current(fingerprint)).entries;
  }

  /** The cached catalogue if the stored one still has its fingerprint, else the stored one read again and cached. */
  private async current(known?: string): Promise<CachedCatalogue> {
    const fingerprint = known ?? (await this.repo.fingerprint(this.db));
    if (this.cached?.fingerprint === fingerprint) return this.cached;
    // The fingerprint is read again, before the rows (never beside them: on a pool they could run on two connections
    // in either order): rows committed since are then newer than the fingerprint they are cached under, which costs
    // one more read on the next request, never a stale answer. Concurrent requests that all see a change each read.
    const fresh = await this.repo.fingerprint(this.db);
    const entries = deepFreeze(await this.read(this.db));
    const cached: CachedCatalogue = { fingerprint: fresh, entries, offered: new Map() };
    this.cached = cached;
    return cached;
  }

  private async read(db: DbOrTx): Promise<ProductVersionEntry[]> {
    const [seeded, published] = await inTurn(
      () => this.repo.listActive(db),
      () => this.repo.listVersions(db),
    );
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

  /**
   * Products that may be offered on `date`: the version of each id whose days include it, within the caps then.
   * Frozen and shared (see catalogue); `fingerprint` as there.
   */
  async offered(date: BusinessDate = this.today(), fingerprint?: string): Promise<LoanProduct[]> {
    const cached = await this.current(fingerprint);
    let offered = cached.offered.get(date);
    if (!offered) {
      offered = cached.entries.filter((e) => versionState(e, date) === 'offered').map((e) => e.product!);
      if (cached.offered.size >= OFFERED_DATES_KEPT) cached.offered.clear();
      cached.offered.set(date, offered);
    }
    return [...offered];
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

/** Freezes a value and everything in it: cached products are shared by every request, so none may change them. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function safeParse(data: unknown): LoanProduct | null {
  try {
    return parseProduct(data);
  } catch {
    return null;
  }
}
