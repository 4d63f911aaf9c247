import type { AppConfig } from '@kaskita/domain/contract/config';
import type { CallbackEndpoint } from '../../callbacks/callback-endpoint.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import type { DisbursementProvider } from '../../providers/disbursement/disbursement-provider.ts';
import { LedgerService } from '../ledger/ledger-service.ts';
import type { BankCardsService } from '../profile/bank-cards-service.ts';
import type { UserAccounts } from '../user/user-service.ts';
import { sandboxDisbursementCallback } from './disbursement-callback-endpoint.ts';
import { flipDisbursementCallback } from './flip-disbursement-callback-endpoint.ts';
import { DISBURSEMENT_SEND, DisbursementService } from './disbursement-service.ts';
import { LoanBookService } from './loan-book-service.ts';
import { LoanOrdersRepository } from './loan-orders-repository.ts';
import { LoanOrdersService, type LoanOrdersDependencies } from './loan-orders-service.ts';
import { LoanProductsRepository } from './loan-products-repository.ts';
import { LoanProductsService } from './loan-products-service.ts';

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
  orders: LoanOrdersService;
  disbursements: DisbursementService;
  /** The disbursement provider's callbacks, under /api/payments. */
  paymentCallbacks: CallbackEndpoint[];
}

/** Orders and disbursement: built once the profile, the application module and the providers exist. */
export function createLoanOrdersModule(deps: {
  db: Db;
  clock: Clock;
  log?: { error(fields: object, message: string): void };
  jobs: JobRunner;
  outbox: OutboxService;
  users: UserAccounts;
  loans: LoansModule;
  limits: LoanOrdersDependencies['limits'];
  profile: LoanOrdersDependencies['profile'];
  cards: BankCardsService;
  config: { appConfig(): Promise<AppConfig> };
  provider: DisbursementProvider | null;
  sandboxCallbackSecret: string;
  /** FLIP_CALLBACK_TOKEN: Flip's callbacks carry it (env.ts requires it with DISBURSEMENT_PROVIDER=flip). */
  flipCallbackToken: string | undefined;
  maxAttempts: number;
  retryDelaySeconds: number;
  coolingOffSeconds: number;
}): LoanOrdersModule {
  const repo = deps.loans.usage;
  // The two services need each other (an order queues its disbursement; bank_patch answers the order's view).
  const late: { orders?: LoanOrdersService } = {};
  const disbursements = new DisbursementService({
    ...deps,
    repo,
    ledger: new LedgerService(),
    view: (loan, locale) => late.orders!.view(loan, locale),
  });
  const orders = new LoanOrdersService({ ...deps, repo, products: deps.loans.products, disbursements });
  late.orders = orders;
  deps.cards.useCardsInUse((db, ids) => repo.cardsInUse(db, ids));
  deps.jobs.register(DISBURSEMENT_SEND, ({ disbursementId }, context) =>
    disbursements.send(disbursementId, context),
  );
  return { orders, disbursements, paymentCallbacks: paymentCallbacksOf(deps, disbursements) };
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
