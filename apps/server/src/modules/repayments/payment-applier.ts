import { randomUUID } from 'node:crypto';
import { paidFromCredit, paidFromPayment } from '@kaskita/domain/lifecycle/allocation';
import { applyPayment } from '@kaskita/domain/lifecycle/late-payment';
import { isRepaying, netOfCredit, outstandingOf, type Loan } from '@kaskita/domain/lifecycle/loan-account';
import { billStatusOf } from '@kaskita/domain/lifecycle/loan-state';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { businessDateAt, type BusinessDate } from '@kaskita/domain/pricing/business-date';
import { formatRupiah, type Rupiah } from '@kaskita/domain/money/rupiah';
import { channelName } from '@kaskita/domain/payments/channels';
import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import { z } from 'zod';
import type { CallbackOutcome } from '../../callbacks/callback-endpoint.ts';
import { jakartaMinute, type Clock } from '../../clock.ts';
import { defineCommand, type CommandContext, type CommandOutcome } from '../../commands/command.ts';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import type { PaymentReceived } from '../../providers/payment-gateway/payment-callbacks.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { loanSummary, type BookedLoan, type LoanBookService } from '../loans/loan-book-service.ts';
import type { UserAccounts } from '../user/user-service.ts';
import type { LoanDisputes } from '../disputes/loan-disputes-service.ts';
import type { LoanClosedHooks } from './loan-closed-hooks.ts';
import type { RepaymentsRepository } from './repayments-repository.ts';
import type { PaidComponents, PaymentCodeRow } from './repayments-schema.ts';

export interface PaymentApplierDependencies {
  repo: RepaymentsRepository;
  loans: LoanBookService;
  ledger: LedgerService;
  users: Pick<UserAccounts, 'setLoanStatus' | 'signedIn'>;
  outbox: OutboxService;
  clock: Clock;
  commands: CommandExecutor;
  closed: LoanClosedHooks;
  /** A claim answered by the payment no longer holds its loan under dispute. */
  disputes: Pick<LoanDisputes, 'release'>;
}

type BookedRow = BookedLoan['row'];

type ReviewReason = 'unknown_code' | 'expired_code' | 'code_used' | 'loan_closed';

/**
 * Applies a payment a gateway reported, inside the callback's inbox transaction, so the payment row, the loan account,
 * its bills, the ledger lines and the receipt commit together or not at all (a crash midway leaves nothing, and the
 * gateway's retry applies it once). The code row, then the loan, are locked first: parallel callbacks for one loan and
 * a repay request racing them are serialised. The engine allocates (late fee, fee, interest, principal, oldest bill
 * first); less than due is a partial payment, more is held as the borrower's credit. A payment that cannot be applied
 * is recorded for review and acknowledged, never dropped.
 */
export class PaymentApplier {
  constructor(private readonly deps: PaymentApplierDependencies) {}

  /** The `payment.apply` command: the gateway (its verified callback) is the actor. */
  readonly command = defineCommand({
    name: 'payment.apply',
    input: z.object({
      provider: z.string().min(1),
      payment: z.object({
        paymentId: z.string().min(1),
        externalId: z.string().min(1),
        amount: z.number().int().positive().brand<'Rupiah'>(),
        paidAt: z.date(),
      }),
    }),
    actors: ['provider'],
    handle: (tx, { provider, payment }, context) => this.handle(tx, provider, payment, context),
  });

  /** Applies a verified payment in the callback's inbox transaction, through the command executor. */
  apply(tx: Tx, provider: string, payment: PaymentReceived): Promise<CallbackOutcome> {
    return this.deps.commands.run(
      this.command,
      { provider, payment },
      { kind: 'provider', provider },
      { tx },
    );
  }

  /**
   * An e-wallet charge the borrower declined, let lapse, or the wallet refused: no money moved, so no command and no
   * ledger line; the code is closed so the pay page says so and the next tap asks for a new charge. A failure after
   * the charge was paid (a late or out-of-order callback) changes nothing.
   */
  async chargeFailed(tx: Tx, externalId: string): Promise<CallbackOutcome> {
    const closed = await this.deps.repo.markCodeFailed(tx, externalId, this.deps.clock.now());
    return closed ? 'applied' : 'ignored';
  }

  private async handle(
    tx: Tx,
    provider: string,
    payment: PaymentReceived,
    { commandId, now }: CommandContext,
  ): Promise<CommandOutcome<CallbackOutcome>> {
    const { repo } = this.deps;
    const code = await repo.code(tx, payment.externalId, true);
    const base = {
      id: randomUUID(),
      provider,
      providerPaymentId: payment.paymentId,
      amount: payment.amount,
      paidAt: payment.paidAt,
      createdAt: now,
    };
    if (!code) return this.review(tx, base, 'unknown_code', null);
    const owned = {
      ...base,
      paymentCodeId: code.id,
      loanId: code.loanId,
      userId: code.userId,
      channelId: code.channelId,
    };
    const subject = { type: 'loan', id: code.loanId };
    const booked = await this.deps.loans.lock(tx, code.loanId);
    if (!booked?.account) return this.review(tx, owned, 'loan_closed', subject);
    const { row, account: loan } = booked;
    if (code.status !== 'active' || payment.paidAt.getTime() > code.expiresAt.getTime())
      return this.review(tx, owned, code.status === 'paid' ? 'code_used' : 'expired_code', subject);

    if (!isRepaying(loan)) return this.review(tx, owned, 'loan_closed', subject);
    return this.book(
      tx,
      {
        booked: { row, account: loan },
        paymentId: owned.id,
        amount: payment.amount,
        paidAt: payment.paidAt,
        channel: channelName(code.channelId),
        date: paymentDate(payment, code, loan),
      },
      async (recorded) => {
        if (!(await repo.insertPayment(tx, { ...owned, status: 'applied', ...recorded }))) return false;
        await repo.markCodePaid(tx, code.id, now);
        return true;
      },
      { commandId, now },
    );
  }

  /**
   * `payment.resolve`: a payment held for review (an unknown, expired or used code, a closed loan) applied onto the
   * loan staff chose, exactly as a gateway payment is (bills, ledger, receipt SMS). Runs only through maker-checker
   * (modules/approvals): one member asks, another approves, and the command runs as the approver. The review row
   * becomes the applied one, so the money moves once: a second run finds it applied and is refused.
   */
  readonly resolveCommand = defineCommand({
    name: 'payment.resolve',
    input: z.object({ paymentId: z.string().min(1), loanId: z.string().min(1) }),
    actors: ['staff'],
    permission: PERMISSIONS.paymentResolve,
    handle: (tx, input, context) => this.resolve(tx, input, context),
  });

  /** What applying a review payment onto a loan will change, for the approver (nothing is written). */
  async resolvePreview(tx: Tx, { paymentId, loanId }: { paymentId: string; loanId: string }) {
    const payment = await this.deps.repo.payment(tx, paymentId);
    if (!payment) throw new AppError('NOT_FOUND');
    if (payment.status !== 'review') throw new AppError('CONFLICT');
    const booked = await this.deps.loans.lock(tx, loanId);
    if (!booked?.account || !isRepaying(booked.account)) throw new AppError('NO_REPAYING_LOAN');
    const date = resolvedDate(payment.paidAt, booked.account);
    const after = applyPayment(booked.account, { amount: payment.amount, date }).loan;
    return {
      paymentId,
      amount: payment.amount,
      paidAt: payment.paidAt.toISOString(),
      reviewReason: payment.reviewReason,
      loanId,
      borrowerId: booked.row.userId,
      paymentBorrowerId: payment.userId,
      sameBorrower: payment.userId === booked.row.userId,
      before: loanSummary(booked.account),
      after: loanSummary(after),
    };
  }

  private async resolve(
    tx: Tx,
    { paymentId, loanId }: { paymentId: string; loanId: string },
    { commandId, now }: CommandContext,
  ): Promise<CommandOutcome<CallbackOutcome>> {
    const { repo } = this.deps;
    // The payment first, then the loan: a second approval of the same payment waits here and then finds it applied.
    const payment = await repo.payment(tx, paymentId, true);
    if (!payment) throw new AppError('NOT_FOUND');
    if (payment.status !== 'review') throw new AppError('CONFLICT');
    const booked = await this.deps.loans.lock(tx, loanId);
    if (!booked?.account || !isRepaying(booked.account)) throw new AppError('NO_REPAYING_LOAN');
    const outcome = await this.book(
      tx,
      {
        booked: { row: booked.row, account: booked.account },
        paymentId,
        amount: payment.amount,
        paidAt: payment.paidAt,
        channel: payment.channelId ? channelName(payment.channelId) : payment.provider,
        date: resolvedDate(payment.paidAt, booked.account),
      },
      (recorded) =>
        repo.applyReviewPayment(tx, paymentId, { ...recorded, loanId, userId: booked.row.userId }),
      { commandId, now },
    );
    if (outcome.outcome !== 'applied') throw new AppError('CONFLICT');
    // A claim waiting on this payment is answered by it: the receipt SMS just sent tells the borrower.
    for (const claimId of await repo.creditClaimsOf(tx, paymentId, now))
      await this.deps.disputes.release(tx, { source: 'payment_claim', sourceId: claimId }, now);
    return {
      ...outcome,
      before: {
        payment: { status: 'review', reviewReason: payment.reviewReason },
        ...(outcome.before as object),
      },
    };
  }

  /**
   * Books a payment onto a repaying loan: the engine allocates it, `record` writes the payment row (false: it was
   * recorded before, nothing is booked), then the ledger, the loan and its bills, the borrower's status and the receipt.
   */
  private async book(
    tx: Tx,
    p: {
      booked: { row: BookedRow; account: Loan };
      paymentId: string;
      amount: Rupiah;
      paidAt: Date;
      channel: string;
      date: BusinessDate;
    },
    record: (recorded: {
      paid: PaidComponents;
      paidWithCredit: PaidComponents | null;
      creditAdded: Rupiah;
      remaining: Rupiah;
      billsPaid: number[];
    }) => Promise<boolean>,
    { commandId, now }: Pick<CommandContext, 'commandId' | 'now'>,
  ): Promise<CommandOutcome<CallbackOutcome>> {
    const { row, account: loan } = p.booked;
    const subject = { type: 'loan', id: row.id };
    const result = applyPayment(loan, { amount: p.amount, date: p.date });
    const after = result.loan;
    const paid: PaidComponents = paidFromPayment(result.lines);
    const billsPaid = after.instalments
      .filter((i, k) => i.state === 'paid' && loan.instalments[k]?.state !== 'paid')
      .map((i) => i.number);
    const remaining = netOfCredit(outstandingOf(after), after.credit);

    const paidWithCredit = result.creditUsed > 0 ? paidFromCredit(result.lines) : null;
    if (!(await record({ paid, paidWithCredit, creditAdded: result.creditAdded, remaining, billsPaid })))
      return { result: 'ignored', outcome: 'ignored', subject };
    await this.deps.ledger.append(tx, row.id, `payment:${p.paymentId}`, after.journal, now, commandId);
    await this.deps.loans.save(tx, row, after, now);
    if (after.state === 'paid-off' && loan.state !== 'paid-off') await this.deps.closed.closed(tx, row.id);
    await this.deps.users.setLoanStatus(tx, row.userId, {
      billStatus: billStatusOf(after.state),
      loanFailStatus: 0,
    });
    const user = await this.deps.users.signedIn(row.userId, tx);
    await this.deps.outbox.enqueue(tx, {
      channel: 'sms',
      recipient: user.phone,
      body: receiptText(row.locale as Locale, {
        amount: p.amount,
        channel: p.channel,
        paidAt: p.paidAt,
        remaining,
        credit: result.creditAdded,
        paidOff: after.state === 'paid-off',
      }),
      idempotencyKey: `payment-receipt:${p.paymentId}`,
      deliver: true,
    });
    return {
      result: 'applied',
      outcome: 'applied',
      subject,
      before: loanSummary(loan),
      after: { ...loanSummary(after), paymentId: p.paymentId, paid, creditAdded: result.creditAdded },
    };
  }

  /** Kept for a person to look at, acknowledged to the gateway: the audit row says why. */
  private async review(
    tx: Tx,
    row: Omit<Parameters<RepaymentsRepository['insertPayment']>[1], 'status'>,
    reason: ReviewReason,
    subject: { type: string; id: string } | null,
  ): Promise<CommandOutcome<CallbackOutcome>> {
    const inserted = await this.deps.repo.insertPayment(tx, {
      ...row,
      status: 'review',
      reviewReason: reason,
    });
    return inserted
      ? { result: 'applied', outcome: `review:${reason}`, subject, after: { paymentId: row.id } }
      : { result: 'ignored', outcome: 'ignored', subject };
  }
}

/** A review payment counts on the day it was paid, or the loan's first day if it was paid before the loan began. */
function resolvedDate(paidAt: Date, loan: Pick<Loan, 'startDate'>): BusinessDate {
  const paidOn = businessDateAt(paidAt);
  return paidOn < loan.startDate ? loan.startDate : paidOn;
}

/**
 * The business date a payment counts on: the day the borrower paid (the gateway's paid time, in Jakarta), however late
 * its report arrives. A settlement code keeps its promise until it expires: paid for its amount, it settles as of the
 * day it was quoted, so paying at 00:30 a code shown at 23:50 still closes the loan (the lender bears the day).
 */
export function paymentDate(
  payment: Pick<PaymentReceived, 'paidAt' | 'amount'>,
  code: Pick<PaymentCodeRow, 'repaymentType' | 'amount' | 'businessDate'>,
  loan: Pick<Loan, 'startDate'>,
): BusinessDate {
  const paidOn = businessDateAt(payment.paidAt);
  const promised =
    code.repaymentType === 'settlement' && payment.amount >= code.amount && code.businessDate < paidOn
      ? (code.businessDate as BusinessDate)
      : paidOn;
  return promised < loan.startDate ? loan.startDate : promised;
}

const RECEIPT: Record<
  Locale,
  (r: {
    amount: string;
    channel: string;
    time: string;
    remaining: string;
    credit: string | null;
    paidOff: boolean;
  }) => string
> = {
  'id-ID': (r) =>
    `KasKita: pembayaran ${r.amount} via ${r.channel} pada ${r.time} WIB telah diterima. ` +
    (r.paidOff ? 'Pinjaman Anda LUNAS. Terima kasih!' : `Sisa tagihan: ${r.remaining}.`) +
    (r.credit ? ` Kelebihan ${r.credit} disimpan sebagai saldo Anda.` : ''),
  'en-US': (r) =>
    `KasKita: your payment of ${r.amount} via ${r.channel} at ${r.time} WIB was received. ` +
    (r.paidOff ? 'Your loan is PAID OFF. Thank you!' : `Remaining: ${r.remaining}.`) +
    (r.credit ? ` The extra ${r.credit} is kept as your balance.` : ''),
};

function receiptText(
  locale: Locale,
  r: { amount: Rupiah; channel: string; paidAt: Date; remaining: Rupiah; credit: Rupiah; paidOff: boolean },
): string {
  const text = RECEIPT[locale] ?? RECEIPT['id-ID'];
  return text({
    amount: formatRupiah(r.amount),
    channel: r.channel,
    time: jakartaMinute(r.paidAt),
    remaining: formatRupiah(r.remaining),
    credit: r.credit > 0 ? formatRupiah(r.credit) : null,
    paidOff: r.paidOff,
  });
}
