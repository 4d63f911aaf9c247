import type { LoanPlanView, LoanProducts, PurposeView } from '@kaskita/domain/contract/loans';
import { VERIFY } from '@kaskita/domain/contract/user';
import { largestOfferedAmount } from '@kaskita/domain/credit/affordability-rule';
import { approvedLimitOf, availableLimit } from '@kaskita/domain/credit/available-limit';
import { LOAN_PURPOSES } from '@kaskita/domain/i18n/loan-purposes';
import type { Locale } from '@kaskita/domain/i18n/locale';
import type { Rupiah } from '@kaskita/domain/money/rupiah';
import { businessDateAt, type BusinessDate } from '@kaskita/domain/pricing/business-date';
import type { LoanProduct } from '@kaskita/domain/pricing/product';
import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { BorrowingStanding, LoanOrdersRepository } from './loan-orders-repository.ts';
import type { LoanProductsService } from './loan-products-service.ts';
import { quoteLoan, type Quote, type QuoteRequest } from './loan-quote.ts';
import { planView, productView, purposeView } from './loan-views.ts';

export interface LoanOffersDependencies {
  db: Db;
  repo: LoanOrdersRepository;
  clock: Clock;
  products: LoanProductsService;
}

/**
 * What a borrower may borrow: the products with their ranges within the available limit, the purposes, and the plan
 * of an amount and tenor, checked as an order would be. Every figure comes from the loan engine on the server's
 * business date; nothing the client computed is trusted. What it needs of the borrower comes in one query
 * (LoanOrdersRepository.borrowingStanding), the products from LoanProductsService's cache.
 */
export class LoanOffersService {
  constructor(private readonly deps: LoanOffersDependencies) {}

  private today(): BusinessDate {
    return businessDateAt(this.deps.clock.now());
  }

  /** The borrower's standing, refused with 4047 when the session's user is gone (as UserAccounts.signedIn). */
  private async standing(userId: string, db: DbOrTx): Promise<BorrowingStanding & { available: Rupiah }> {
    const standing = await this.deps.repo.borrowingStanding(db, userId);
    if (!standing) throw new AppError('SESSION_LOST');
    const limit = approvedLimitOf(standing.verify, standing.latestApplication);
    return { ...standing, available: availableLimit(limit, standing.used) };
  }

  /** The cash-loan products offered on `date`; `fingerprint` as LoanProductsService.offered. */
  async cashProducts(date: BusinessDate = this.today(), fingerprint?: string): Promise<LoanProduct[]> {
    return (await this.deps.products.offered(date, fingerprint)).filter((p) => p.kind === 'cash-loan');
  }

  async products(userId: string, locale: Locale): Promise<LoanProducts> {
    const date = this.today();
    const { verify, available, openLoanId, monthlyIncome, catalogueFingerprint } = await this.standing(
      userId,
      this.deps.db,
    );
    const products = await this.cashProducts(date, catalogueFingerprint);
    const reason =
      verify !== VERIFY.APPROVED
        ? 'not_approved'
        : openLoanId
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
    const standing = await this.standing(userId, db);
    if (standing.verify !== VERIFY.APPROVED) throw new AppError('NOT_APPROVED');
    const date = prepared.date ?? this.today();
    const { available, monthlyIncome } = standing;
    const offered = prepared.products ?? (await this.cashProducts(date, standing.catalogueFingerprint));
    return quoteLoan(request, { products: offered, available, monthlyIncome, date });
  }

  async plan(userId: string, request: QuoteRequest, locale: Locale): Promise<LoanPlanView> {
    return planView(await this.quote(userId, request, this.deps.db), locale);
  }
}
