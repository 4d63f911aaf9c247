import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { BankPatchBody, DisbursementFailure, LoanOrderView } from '@kaskita/domain/contract/loans';
import { DISBURSEMENT_FAILURES } from '@kaskita/domain/contract/loans';
import { findBank } from '@kaskita/domain/banking/banks';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { billStatusOf, transitionLoan, type LoanState } from '@kaskita/domain/lifecycle/loan-state';
import { sumRupiah, ZERO_RUPIAH } from '@kaskita/domain/money/rupiah';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import { plan } from '@kaskita/domain/pricing/plan';
import { parseTenorKey } from '@kaskita/domain/pricing/tenor-key';
import type { BankAccountInput } from '@kaskita/domain/validation/profile';
import { defineCommand, type CommandContext, type CommandOutcome } from '../../commands/command.ts';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import type { CallbackOutcome } from '../../callbacks/callback-endpoint.ts';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { jobType, type JobContext } from '../../jobs/job-type.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import type { DisbursementCallback } from '../../providers/disbursement/disbursement-callback.ts';
import {
  DisbursementRefusedError,
  type DisbursementProvider,
} from '../../providers/disbursement/disbursement-provider.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { BankCardsService } from '../bank-cards/bank-cards-service.ts';
import type { UserAccounts } from '../user/user-service.ts';
import { disbursedMessage, interruptedMessage, signedAgreementUrl } from './disbursement-messages.ts';
import type { PayPinService } from '../payment-pin/pay-pin-service.ts';
import type { LoanOrdersRepository } from './loan-orders-repository.ts';
import type { LoanRow } from './loan-orders-schema.ts';
import { loanSummary } from './loan-book-service.ts';
import { activateLoan } from './loan-activation.ts';

/**
 * Sends one try of a loan's money to the provider. Keyed by the disbursement id, which is also the provider's external
 * id: however often it runs, the provider pays once. Retried on network errors about 30 s, 1, 2, 4 min apart.
 */
export const DISBURSEMENT_SEND = jobType({
  name: 'disbursement.send',
  payload: z.object({ disbursementId: z.string().uuid() }),
  retry: { limit: 4, delaySeconds: 30, backoff: true },
  expireInSeconds: 120,
});

/** Applies a verified callback of another kind of payout, in the inbox's transaction. */
export type PayoutCallbackHandler = (tx: Tx, callback: DisbursementCallback) => Promise<CallbackOutcome>;

/**
 * Work that follows a loan's money arriving, in the disbursement's transaction (the referral module queues a friend's
 * reward). The loan is active when it runs.
 */
export type DisbursedListener = (tx: Tx, loan: { loanId: string; userId: string }) => Promise<void>;

/** Failures that need another account from the borrower; the others are the bank's and are tried again. */
const ACCOUNT_FAILURES: readonly DisbursementFailure[] = ['ACCOUNT_NAME_MISMATCH', 'ACCOUNT_CLOSED'];
/** A try in flight: the callback may find it in either (it can overtake our own write of 'pending'). */
const IN_FLIGHT = ['sending', 'pending'] as const;

export interface DisbursementDependencies {
  db: Db;
  repo: LoanOrdersRepository;
  ledger: LedgerService;
  clock: Clock;
  jobs: JobRunner;
  outbox: OutboxService;
  users: Pick<UserAccounts, 'signedIn' | 'setLoanStatus'>;
  cards: BankCardsService;
  profile: { agreementParty(userId: string): Promise<{ name: string } | null> };
  provider: DisbursementProvider | null;
  maxAttempts: number;
  retryDelaySeconds: number;
  /** Before a new order's money leaves (DISBURSEMENT_COOLING_OFF_SECONDS). */
  coolingOffSeconds: number;
  log?: { error(fields: object, message: string): void };
  commands: CommandExecutor;
  /** The order as the app shows it (loan-order-view-service.ts). */
  view(loan: LoanRow, locale: Locale): Promise<LoanOrderView>;
  /** PUBLIC_APP_URL: the disbursement SMS links to the signed agreement there. */
  publicAppUrl: string;
  /** The payment PIN, once the borrower has set one, confirms a new account for the money. */
  pins: Pick<PayPinService, 'confirm'>;
}

/**
 * Moving a loan's money (architecture rule 12): each try is a row, sent by a job, finished by the provider's verified
 * callback through the inbox. A completed try activates the loan through the engine (re-planned from the disbursement
 * date), writes its bills and ledger lines and tells the borrower, in the callback's transaction.
 */
export class DisbursementService {
  constructor(private readonly deps: DisbursementDependencies) {}

  /** A new try for the loan's account, in the caller's transaction; `wake()` after it commits. */
  async queue(tx: Tx, loan: LoanRow, bankAccountId: string, delaySeconds = 0): Promise<void> {
    const id = randomUUID();
    const now = this.deps.clock.now();
    await this.deps.repo.insertDisbursement(tx, {
      id,
      loanId: loan.id,
      bankAccountId,
      amount: loan.amountReceived,
      provider: this.deps.provider?.name ?? 'none',
      status: 'queued',
      createdAt: now,
      updatedAt: now,
    });
    await this.deps.jobs.send(DISBURSEMENT_SEND, { disbursementId: id }, { tx, key: id, delaySeconds });
  }

  /** The first try of a new order, after the cooling-off time. */
  queueFirst(tx: Tx, loan: LoanRow, bankAccountId: string): Promise<void> {
    return this.queue(tx, loan, bankAccountId, this.deps.coolingOffSeconds);
  }

  wake(): void {
    this.deps.jobs.wake(DISBURSEMENT_SEND);
  }

  /**
   * The job. Claims the try ('sending': from here the borrower can no longer cancel for free, since the provider may
   * already hold it), then asks the provider. A failed request is retried with the same external id; after the last
   * retry the try fails like a bank time-out. A refusal (DisbursementRefusedError: nothing was sent, and the same
   * request cannot succeed) fails the try at once with the provider's reason, e.g. a closed account.
   */
  async send(disbursementId: string, context: JobContext): Promise<void> {
    const { repo, db, clock } = this.deps;
    const claimed = await repo.moveDisbursement(db, disbursementId, ['queued', 'sending'], {
      status: 'sending',
      updatedAt: clock.now(),
    });
    if (!claimed) return;
    const provider = this.deps.provider;
    try {
      if (!provider) throw new Error('no disbursement provider is configured');
      const loan = await repo.byId(db, claimed.loanId);
      if (!loan) throw new Error(`disbursement ${disbursementId} has no loan`);
      const card = await this.deps.cards.card(loan.userId, claimed.bankAccountId);
      const bank = findBank(card.bankCode);
      const accepted = await provider.disburse({
        externalId: claimed.id,
        amount: claimed.amount,
        bankCode: card.bankCode,
        accountNumber: this.deps.cards.accountNumber(card),
        accountHolderName: this.deps.cards.holderName(card),
        description: `KasKita ${loan.id.slice(0, 8)} ${bank?.code ?? ''}`.trim(),
      });
      await repo.moveDisbursement(db, claimed.id, ['sending'], {
        status: 'pending',
        providerReference: accepted.providerReference,
        updatedAt: clock.now(),
      });
    } catch (error) {
      // A refusal is settled: the provider holds nothing, so the try fails now (a refused account interrupts the loan).
      if (error instanceof DisbursementRefusedError) {
        await this.deps.commands.run(
          this.failCommand,
          { disbursementId: claimed.id, reason: error.failure },
          { kind: 'job', job: DISBURSEMENT_SEND.name },
        );
        this.deps.outbox.wake();
        return;
      }
      // Anything else (time-out, network, 5xx) may have reached the provider: the try stays 'sending', retried with the
      // same external id, and after the last retry it is still never failed or replaced by a new id, which could pay
      // twice. Its callback (or an operator, from the failed job on /dev/jobs) settles it.
      if (context.lastAttempt)
        this.deps.log?.error(
          { disbursementId: claimed.id },
          'disbursement unconfirmed: needs the provider callback or an operator',
        );
      throw error;
    }
  }

  /** `disbursement.complete`: the provider (its verified callback) says the money arrived. */
  readonly completeCommand = defineCommand({
    name: 'disbursement.complete',
    input: z.object({ disbursementId: z.string().min(1), providerReference: z.string().min(1) }),
    actors: ['provider'],
    handle: (tx, input, context) => this.complete(tx, input, context),
  });

  /** `disbursement.fail`: the provider's callback, or its refusal when the job sent the try. */
  readonly failCommand = defineCommand({
    name: 'disbursement.fail',
    input: z.object({ disbursementId: z.string().min(1), reason: z.enum(DISBURSEMENT_FAILURES) }),
    actors: ['provider', 'job'],
    handle: (tx, input, context) => this.fail(tx, input.disbursementId, input.reason, context),
  });

  private readonly disbursedListeners: DisbursedListener[] = [];

  /** Adds work to run when a loan's disbursement completes, in its transaction (another module's, by this hook). */
  onDisbursed(listener: DisbursedListener): void {
    this.disbursedListeners.push(listener);
  }

  /** Other payouts through the same provider and callbacks (refunds), by the prefix of their external id. */
  private readonly payouts: Array<{ prefix: string; apply: PayoutCallbackHandler }> = [];

  /**
   * Routes callbacks whose external id starts with `prefix` to another kind of payout (the refunds module's
   * `refund-`): a loan's try has a bare UUID, so such a callback can never complete or fail a loan's disbursement.
   */
  routePayouts(prefix: string, apply: PayoutCallbackHandler): void {
    this.payouts.push({ prefix, apply });
  }

  /** The provider's verified callback, in the inbox's transaction. */
  async applyCallback(tx: Tx, callback: DisbursementCallback): Promise<CallbackOutcome> {
    const payout = this.payouts.find((p) => callback.external_id.startsWith(p.prefix));
    if (payout) return payout.apply(tx, callback);
    const actor = { kind: 'provider', provider: this.deps.provider?.name ?? 'unknown' } as const;
    if (callback.status === 'COMPLETED')
      return this.deps.commands.run(
        this.completeCommand,
        { disbursementId: callback.external_id, providerReference: callback.id },
        actor,
        { tx },
      );
    const reason = (DISBURSEMENT_FAILURES as readonly string[]).includes(callback.failure_code ?? '')
      ? (callback.failure_code as DisbursementFailure)
      : 'REJECTED';
    return this.deps.commands.run(this.failCommand, { disbursementId: callback.external_id, reason }, actor, {
      tx,
    });
  }

  private async complete(
    tx: Tx,
    input: { disbursementId: string; providerReference: string },
    { commandId, now }: CommandContext,
  ): Promise<CommandOutcome<CallbackOutcome>> {
    const { repo } = this.deps;
    const moved = await repo.moveDisbursement(tx, input.disbursementId, IN_FLIGHT, {
      status: 'completed',
      providerReference: input.providerReference,
      updatedAt: now,
    });
    // Unknown, already completed, or failed before (a late COMPLETED after FAILED is the provider's to explain).
    if (!moved) return { result: 'ignored', outcome: 'ignored', subject: null };
    const loan = await repo.byIdForUpdate(tx, moved.loanId);
    if (!loan || loan.state !== 'awaiting-disbursement')
      // Money left for a loan that is not waiting for it: never drop it silently; the provider retries until fixed.
      throw new Error(`disbursement ${moved.id} completed for a loan that is ${loan?.state ?? 'missing'}`);
    const date = businessDateAt(now);
    const tenor = parseTenorKey(loan.period);
    if (!tenor) throw new Error(`loan ${loan.id} has no tenor`);
    // Bills run from the day the money arrived: the engine plans again from that date.
    const account = await activateLoan(tx, this.deps, loan, plan(loan.product, loan.amount, tenor, date), {
      date,
      now,
      commandId,
      disbursementId: moved.id,
      bankAccountId: moved.bankAccountId,
    });
    const user = await this.deps.users.signedIn(loan.userId, tx);
    const card = await this.deps.cards.card(loan.userId, moved.bankAccountId, tx);
    const first = account.instalments[0];
    await this.deps.outbox.enqueue(tx, {
      channel: 'sms',
      recipient: user.phone,
      body: disbursedMessage(loan.locale as Locale, {
        received: moved.amount,
        bank: card.bankCode,
        lastDigits: card.lastDigits,
        firstTotal: first ? sumRupiah([first.due.principal, first.due.interest, first.due.fee]) : ZERO_RUPIAH,
        firstDue: first?.dueDate ?? date,
        agreementUrl: signedAgreementUrl(this.deps.publicAppUrl, loan.id),
      }),
      idempotencyKey: `loan-disbursed:${loan.id}`,
      deliver: true,
    });
    for (const listener of this.disbursedListeners)
      await listener(tx, { loanId: loan.id, userId: loan.userId });
    return {
      result: 'applied',
      outcome: 'applied',
      subject: { type: 'loan', id: loan.id },
      before: { state: loan.state },
      after: { ...loanSummary(account), disbursementId: moved.id, amount: moved.amount },
    };
  }

  /**
   * A failed try. The account's fault (name mismatch, closed) interrupts the loan at once for the borrower to correct
   * (loan_fail_status 1); the bank's is tried again with backoff, up to the configured tries, then interrupts it too.
   */
  private async fail(
    tx: Tx,
    disbursementId: string,
    reason: DisbursementFailure,
    { now }: CommandContext,
  ): Promise<CommandOutcome<CallbackOutcome>> {
    const { repo } = this.deps;
    const moved = await repo.moveDisbursement(tx, disbursementId, IN_FLIGHT, {
      status: 'failed',
      failureCode: reason,
      updatedAt: now,
    });
    if (!moved) return { result: 'ignored', outcome: 'ignored', subject: null };
    const subject = { type: 'loan', id: moved.loanId };
    const loan = await repo.byIdForUpdate(tx, moved.loanId);
    if (!loan || loan.state !== 'awaiting-disbursement')
      return { result: 'applied', outcome: 'failed', subject, after: { disbursementId, reason } };
    const needsNewAccount = ACCOUNT_FAILURES.includes(reason);
    const failed = await repo.failedAttempts(tx, loan.id);
    if (!needsNewAccount && failed < this.deps.maxAttempts) {
      await this.queue(tx, loan, moved.bankAccountId, this.deps.retryDelaySeconds * 2 ** (failed - 1));
      return { result: 'applied', outcome: 'retry', subject, after: { disbursementId, reason, failed } };
    }
    const state = transitionLoan(loan.state as LoanState, 'fail-disbursement');
    const failStatus = needsNewAccount ? 1 : 0;
    await repo.update(tx, loan.id, 'awaiting-disbursement', {
      state,
      failStatus,
      failureReason: reason,
      updatedAt: now,
    });
    await this.deps.users.setLoanStatus(tx, loan.userId, {
      billStatus: billStatusOf(state),
      loanFailStatus: failStatus,
    });
    const user = await this.deps.users.signedIn(loan.userId, tx);
    await this.deps.outbox.enqueue(tx, {
      channel: 'sms',
      recipient: user.phone,
      body: interruptedMessage(loan.locale as Locale, reason, needsNewAccount),
      idempotencyKey: `loan-interrupted:${moved.id}`,
      deliver: true,
    });
    return {
      result: 'applied',
      outcome: 'interrupted',
      subject,
      before: { state: loan.state },
      after: { state, disbursementId, reason, failStatus },
    };
  }

  /**
   * POST /v1/user/bank_patch: a corrected account (checked with the bank, in the KTP name) or a saved card becomes the
   * default, and the interrupted loan is sent again to it.
   */
  async patchBank(
    userId: string,
    body: BankPatchBody & object,
    { locale, network }: { locale: Locale; network: string },
  ): Promise<LoanOrderView> {
    const open = await this.deps.repo.open(this.deps.db, userId);
    if (!open || open.state !== 'disbursement-failed') throw new AppError('NO_FAILED_DISBURSEMENT');
    // Before the bank is asked (a billed call): a wrong PIN costs nothing but its try.
    const { pay_pin: pin, ...patch } = body;
    await this.deps.pins.confirm(userId, pin);
    let verified: Awaited<ReturnType<BankCardsService['verify']>> | null = null;
    if ('card_num' in patch) {
      const party = await this.deps.profile.agreementParty(userId);
      if (!party) throw new AppError('PROFILE_INCOMPLETE');
      // A network call: before the transaction, so no lock is held while the bank answers.
      verified = await this.deps.cards.verify(userId, patch as BankAccountInput, party.name, network);
    }
    const loan = await this.deps.db.transaction(async (tx) => {
      const row = await this.deps.repo.ofUser(tx, userId, open.id, true);
      if (!row || row.state !== 'disbursement-failed') throw new AppError('NO_FAILED_DISBURSEMENT');
      const cardId = verified
        ? (await this.deps.cards.addDefault(tx, verified)).id
        : (await this.deps.cards.card(userId, (patch as { id: string }).id, tx)).id;
      if (!verified) await this.deps.cards.makeDefault(tx, userId, cardId);
      const state = transitionLoan(row.state as LoanState, 'resubmit');
      const updated = await this.deps.repo.update(tx, row.id, 'disbursement-failed', {
        state,
        bankAccountId: cardId,
        failStatus: 0,
        failureReason: null,
        updatedAt: this.deps.clock.now(),
      });
      await this.deps.users.setLoanStatus(tx, userId, { billStatus: billStatusOf(state), loanFailStatus: 0 });
      await this.queue(tx, updated, cardId);
      return updated;
    });
    this.wake();
    return this.deps.view(loan, locale);
  }
}
