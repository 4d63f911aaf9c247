import { defineModule } from '../module-plugin.ts';
import { loanOrdersRoutes } from './loan-orders-routes.ts';
import { loansRoutes } from './loans-routes.ts';
import type { AppConfig } from '@kaskita/domain/contract/config';
import type { CallbackEndpoint } from '../../callbacks/callback-endpoint.ts';
import type { Clock } from '../../clock.ts';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import type { Db } from '../../db/client.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import type { DisbursementProvider } from '../../providers/disbursement/disbursement-provider.ts';
import { LedgerService } from '../ledger/ledger-service.ts';
import type { BankCardsService } from '../bank-cards/bank-cards-service.ts';
import type { UserAccounts } from '../user/user-service.ts';
import { sandboxDisbursementCallback } from './disbursement-callback-endpoint.ts';
import { flipDisbursementCallback } from './flip-disbursement-callback-endpoint.ts';
import { DISBURSEMENT_SEND, DisbursementService } from './disbursement-service.ts';
import { LoanBookService } from './loan-book-service.ts';
import { LoanServicingService } from './loan-servicing-service.ts';
import { LoanOrdersRepository } from './loan-orders-repository.ts';
import { LoanAgreementService, type LoanAgreementDependencies } from './loan-agreement-service.ts';
import { LoanOffersService } from './loan-offers-service.ts';
import { LoanOrderViewService } from './loan-order-view-service.ts';
import { LoanOrdersService, type LoanOrdersDependencies } from './loan-orders-service.ts';
import { LoanProductsRepository } from './loan-products-repository.ts';
import { LoanProductsService } from './loan-products-service.ts';
import { PayLaterLoansService } from './pay-later-loans-service.ts';

export interface LoansModule {
  products: LoanProductsService;
  /** What each borrower uses of their limit (the application module's limit call reads it). */
  usage: LoanOrdersRepository;
  /** Loans with their engine accounts, for repayments and the daily jobs. */
  book: LoanBookService;
}

/** Products and the loan book's reads: built before the application module, which needs both. */
export function createLoansModule({ db, clock }: { db: Db; clock: Clock }): LoansModule {
  const usage = new LoanOrdersRepository();
  return {
    products: new LoanProductsService(db, new LoanProductsRepository(), clock),
    usage,
    book: new LoanBookService(usage),
  };
}

export interface LoanOrdersModule {
  /** The products, purposes and plans a borrower may take. */
  offers: LoanOffersService;
  /** The loan agreement, previewed or as accepted. */
  agreements: LoanAgreementService;
  orders: LoanOrdersService;
  /** The order as the app shows it. */
  views: LoanOrderViewService;
  disbursements: DisbursementService;
  /** Waivers and write-offs: staff commands (the back office calls them). */
  servicing: LoanServicingService;
  /** Pay-later loans, paid to a merchant (the commerce module's purchases). */
  payLater: PayLaterLoansService;
  /** The disbursement provider's callbacks, under /api/payments. */
  paymentCallbacks: CallbackEndpoint[];
}

/** Orders and disbursement: built once the profile, the application module and the providers exist. */
export function createLoanOrdersModule(deps: {
  db: Db;
  clock: Clock;
  commands: CommandExecutor;
  log?: { error(fields: object, message: string): void };
  jobs: JobRunner;
  outbox: OutboxService;
  users: UserAccounts;
  loans: LoansModule;
  profile: LoanAgreementDependencies['profile'];
  cards: BankCardsService;
  config: { appConfig(): Promise<AppConfig> };
  provider: DisbursementProvider | null;
  sandboxCallbackSecret: string;
  /** FLIP_CALLBACK_TOKEN: Flip's callbacks carry it (env.ts requires it with DISBURSEMENT_PROVIDER=flip). */
  flipCallbackToken: string | undefined;
  maxAttempts: number;
  retryDelaySeconds: number;
  coolingOffSeconds: number;
  /** Encrypted file storage: the signed agreements are kept there. */
  files: LoanAgreementDependencies['files'];
  publicAppUrl: string;
  /** The payment PIN: once set, it confirms an order and a new account for a failed disbursement. */
  pins: LoanOrdersDependencies['pins'];
}): LoanOrdersModule {
  const repo = deps.loans.usage;
  const views = new LoanOrderViewService({ ...deps, repo });
  const disbursements = new DisbursementService({
    ...deps,
    repo,
    ledger: new LedgerService(),
    view: (loan, locale) => views.view(loan, locale),
  });
  const offers = new LoanOffersService({ ...deps, repo, products: deps.loans.products });
  const agreements = new LoanAgreementService({ ...deps, repo, offers });
  const orders = new LoanOrdersService({ ...deps, repo, offers, agreements, disbursements, views });
  deps.cards.useCardsInUse((db, ids) => repo.cardsInUse(db, ids));
  deps.jobs.register(DISBURSEMENT_SEND, ({ disbursementId }, context) =>
    disbursements.send(disbursementId, context),
  );
  const servicing = new LoanServicingService({ ...deps, book: deps.loans.book, ledger: new LedgerService() });
  const payLater = new PayLaterLoansService({ ...deps, repo, ledger: new LedgerService() });
  return {
    offers,
    agreements,
    orders,
    views,
    disbursements,
    servicing,
    payLater,
    paymentCallbacks: paymentCallbacksOf(deps, disbursements),
  };
}

/** The callback endpoint of the configured provider only: another provider's would accept nothing we sent. */
function paymentCallbacksOf(
  deps: { provider: DisbursementProvider | null; sandboxCallbackSecret: string; flipCallbackToken?: string },
  disbursements: DisbursementService,
): CallbackEndpoint[] {
  switch (deps.provider?.name) {
    case 'sandbox':
      return [sandboxDisbursementCallback(disbursements, deps.sandboxCallbackSecret)];
    case 'flip':
      if (!deps.flipCallbackToken) throw new Error('DISBURSEMENT_PROVIDER=flip needs FLIP_CALLBACK_TOKEN');
      return [flipDisbursementCallback(disbursements, deps.flipCallbackToken)];
    default:
      return [];
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Products, the loan book, orders and their disbursement. */
    loans: LoansModule & Omit<LoanOrdersModule, 'paymentCallbacks'>;
  }
}

/**
 * Borrowing: products, orders, the agreement and the disbursement with its provider's callbacks. An order checks the
 * approved limit: the latest credit application's, by the domain's rule (approvedLimitOf), read with the rest of the
 * borrower's standing in one query. The application module (built after this one, on its products and usage) makes
 * those applications: the app refuses to start without it.
 */
export const loansModule = defineModule({
  name: 'loans',
  dependencies: ['user', 'payment-pin', 'profile', 'bank-cards', 'config'],
  register: async (app, infra, scope) => {
    const { env } = infra;
    const loans = createLoansModule(infra);
    const { paymentCallbacks, ...orders } = createLoanOrdersModule({
      ...infra,
      log: app.log,
      users: app.users,
      loans,
      profile: app.profile.service,
      cards: app.bankCards.service,
      config: app.appConfig,
      provider: infra.providers.disbursement,
      sandboxCallbackSecret: env.DISBURSEMENT_SANDBOX_CALLBACK_SECRET,
      flipCallbackToken: env.FLIP_CALLBACK_TOKEN,
      files: infra.dataProtection.files,
      publicAppUrl: env.PUBLIC_APP_URL,
      pins: app.paymentPin,
      maxAttempts: env.DISBURSEMENT_MAX_ATTEMPTS,
      retryDelaySeconds: env.DISBURSEMENT_RETRY_DELAY_SECONDS,
      coolingOffSeconds: env.DISBURSEMENT_COOLING_OFF_SECONDS,
    });
    app.decorate('loans', { ...loans, ...orders });
    app.addHook('onReady', async () => {
      if (!app.hasDecorator('applications')) throw new Error('the loans module needs the application module');
    });
    await scope.api((api) => {
      loansRoutes(api, { products: loans.products });
      loanOrdersRoutes(api, orders);
    });
    await scope.callbacks(paymentCallbacks);
  },
});
