import type { LoanPlanView, LoanProducts, PurposeView } from '@kaskita/domain/contract/loans';
import { VERIFY } from '@kaskita/domain/contract/user';
import { largestOfferedAmount } from '@kaskita/domain/credit/affordability-rule';
import { availableLimit } from '@kaskita/domain/credit/available-limit';
import { LOAN_PURPOSES } from '@kaskita/domain/i18n/loan-purposes';
import type { Locale } from '@kaskita/domain/i18n/locale';
import type { Rupiah } from '@kaskita/domain/money/rupiah';
import { businessDateAt, type BusinessDate } from '@kaskita/domain/pricing/business-date';
import type { LoanProduct } from '@kaskita/domain/pricing/product';
import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { UserAccounts } from '../user/user-service.ts';
import type { LoanOrdersRepository } from './loan-orders-repository.ts';
import type { LoanProductsService } from './loan-products-service.ts';
import { quoteLoan, type Quote, type QuoteRequest } from './loan-quote.ts';
import { planView, productView, purposeView } from './loan-views.ts';

export interface LoanOffersDependencies {
  db: Db;
  repo: LoanOrdersRepository;
  clock: Clock;
  products: LoanProductsService;
  users: Pick<UserAccounts, 'signedIn'>;
  /** The approved credit limit (application module), 0 unless approved. */
  limits: { approvedLimit(userId: string, db?: DbOrTx): Promise<Rupiah> };
  profile: { monthlyIncome(userId: string, db?: DbOrTx): Promise<Rupiah> };
}

/**
 * What a borrower may borrow: the products with their ranges within the available limit, the purposes, and the plan
 * of an amount and tenor, checked as an order would be. Every figure comes from the loan engine on the server's
 * business date; nothing the client computed is trusted.
 */
export class LoanOffersService {
  constructor(private readonly deps: LoanOffersDependencies) {}

  private today(): BusinessDate {
    return businessDateAt(this.deps.clock.now());
  }

  private async available(userId: string, db: DbOrTx): Promise<Rupiah> {
    const [limit, used] = await Promise.all([
      this.deps.limits.approvedLimit(userId, db),
      this.deps.repo.usedPrincipal(db, userId),
    ]);
    return availableLimit(limit, used);
  }

  /** The cash-loan products offered on `date`. */
  async cashProducts(date: BusinessDate = this.today()): Promise<LoanProduct[]> {
    return (await this.deps.products.offered(date)).filter((p) => p.kind === 'cash-loan');
  }

  async products(userId: string, locale: Locale): Promise<LoanProducts> {
    const user = await this.deps.users.signedIn(userId);
    const db = this.deps.db;
    const date = this.today();
    const [available, open, products, monthlyIncome] = await Promise.all([
      this.available(userId, db),
      this.deps.repo.open(db, userId),
      this.cashProducts(date),
      this.deps.profile.monthlyIncome(userId, db),
    ]);
    const reason =
      user.verify !== VERIFY.APPROVED
        ? 'not_approved'
        : open
          ? 'open_loan'
          : available <= 0
            ? 'no_limit'
            : null;
    return {
      can_borrow: reason === null,
      reason,
      available_amount: available,
      // Each tenor's maximum is what quote() would accept today: the form offers only those amounts.
      list: products.map((p) =>
        productView(p, available, locale, (tenor) =>
          largestOfferedAmount(p, tenor, date, { available, monthlyIncome }),
        ),
      ),
    };
  }

  purposes(locale: Locale): { list: PurposeView[] } {
    return { list: LOAN_PURPOSES.map((node) => purposeView(node, null, locale)) };
  }

  /**
   * The engine's plan for what the borrower asks, checked as an order would be. Inside a transaction every read goes
   * through it (`db`), and the products come read beforehand: on PGlite's one connection a read beside an open
   * transaction would wait for it forever. `date` is the business date to plan on (today by default).
   */
  async quote(
    userId: string,
    request: QuoteRequest,
    db: DbOrTx,
    prepared: { products?: readonly LoanProduct[]; date?: BusinessDate } = {},
  ): Promise<Quote> {
    const user = await this.deps.users.signedIn(userId, db);
    if (user.verify !== VERIFY.APPROVED) throw new AppError('NOT_APPROVED');
    const date = prepared.date ?? this.today();
    const [offered, available, monthlyIncome] = await Promise.all([
      prepared.products ?? this.cashProducts(date),
      this.available(userId, db),
      this.deps.profile.monthlyIncome(userId, db),
    ]);
    return quoteLoan(request, { products: offered, available, monthlyIncome, date });
  }

  async plan(userId: string, request: QuoteRequest, locale: Locale): Promise<LoanPlanView> {
    return planView(await this.quote(userId, request, this.deps.db), locale);
  }
}
