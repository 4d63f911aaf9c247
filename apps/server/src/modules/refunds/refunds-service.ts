import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { DISBURSEMENT_FAILURES, type DisbursementFailure } from '@kaskita/domain/contract/loans';
import type { RefundState, RefundsView } from '@kaskita/domain/contract/refunds';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { hasRefundableCredit, refundCredit } from '@kaskita/domain/lifecycle/refund';
import { sumRupiah, ZERO_RUPIAH, type Rupiah } from '@kaskita/domain/money/rupiah';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import type { CallbackOutcome } from '../../callbacks/callback-endpoint.ts';
import type { Clock } from '../../clock.ts';
import { defineCommand, type CommandContext, type CommandOutcome } from '../../commands/command.ts';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pageWindow, type Paging } from '../../db/paging.ts';
import { AppError } from '../../http/app-error.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { jobType, type JobContext } from '../../jobs/job-type.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import type { DisbursementCallback } from '../../providers/disbursement/disbursement-callback.ts';
import {
  DisbursementRefusedError,
  type DisbursementProvider,
} from '../../providers/disbursement/disbursement-provider.ts';
import type { BankCardsService } from '../bank-cards/bank-cards-service.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { LoanBookService } from '../loans/loan-book-service.ts';
import type { PaymentReturns } from '../repayments/repayments-module.ts';
import type { UserAccounts } from '../user/user-service.ts';
import { paymentReturnedMessage, refundedMessage } from './refunds-messages.ts';
import type { RefundsRepository } from './refunds-repository.ts';
import type { RefundRow } from './refunds-schema.ts';
import { inTurn } from '../../db/in-turn.ts';

/**
 * The provider's external id of a refund try: `refund-<refund id>-<attempt>`. Loan disbursements use their try's bare
 * UUID, so the prefix alone tells a refund callback from a loan's (DisbursementService.routePayouts).
 */
export const REFUND_EXTERNAL_PREFIX = 'refund-';
const EXTERNAL_ID = /^refund-([0-9a-f-]{36})-(\d+)$/;

export function refundExternalId(refund: Pick<RefundRow, 'id' | 'attempt'>): string {
  return `${REFUND_EXTERNAL_PREFIX}${refund.id}-${refund.attempt}`;
}

/** A loan closed with credit: the refund is created by this job, enqueued in the payment's own transaction. */
export const REFUND_CREATE = jobType({
  name: 'refund.create',
  payload: z.object({ loanId: z.string().min(1) }),
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  expireInSeconds: 60,
});

/** Sends one try to the provider, keyed by the try: however often it runs, the provider pays the try once. */
export const REFUND_SEND = jobType({
  name: 'refund.send',
  payload: z.object({ refundId: z.string().uuid() }),
  retry: { limit: 4, delaySeconds: 30, backoff: true },
  expireInSeconds: 120,
});

/** With REFUND_AUTO_APPROVE (no staff able to approve yet): approves a refund above REFUND_AUTO_MAX. */
export const REFUND_AUTO_APPROVE = jobType({
  name: 'refund.auto-approve',
  payload: z.object({ refundId: z.string().uuid() }),
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  expireInSeconds: 60,
});

/**
 * Finds closed loans holding credit without a refund and creates theirs: the loans that closed before refunds existed
 * (the backfill), and any whose create job ran out of tries (its keyed job stays failed, so sending it again would do
 * nothing). Daily, after the night's accrual; `app.jobs.trigger(REFUND_SWEEP)` runs it now.
 */
export const REFUND_SWEEP = jobType({
  name: 'refund.sweep',
  payload: z.object({}),
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  expireInSeconds: 30 * 60,
});
export const REFUND_SWEEP_CRON = '45 0 * * *';
/** Loans read per query of the sweep: each is then created in its own short transaction. */
const SWEEP_BATCH = 200;

/** The staff permission that approves a refund above REFUND_AUTO_MAX. */
export const REFUND_APPROVE_PERMISSION = PERMISSIONS.refundApprove;

const IN_FLIGHT = ['sending', 'pending'] as const;
const SENDABLE = ['queued', 'retrying', 'sending'] as const;

export interface RefundsDependencies {
  db: Db;
  repo: RefundsRepository;
  book: LoanBookService;
  ledger: LedgerService;
  clock: Clock;
  jobs: JobRunner;
  outbox: OutboxService;
  commands: CommandExecutor;
  users: Pick<UserAccounts, 'signedIn'>;
  cards: BankCardsService;
  /** Payments held for review, which staff may return to their payer instead of applying them. */
  payments: PaymentReturns;
  provider: DisbursementProvider | null;
  /** REFUND_AUTO_MAX: above it a refund waits for approval. */
  autoMax: number;
  autoApprove: boolean;
  maxAttempts: number;
  retryDelaySeconds: number;
  log?: { error(fields: object, message: string): void };
}

/**
 * Money left over goes back (issue 21): a closed loan's credit is paid out to the borrower's verified default bank
 * account through the disbursement provider, as a refund with its own state. Created when the loan closes, sent by a
 * job, finished by the provider's verified callback (the disbursement callback, told apart by its external id), booked
 * in the ledger only once the money arrived, retried after a failure up to REFUND_MAX_ATTEMPTS and then kept `failed`
 * for staff: never dropped.
 */
export class RefundsService {
  constructor(private readonly deps: RefundsDependencies) {}

  /** Called in the payment's transaction when a loan closes: the refund is created by a job after it commits. */
  async loanClosed(tx: Tx, loanId: string): Promise<void> {
    await this.deps.jobs.send(REFUND_CREATE, { loanId }, { tx, key: loanId });
  }

  /**
   * Called in a merchant refund's transaction when it leaves credit on a closed loan (commerce.refund): the refund is
   * created by the same job, keyed by what added the credit (the loan may have closed, and queued its job, before).
   */
  async creditAddedToClosedLoan(tx: Tx, loanId: string, cause: string): Promise<void> {
    await this.deps.jobs.send(REFUND_CREATE, { loanId }, { tx, key: `${loanId}:${cause}` });
  }

  /** Whether the loan already has its refund (one a loan: more credit added after it could not be paid back). */
  async hasRefund(db: Tx, loanId: string): Promise<boolean> {
    return (await this.deps.repo.ofLoan(db, loanId)) !== undefined;
  }

  /** `refund.create`: the loan's held credit becomes a refund, sent at once or waiting for approval. */
  readonly createCommand = defineCommand({
    name: 'refund.create',
    input: z.object({ loanId: z.string().min(1) }),
    actors: ['job', 'provider'],
    handle: (tx, input, context) => this.create(tx, input.loanId, context),
  });

  /** `refund.approve`: staff approve a refund above REFUND_AUTO_MAX (through maker-checker; or the REFUND_AUTO_APPROVE job). */
  readonly approveCommand = defineCommand({
    name: 'refund.approve',
    input: z.object({ refundId: z.string().uuid() }),
    actors: ['staff', 'job'],
    permission: REFUND_APPROVE_PERMISSION,
    handle: (tx, input, context) => this.approve(tx, input.refundId, context),
  });

  /** `refund.complete`: the provider's verified callback says the money arrived. */
  readonly completeCommand = defineCommand({
    name: 'refund.complete',
    input: z.object({
      refundId: z.string().uuid(),
      attempt: z.number().int().positive(),
      providerReference: z.string().min(1),
    }),
    actors: ['provider'],
    handle: (tx, input, context) => this.complete(tx, input, context),
  });

  /** `refund.fail`: the provider's callback, or its refusal when the job sent the try. */
  readonly failCommand = defineCommand({
    name: 'refund.fail',
    input: z.object({
      refundId: z.string().uuid(),
      attempt: z.number().int().positive(),
      reason: z.enum(DISBURSEMENT_FAILURES),
    }),
    actors: ['provider', 'job'],
    handle: (tx, input, context) => this.fail(tx, input, context),
  });

  /** `refund.retry`: staff send a refund that failed every try once more (a new try, a new external id). */
  readonly retryCommand = defineCommand({
    name: 'refund.retry',
    input: z.object({ refundId: z.string().min(1) }),
    actors: ['staff'],
    permission: REFUND_APPROVE_PERMISSION,
    handle: async (tx, { refundId }, { now }) => {
      const current = await this.failed(tx, refundId);
      const moved = await this.deps.repo.move(tx, refundId, ['failed'], {
        state: 'queued',
        attempt: current.attempt + 1,
        updatedAt: now,
      });
      if (!moved) throw new AppError('CONFLICT');
      await this.queueSend(tx, moved);
      return {
        result: { id: refundId, state: 'queued' as RefundState },
        outcome: 'retried',
        subject: { type: 'refund', id: refundId },
        before: { state: 'failed', attempt: current.attempt, failure: current.failureCode },
        after: { state: 'queued', attempt: moved.attempt, amount: moved.amount },
      };
    },
  });

  /**
   * `refund.cancel`: staff stop a failed refund; a loan's credit stays held on the loan, a returned payment goes back to
   * review, for them to pay otherwise.
   */
  readonly cancelCommand = defineCommand({
    name: 'refund.cancel',
    input: z.object({ refundId: z.string().min(1) }),
    actors: ['staff'],
    permission: REFUND_APPROVE_PERMISSION,
    handle: async (tx, { refundId }, { now }) => {
      const current = await this.failed(tx, refundId);
      const moved = await this.deps.repo.move(tx, refundId, ['failed'], {
        state: 'cancelled',
        updatedAt: now,
      });
      if (!moved) throw new AppError('CONFLICT');
      // A returned payment that could not be paid back waits in review again, to be applied or returned anew.
      if (moved.paymentId) await this.deps.payments.move(tx, moved.paymentId, ['returning'], 'review');
      return {
        result: { id: refundId, state: 'cancelled' as RefundState },
        outcome: 'cancelled',
        subject: { type: 'refund', id: refundId },
        before: { state: 'failed', failure: current.failureCode },
        after: { state: 'cancelled', amount: moved.amount },
      };
    },
  });

  /**
   * `payment.return`: a payment held for review (late, to a used code, after the loan closed) goes back to the
   * borrower's verified default bank account instead of onto a loan, as a refund of that payment. Runs only through
   * maker-checker (modules/approvals), so it is queued at once: the second person already approved it. The payment
   * stays 'returning' until the refund arrives ('returned'); a refund staff cancel puts it back in review.
   */
  readonly returnPaymentCommand = defineCommand({
    name: 'payment.return',
    input: z.object({ paymentId: z.string().min(1) }),
    actors: ['staff'],
    permission: PERMISSIONS.paymentResolve,
    handle: async (tx, { paymentId }, { now }) => {
      const { payment, card } = await this.returnable(tx, paymentId);
      if (!(await this.deps.payments.move(tx, paymentId, ['review'], 'returning')))
        throw new AppError('CONFLICT');
      const id = randomUUID();
      const refund = {
        id,
        loanId: null,
        paymentId,
        userId: card.userId,
        bankAccountId: card.id,
        amount: payment.amount,
        state: 'queued' satisfies RefundState,
        attempt: 1,
        failures: 0,
        provider: this.deps.provider?.name ?? 'none',
        createdAt: now,
        updatedAt: now,
      };
      if (!(await this.deps.repo.insert(tx, refund))) throw new AppError('CONFLICT');
      await this.queueSend(tx, refund);
      return {
        result: { id, state: refund.state },
        outcome: 'queued',
        subject: { type: 'payment', id: paymentId },
        before: { status: 'review', reviewReason: payment.reviewReason },
        after: { status: 'returning', refundId: id, amount: payment.amount, bankAccountId: card.id },
      };
    },
  });

  /** What returning a review payment will pay and where, for the approver (nothing is written). */
  async returnPreview(tx: Tx, paymentId: string) {
    const { payment, card } = await this.returnable(tx, paymentId);
    return {
      paymentId,
      amount: payment.amount,
      paidAt: payment.paidAt.toISOString(),
      reviewReason: payment.reviewReason,
      borrowerId: card.userId,
      returnTo: `${card.bankCode} ****${card.lastDigits}`,
    };
  }

  /** A review payment with a known payer who has a default bank account, locked. */
  private async returnable(tx: Tx, paymentId: string) {
    const payment = await this.deps.payments.lock(tx, paymentId);
    if (!payment) throw new AppError('NOT_FOUND');
    if (payment.status !== 'review') throw new AppError('CONFLICT');
    if (!payment.userId) throw new AppError('PAYMENT_PAYER_UNKNOWN');
    const card = await this.deps.cards.defaultCard(payment.userId, tx);
    if (!card) throw new AppError('PAYMENT_RETURN_NO_ACCOUNT');
    return { payment, card };
  }

  /** What approving a refund waiting for approval will pay, for the approver; refuses one not waiting. */
  async approvalPreview(tx: Tx, refundId: string) {
    const row = await this.deps.repo.byId(tx, refundId);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.state !== 'awaiting_approval') throw new AppError('CONFLICT');
    return {
      refundId,
      loanId: row.loanId,
      borrowerId: row.userId,
      amount: row.amount,
      autoMax: this.deps.autoMax,
    };
  }

  /** Refunds waiting for approval or failed, for the back office. */
  async inState(state: 'awaiting_approval' | 'failed', paging: Paging) {
    const { rows, total } = await this.deps.repo.inState(this.deps.db, state, {
      ...pageWindow(paging),
      newestFirst: paging.order === 'desc',
    });
    return {
      items: rows.map((r) => ({
        id: r.id,
        order_id: r.loanId,
        payment_id: r.paymentId,
        user_id: r.userId,
        amount: r.amount,
        state: r.state as RefundState,
        attempts: r.attempt,
        failure: r.failureCode,
        created_at: r.createdAt.toISOString(),
        updated_at: r.updatedAt.toISOString(),
      })),
      total,
    };
  }

  private async failed(tx: Tx, refundId: string): Promise<RefundRow> {
    const row = await this.deps.repo.byId(tx, refundId);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.state !== 'failed') throw new AppError('CONFLICT');
    return row;
  }

  /** The create job. */
  async runCreate(loanId: string): Promise<void> {
    await this.deps.commands.run(this.createCommand, { loanId }, { kind: 'job', job: REFUND_CREATE.name });
    this.wake();
  }

  /** The auto-approve job. */
  async runAutoApprove(refundId: string): Promise<void> {
    await this.deps.commands.run(
      this.approveCommand,
      { refundId },
      { kind: 'job', job: REFUND_AUTO_APPROVE.name },
    );
    this.wake();
  }

  /**
   * The sweep job: `refund.create` for each closed loan with credit and no refund, each in its own transaction (a
   * create that fails is logged and the sweep goes on; the job then fails, to be retried and seen on /dev/jobs).
   * Idempotent: a loan that has a refund by then, or no credit, is ignored by the command itself.
   */
  async sweep(): Promise<{ refunded: number; failed: number }> {
    const actor = { kind: 'job', job: REFUND_SWEEP.name } as const;
    let refunded = 0;
    let failed = 0;
    let after = '';
    let batch: Array<{ id: string }>;
    do {
      batch = await this.deps.repo.unrefundedWithCredit(this.deps.db, after, SWEEP_BATCH);
      for (const { id } of batch) {
        try {
          const refund = await this.deps.commands.run(this.createCommand, { loanId: id }, actor);
          if (refund) refunded++;
        } catch (error) {
          failed++;
          this.deps.log?.error({ err: error, loanId: id }, 'refund sweep: the refund could not be created');
        }
      }
      after = batch.at(-1)?.id ?? after;
    } while (batch.length === SWEEP_BATCH);
    if (refunded > 0) this.wake();
    if (failed > 0) throw new Error(`refund sweep: ${failed} loan(s) with credit still have no refund`);
    return { refunded, failed };
  }

  wake(): void {
    this.deps.jobs.wake(REFUND_SEND);
    this.deps.jobs.wake(REFUND_AUTO_APPROVE);
    this.deps.outbox.wake();
  }

  private async create(
    tx: Tx,
    loanId: string,
    { now }: CommandContext,
  ): Promise<CommandOutcome<RefundRow | null>> {
    const booked = await this.deps.book.lock(tx, loanId);
    if (!booked?.account || !hasRefundableCredit(booked.account))
      return { result: null, outcome: 'ignored', subject: null };
    const existing = await this.deps.repo.ofLoan(tx, loanId);
    if (existing)
      return { result: existing, outcome: 'ignored', subject: { type: 'refund', id: existing.id } };
    const { row, account } = booked;
    const card = (await this.deps.cards.defaultCard(row.userId, tx)) ?? null;
    const bankAccountId = card?.id ?? row.bankAccountId;
    if (!bankAccountId)
      throw new Error(`loan ${loanId} closed with credit but its borrower has no bank account`);
    const waits = account.credit > this.deps.autoMax;
    const id = randomUUID();
    const refund = {
      id,
      loanId,
      userId: row.userId,
      bankAccountId,
      amount: account.credit,
      state: (waits ? 'awaiting_approval' : 'queued') satisfies RefundState,
      attempt: waits ? 0 : 1,
      failures: 0,
      provider: this.deps.provider?.name ?? 'none',
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.repo.insert(tx, refund);
    if (!waits) await this.queueSend(tx, refund);
    else if (this.deps.autoApprove)
      await this.deps.jobs.send(REFUND_AUTO_APPROVE, { refundId: id }, { tx, key: id });
    const inserted = await this.deps.repo.byId(tx, id);
    return {
      result: inserted ?? null,
      outcome: refund.state,
      subject: { type: 'refund', id },
      after: { loanId, amount: refund.amount, state: refund.state, autoMax: this.deps.autoMax },
    };
  }

  private async approve(tx: Tx, refundId: string, { now }: CommandContext): Promise<CommandOutcome<null>> {
    const moved = await this.deps.repo.move(tx, refundId, ['awaiting_approval'], {
      state: 'queued',
      attempt: 1,
      updatedAt: now,
    });
    if (!moved) return { result: null, outcome: 'ignored', subject: { type: 'refund', id: refundId } };
    await this.queueSend(tx, moved);
    return {
      result: null,
      outcome: 'approved',
      subject: { type: 'refund', id: refundId },
      before: { state: 'awaiting_approval' },
      after: { state: 'queued', amount: moved.amount },
    };
  }

  private async queueSend(
    tx: Tx,
    refund: Pick<RefundRow, 'id' | 'attempt'>,
    delaySeconds = 0,
  ): Promise<void> {
    await this.deps.jobs.send(
      REFUND_SEND,
      { refundId: refund.id },
      { tx, key: refundExternalId(refund), delaySeconds },
    );
  }

  /**
   * The send job. Claims the try ('sending'), asks the provider with the try's external id, then marks it 'pending'.
   * A refusal fails the try at once; any other error may have reached the provider, so the try stays 'sending' and the
   * job retries it with the same external id (the provider pays one external id once). A crash anywhere here leaves
   * the job to run again: the refund is neither lost nor paid twice.
   */
  async send(refundId: string, context: JobContext): Promise<void> {
    const { repo, db, clock } = this.deps;
    const claimed = await repo.move(db, refundId, SENDABLE, { state: 'sending', updatedAt: clock.now() });
    if (!claimed) return;
    try {
      const provider = this.deps.provider;
      if (!provider) throw new Error('no disbursement provider is configured');
      const card = await this.deps.cards.card(claimed.userId, claimed.bankAccountId);
      const accepted = await provider.disburse({
        externalId: refundExternalId(claimed),
        amount: claimed.amount,
        bankCode: card.bankCode,
        accountNumber: this.deps.cards.accountNumber(card),
        accountHolderName: this.deps.cards.holderName(card),
        description: claimed.loanId
          ? `KasKita refund ${claimed.loanId.slice(0, 8)}`
          : `KasKita payment returned ${claimed.paymentId?.slice(0, 8) ?? ''}`,
      });
      // Only the try still 'sending': its callback may already have completed it.
      await repo.move(db, claimed.id, ['sending'], {
        state: 'pending',
        providerReference: accepted.providerReference,
        updatedAt: clock.now(),
      });
    } catch (error) {
      if (error instanceof DisbursementRefusedError) {
        await this.deps.commands.run(
          this.failCommand,
          { refundId: claimed.id, attempt: claimed.attempt, reason: error.failure },
          { kind: 'job', job: REFUND_SEND.name },
        );
        this.wake();
        return;
      }
      if (context.lastAttempt)
        this.deps.log?.error(
          { refundId: claimed.id },
          'refund unconfirmed: needs the provider callback or an operator (/dev/jobs)',
        );
      throw error;
    }
  }

  /** True for a refund try's external id (the disbursement callbacks route these here). */
  static isRefund(externalId: string): boolean {
    return externalId.startsWith(REFUND_EXTERNAL_PREFIX);
  }

  /** The provider's verified callback for a refund try, in the inbox's transaction. */
  async applyCallback(tx: Tx, callback: DisbursementCallback): Promise<CallbackOutcome> {
    const match = EXTERNAL_ID.exec(callback.external_id);
    if (!match) return 'ignored';
    const refundId = match[1]!;
    const attempt = Number(match[2]);
    const actor = { kind: 'provider', provider: this.deps.provider?.name ?? 'unknown' } as const;
    if (callback.status === 'COMPLETED')
      return this.deps.commands.run(
        this.completeCommand,
        { refundId, attempt, providerReference: callback.id },
        actor,
        { tx },
      );
    const reason = (DISBURSEMENT_FAILURES as readonly string[]).includes(callback.failure_code ?? '')
      ? (callback.failure_code as DisbursementFailure)
      : 'REJECTED';
    return this.deps.commands.run(this.failCommand, { refundId, attempt, reason }, actor, { tx });
  }

  /** The try in flight, when `attempt` is the refund's current one (a late callback of an older try changes nothing). */
  private async inFlight(tx: Tx, refundId: string, attempt: number): Promise<RefundRow | undefined> {
    const row = await this.deps.repo.byId(tx, refundId);
    if (!row || row.attempt !== attempt || !(IN_FLIGHT as readonly string[]).includes(row.state))
      return undefined;
    return row;
  }

  private async complete(
    tx: Tx,
    input: { refundId: string; attempt: number; providerReference: string },
    { commandId, now }: CommandContext,
  ): Promise<CommandOutcome<CallbackOutcome>> {
    const current = await this.inFlight(tx, input.refundId, input.attempt);
    if (!current) return { result: 'ignored', outcome: 'ignored', subject: null };
    if (!current.loanId) return this.completeReturn(tx, current, input.providerReference, now);
    // The loan first, then the refund: the same order as the payment that closed it.
    const booked = await this.deps.book.lock(tx, current.loanId);
    if (!booked?.account) throw new Error(`refund ${current.id} completed for a loan without an account`);
    const moved = await this.deps.repo.move(tx, current.id, IN_FLIGHT, {
      state: 'completed',
      providerReference: input.providerReference,
      completedAt: now,
      updatedAt: now,
    });
    if (!moved) return { result: 'ignored', outcome: 'ignored', subject: null };
    const before = booked.account;
    const after = refundCredit(before, moved.amount, businessDateAt(now));
    await this.deps.ledger.append(tx, current.loanId, `refund:${moved.id}`, after.journal, now, commandId);
    await this.deps.book.save(tx, booked.row, after, now);
    await this.tellArrived(tx, moved, (card) => refundedMessage(booked.row.locale as Locale, card));
    return {
      result: 'applied',
      outcome: 'completed',
      subject: { type: 'refund', id: moved.id },
      before: { state: current.state, credit: before.credit },
      after: { state: 'completed', loanId: current.loanId, amount: moved.amount, credit: after.credit },
    };
  }

  /**
   * A returned payment arrived back at the borrower's bank: it was never booked onto a loan (held for review, outside
   * every loan's ledger; `npm run ledger:check` reconciles it with the payments table), so only its state moves.
   */
  private async completeReturn(
    tx: Tx,
    current: RefundRow,
    providerReference: string,
    now: Date,
  ): Promise<CommandOutcome<CallbackOutcome>> {
    const paymentId = current.paymentId;
    if (!paymentId) throw new Error(`refund ${current.id} has neither a loan nor a payment`);
    const moved = await this.deps.repo.move(tx, current.id, IN_FLIGHT, {
      state: 'completed',
      providerReference,
      completedAt: now,
      updatedAt: now,
    });
    if (!moved) return { result: 'ignored', outcome: 'ignored', subject: null };
    if (!(await this.deps.payments.move(tx, paymentId, ['returning'], 'returned')))
      throw new Error(`payment ${paymentId} was returned but was not being returned`);
    // The borrower's language as their latest loan keeps it: a returned payment has no loan of its own.
    const [latest] = await this.deps.book.history(tx, moved.userId);
    const locale = latest?.row.locale === 'en-US' ? 'en-US' : 'id-ID';
    await this.tellArrived(tx, moved, (card) => paymentReturnedMessage(locale, card));
    return {
      result: 'applied',
      outcome: 'completed',
      subject: { type: 'refund', id: moved.id },
      before: { state: current.state, paymentStatus: 'returning' },
      after: { state: 'completed', paymentId, amount: moved.amount, paymentStatus: 'returned' },
    };
  }

  /** The SMS that the money arrived, with the amount and the account it went to (once per refund). */
  private async tellArrived(
    tx: Tx,
    refund: RefundRow,
    text: (facts: { amount: Rupiah; bank: string; lastDigits: string }) => string,
  ): Promise<void> {
    const user = await this.deps.users.signedIn(refund.userId, tx);
    const card = await this.deps.cards.card(refund.userId, refund.bankAccountId, tx);
    await this.deps.outbox.enqueue(tx, {
      channel: 'sms',
      recipient: user.phone,
      body: text({ amount: refund.amount, bank: card.bankCode, lastDigits: card.lastDigits }),
      idempotencyKey: `refund-completed:${refund.id}`,
      deliver: true,
    });
  }

  /**
   * A failed try: nothing was booked, the credit is still held. Tried again with backoff up to REFUND_MAX_ATTEMPTS
   * (a new try, a new external id), then the refund stays `failed`, listed to the borrower and to staff.
   */
  private async fail(
    tx: Tx,
    input: { refundId: string; attempt: number; reason: DisbursementFailure },
    { now }: CommandContext,
  ): Promise<CommandOutcome<CallbackOutcome>> {
    const current = await this.inFlight(tx, input.refundId, input.attempt);
    if (!current) return { result: 'ignored', outcome: 'ignored', subject: null };
    const failures = current.failures + 1;
    const retry = failures < this.deps.maxAttempts;
    const moved = await this.deps.repo.move(tx, current.id, IN_FLIGHT, {
      state: retry ? 'retrying' : 'failed',
      attempt: retry ? current.attempt + 1 : current.attempt,
      failures,
      failureCode: input.reason,
      updatedAt: now,
    });
    if (!moved) return { result: 'ignored', outcome: 'ignored', subject: null };
    const subject = { type: 'refund', id: moved.id };
    if (retry) {
      await this.queueSend(tx, moved, this.deps.retryDelaySeconds * 2 ** (failures - 1));
      return { result: 'applied', outcome: 'retry', subject, after: { reason: input.reason, failures } };
    }
    this.deps.log?.error(
      { refundId: moved.id, failures },
      'refund failed every try: staff must follow it up',
    );
    return { result: 'applied', outcome: 'failed', subject, after: { reason: input.reason, failures } };
  }

  /** GET /v1/order/refunds: credit still held on the borrower's loans, and their refunds. */
  async view(userId: string): Promise<RefundsView> {
    const { db } = this.deps;
    const [loans, rows] = await inTurn(
      () => this.deps.book.history(db, userId),
      () => this.deps.repo.ofUser(db, userId),
    );
    const held = sumRupiah(loans.map((l) => l.account?.credit ?? ZERO_RUPIAH));
    const list = await Promise.all(
      rows.map(async (r) => {
        const card = await this.deps.cards.card(userId, r.bankAccountId);
        return {
          id: r.id,
          order_id: r.loanId,
          payment_id: r.paymentId,
          amount: r.amount,
          state: r.state as RefundState,
          bank_code: card.bankCode,
          last_digits: card.lastDigits,
          attempts: r.attempt,
          failure: r.failureCode,
          created_at: r.createdAt.toISOString(),
          completed_at: r.completedAt?.toISOString() ?? null,
        };
      }),
    );
    return { held, list };
  }

  /** Every refund with its amount and state, for the ledger check (see RefundsRepository.all). */
  all(): ReturnType<RefundsRepository['all']> {
    return this.deps.repo.all(this.deps.db);
  }
}
