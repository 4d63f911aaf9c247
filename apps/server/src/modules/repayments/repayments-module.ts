import type { AppMetrics } from '../../operations/app-metrics.ts';
import { defineModule } from '../module-plugin.ts';
import { repaymentsRoutes } from './repayments-routes.ts';
import type { CallbackEndpoint } from '../../callbacks/callback-endpoint.ts';
import type { Clock } from '../../clock.ts';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import type { HolidayCalendar } from '@kaskita/domain/collection/holidays';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import type { PaymentGatewayProvider } from '../../providers/payment-gateway/payment-gateway-provider.ts';
import { LedgerService } from '../ledger/ledger-service.ts';
import { PaymentPromisesService } from '../collections/payment-promises-service.ts';
import type { LoansModule } from '../loans/loans-module.ts';
import type { UserAccounts } from '../user/user-service.ts';
import {
  sandboxMidtransPaymentCallback,
  sandboxXenditEwalletCallback,
  sandboxXenditPaymentCallback,
  sandboxXenditQrCallback,
  xenditEwalletCallback,
  xenditPaymentCallback,
  xenditQrCallback,
} from './payment-callback-endpoints.ts';
import {
  ACCRUAL_WORKERS_ON_POSTGRES,
  DAILY_ACCRUAL,
  DAILY_ACCRUAL_CRON,
  DailyAccrualService,
} from './daily-accrual-service.ts';
import { LoanClosedHooks, type LoanClosedListener } from './loan-closed-hooks.ts';
import { PaymentApplier } from './payment-applier.ts';
import { PaymentClaimAnswersService } from './payment-claim-answers-service.ts';
import { BILL_REMINDERS, BILL_REMINDERS_CRON, BillRemindersService } from './bill-reminders-service.ts';
import { RepaymentService, type RepaymentServiceDependencies } from './repayment-service.ts';
import { RepaymentsRepository } from './repayments-repository.ts';
import type { PaymentRow, PaymentStatus } from './repayments-schema.ts';
import { PaymentClaimsRepository } from './payment-claims-repository.ts';
import { PaymentClaimsService } from './payment-claims-service.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import type { DataProtection } from '../../security/data-protection.ts';
import type { LoanDisputes } from '../disputes/loan-disputes-service.ts';

/** A payment held for review, as returning it to its payer reads and moves it (review -> returning -> returned). */
export interface PaymentReturns {
  /** The payment, locked for the transaction. */
  lock(tx: Tx, id: string): Promise<PaymentRow | undefined>;
  /** False when it was no longer in one of `from`. */
  move(tx: Tx, id: string, from: readonly PaymentStatus[], to: PaymentStatus): Promise<boolean>;
}

export interface RepaymentsModule {
  service: RepaymentService;
  claims: PaymentClaimsService;
  accrual: DailyAccrualService;
  applier: PaymentApplier;
  /** The back office's answers to payment claims (credit, reject). */
  answers: PaymentClaimAnswersService;
  /** Payments that could not be applied, as the refunds module returns them to their payer. */
  returns: PaymentReturns;
  /** Adds work done in the transaction that pays a loan off (by a payment, or by held credit on a due date). */
  onLoanClosed(listener: LoanClosedListener): void;
  /** The gateway's payment callbacks, under /api/payments. */
  paymentCallbacks: CallbackEndpoint[];
}

export function createRepaymentsModule(deps: {
  db: Db;
  clock: Clock;
  outbox: OutboxService;
  jobs: JobRunner;
  commands: CommandExecutor;
  users: UserAccounts;
  loans: LoansModule;
  profile: RepaymentServiceDependencies['profile'];
  gateway: PaymentGatewayProvider | null;
  limiter: RateLimiter;
  /** Where payment claims' proof photos are kept, encrypted like KTP photos. */
  files: DataProtection['files'];
  /** Keys an OVO phone for matching a repeated request. */
  lookup: DataProtection['lookup'];
  /** Opens the borrowers' phones reminders go to. */
  cipher: DataProtection['cipher'];
  /** PUBLIC_APP_URL: where e-wallets send the borrower back. */
  publicAppUrl: string;
  codeTtlHours: number;
  /** The payment gateway's time-out for one call: bounds how long identical repay requests wait for one code. */
  gatewayTimeoutMs: number;
  /** Batches of the daily accrual run side by side (SKIP LOCKED keeps them apart). */
  accrualWorkers: number;
  /** Each accrual run's duration is observed here (GET /metrics); tests that build the module alone pass none. */
  metrics?: Pick<AppMetrics, 'accrualDuration'>;
  /** National holidays no overdue notice goes on, and working-day promises skip (the HOLIDAYS setting). */
  holidays: HolidayCalendar;
  sandbox: { callbackToken: string; serverKey: string };
  /** Payment claims hold their loan under dispute until answered. */
  disputes: LoanDisputes;
  /** XENDIT_CALLBACK_TOKEN: required (env.ts) when the gateway is Xendit. */
  xenditCallbackToken?: string | undefined;
}): RepaymentsModule {
  const repo = new RepaymentsRepository();
  const ledger = new LedgerService();
  const closed = new LoanClosedHooks();
  const applier = new PaymentApplier({ ...deps, repo, loans: deps.loans.book, ledger, closed });
  const service = new RepaymentService({ ...deps, repo, loans: deps.loans.book });
  const { holidays } = deps;
  const claims = new PaymentClaimsService({
    ...deps,
    repo: new PaymentClaimsRepository(),
    loans: deps.loans.book,
    holidays,
  });
  const answers = new PaymentClaimAnswersService({ ...deps, repo, loans: deps.loans.book });
  const paymentCallbacks = paymentCallbacksFor(applier, deps);
  const accrual = new DailyAccrualService({
    ...deps,
    loans: deps.loans.book,
    ledger,
    closed,
    workers: deps.accrualWorkers,
  });
  deps.jobs.register(DAILY_ACCRUAL, async ({ date }) => {
    const timed = deps.metrics?.accrualDuration.startTimer();
    try {
      await accrual.run(date ?? businessDateAt(deps.clock.now()));
    } finally {
      timed?.();
    }
  });
  deps.jobs.schedule(DAILY_ACCRUAL, DAILY_ACCRUAL_CRON, {});
  const reminders = new BillRemindersService({
    ...deps,
    loans: deps.loans.book,
    holidays,
    promises: new PaymentPromisesService(),
  });
  deps.jobs.register(BILL_REMINDERS, async () => {
    await reminders.run();
  });
  deps.jobs.schedule(BILL_REMINDERS, BILL_REMINDERS_CRON, {});
  return {
    service,
    claims,
    accrual,
    applier,
    answers,
    paymentCallbacks,
    returns: {
      lock: (tx, id) => repo.payment(tx, id, true),
      move: (tx, id, from, to) => repo.moveStatus(tx, id, from, to),
    },
    onLoanClosed: (listener: LoanClosedListener) => closed.add(listener),
  };
}

/** Only the configured gateway's callbacks exist: another gateway's path answers 404, whatever it carries. */
function paymentCallbacksFor(
  applier: PaymentApplier,
  deps: Parameters<typeof createRepaymentsModule>[0],
): CallbackEndpoint[] {
  switch (deps.gateway?.name) {
    case 'sandbox':
      // Both dialects of the sandbox are accepted whichever it speaks: each is verified with its own secret.
      return [
        sandboxXenditPaymentCallback(applier, deps.sandbox.callbackToken),
        sandboxXenditQrCallback(applier, deps.sandbox.callbackToken),
        sandboxXenditEwalletCallback(applier, deps.sandbox.callbackToken),
        sandboxMidtransPaymentCallback(applier, deps.sandbox.serverKey),
      ];
    case 'xendit':
      if (!deps.xenditCallbackToken) throw new Error('the Xendit gateway needs XENDIT_CALLBACK_TOKEN');
      return [
        xenditPaymentCallback(applier, deps.xenditCallbackToken),
        xenditQrCallback(applier, deps.xenditCallbackToken),
        xenditEwalletCallback(applier, deps.xenditCallbackToken),
      ];
    default:
      return [];
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Bills, payment codes, the payment applier, claims and the daily jobs. */
    repayments: Omit<RepaymentsModule, 'paymentCallbacks'>;
  }
}

export const repaymentsModule = defineModule({
  name: 'repayments',
  dependencies: ['user', 'profile', 'loans', 'disputes'],
  register: async (app, infra, scope) => {
    const { env } = infra;
    const { paymentCallbacks, ...repayments } = createRepaymentsModule({
      ...infra,
      users: app.users,
      loans: app.loans,
      disputes: app.disputes,
      profile: app.profile.service,
      gateway: infra.providers.paymentGateway,
      files: infra.dataProtection.files,
      lookup: infra.dataProtection.lookup,
      cipher: infra.dataProtection.cipher,
      publicAppUrl: env.PUBLIC_APP_URL,
      codeTtlHours: env.PAYMENT_CODE_TTL_HOURS,
      holidays: env.HOLIDAYS,
      gatewayTimeoutMs: env.XENDIT_TIMEOUT_MS,
      // PGlite runs one query at a time: a second batch worker would only wait its turn.
      accrualWorkers: infra.embedded ? 1 : ACCRUAL_WORKERS_ON_POSTGRES,
      sandbox: {
        callbackToken: env.PAYMENT_SANDBOX_CALLBACK_TOKEN,
        serverKey: env.PAYMENT_SANDBOX_SERVER_KEY,
      },
      xenditCallbackToken: env.XENDIT_CALLBACK_TOKEN,
    });
    app.decorate('repayments', repayments);
    await scope.api((api) =>
      repaymentsRoutes(api, { service: repayments.service, claims: repayments.claims }),
    );
    await scope.callbacks(paymentCallbacks);
  },
});
