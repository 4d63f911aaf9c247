import { randomUUID } from 'node:crypto';
import { allocatePayment } from '@kaskita/domain/lifecycle/allocation';
import { isRepaying, outstandingOf } from '@kaskita/domain/lifecycle/loan-account';
import { billStatusOf } from '@kaskita/domain/lifecycle/loan-state';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { businessDateAt, maxDate } from '@kaskita/domain/pricing/business-date';
import { formatRupiah } from '@kaskita/domain/money/rupiah';
import { channelName } from '@kaskita/domain/payments/channels';
import type { CallbackOutcome } from '../../callbacks/callback-endpoint.ts';
import { jakartaMinute, type Clock } from '../../clock.ts';
import type { Tx } from '../../db/client.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import type { PaymentReceived } from '../../providers/payment-gateway/payment-callbacks.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { LoanBookService } from '../loans/loan-book-service.ts';
import type { UserAccounts } from '../user/user-service.ts';
import type { RepaymentsRepository } from './repayments-repository.ts';
import type { PaidComponents } from './repayments-schema.ts';

export interface PaymentApplierDependencies {
  repo: RepaymentsRepository;
  loans: LoanBookService;
  ledger: LedgerService;
  users: Pick<UserAccounts, 'setLoanStatus' | 'signedIn'>;
  outbox: OutboxService;
  clock: Clock;
}

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

  async apply(tx: Tx, provider: string, payment: PaymentReceived): Promise<CallbackOutcome> {
    const { repo, clock } = this.deps;
    const now = clock.now();
    const code = await repo.code(tx, payment.externalId, true);
    const base = {
      id: randomUUID(),
      provider,
      providerPaymentId: payment.paymentId,
      amount: payment.amount,
      paidAt: payment.paidAt,
      createdAt: now,
    };
    if (!code) return this.review(tx, base, 'unknown_code');
    const owned = {
      ...base,
      paymentCodeId: code.id,
      loanId: code.loanId,
      userId: code.userId,
      channelId: code.channelId,
    };
    const booked = await this.deps.loans.lock(tx, code.loanId);
    if (!booked?.account) return this.review(tx, owned, 'loan_closed');
    const { row, account: loan } = booked;
    if (code.status !== 'active' || payment.paidAt.getTime() > code.expiresAt.getTime())
      return this.review(tx, owned, code.status === 'paid' ? 'code_used' : 'expired_code');

    if (!isRepaying(loan)) return this.review(tx, owned, 'loan_closed');
    // A late callback for a payment of yesterday cannot take the loan back before days already processed.
    const paidOn = businessDateAt(payment.paidAt);
    const date = maxDate(paidOn, loan.asOf);
    const result = allocatePayment(loan, { amount: payment.amount, date });
    const after = result.loan;
    const paid: PaidComponents = { principal: 0, interest: 0, fee: 0, lateFee: 0 };
    for (const line of result.lines) if (line.source === 'payment') paid[line.component] += line.amount;
    const billsPaid = after.instalments
      .filter((i, k) => i.state === 'paid' && loan.instalments[k]?.state !== 'paid')
      .map((i) => i.number);
    const remaining = Math.max(outstandingOf(after) - after.credit, 0);

    if (
      !(await repo.insertPayment(tx, {
        ...owned,
        status: 'applied',
        paid,
        creditAdded: result.creditAdded,
        remaining,
        billsPaid,
      }))
    )
      return 'ignored';
    await this.deps.ledger.append(tx, row.id, `payment:${owned.id}`, after.journal, now);
    await this.deps.loans.save(tx, row, after, now);
    await repo.markCodePaid(tx, code.id, now);
    await this.deps.users.setLoanStatus(tx, row.userId, {
      billStatus: billStatusOf(after.state),
      loanFailStatus: 0,
    });
    const user = await this.deps.users.signedIn(row.userId, tx);
    await this.deps.outbox.enqueue(tx, {
      channel: 'sms',
      recipient: user.phone,
      body: receiptText(row.locale as Locale, {
        amount: payment.amount,
        channel: channelName(code.channelId),
        paidAt: payment.paidAt,
        remaining,
        credit: result.creditAdded,
        paidOff: after.state === 'paid-off',
      }),
      idempotencyKey: `payment-receipt:${owned.id}`,
      deliver: true,
    });
    return 'applied';
  }

  private async review(
    tx: Tx,
    row: Omit<Parameters<RepaymentsRepository['insertPayment']>[1], 'status'>,
    reason: ReviewReason,
  ): Promise<CallbackOutcome> {
    const inserted = await this.deps.repo.insertPayment(tx, {
      ...row,
      status: 'review',
      reviewReason: reason,
    });
    return inserted ? 'applied' : 'ignored';
  }
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
  r: { amount: number; channel: string; paidAt: Date; remaining: number; credit: number; paidOff: boolean },
): string {
  const text = RECEIPT[locale] ?? RECEIPT['id-ID'];
  return text({
    amount: formatRupiah(r.amount, { space: true }),
    channel: r.channel,
    time: jakartaMinute(r.paidAt),
    remaining: formatRupiah(r.remaining, { space: true }),
    credit: r.credit > 0 ? formatRupiah(r.credit, { space: true }) : null,
    paidOff: r.paidOff,
  });
}
