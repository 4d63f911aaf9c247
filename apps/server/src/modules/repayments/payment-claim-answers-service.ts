import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { formatRupiah } from '@kaskita/domain/money/rupiah';
import {
  OPEN_PAYMENT_CLAIM_STATUSES,
  type PaymentClaimStatus,
} from '@kaskita/domain/payments/payment-claims';
import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import { jakartaMinute } from '../../clock.ts';
import { defineCommand } from '../../commands/command.ts';
import { pgErrorCode, type Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import type { LoanBookService } from '../loans/loan-book-service.ts';
import type { LoanDisputes } from '../disputes/loan-disputes-service.ts';
import type { UserAccounts } from '../user/user-service.ts';
import { paymentClaims, type PaymentClaimRow } from './payment-claims-schema.ts';
import type { RepaymentsRepository } from './repayments-repository.ts';

export interface PaymentClaimAnswersDependencies {
  repo: RepaymentsRepository;
  loans: Pick<LoanBookService, 'history'>;
  users: Pick<UserAccounts, 'signedIn'>;
  outbox: OutboxService;
  /** An answered claim no longer holds its loan under dispute. */
  disputes: Pick<LoanDisputes, 'release'>;
}

/**
 * The back office's answer to a "paid but not credited?" claim (payment.resolve), each a staff command: credited, by
 * the applied payment that proves it, or rejected with the reason the borrower then reads in the app (the claim's
 * `answer`) and by SMS. A payment still in review is applied first, through maker-checker (PaymentApplier's
 * `payment.resolve`), which credits the claim waiting on it.
 */
export class PaymentClaimAnswersService {
  constructor(private readonly deps: PaymentClaimAnswersDependencies) {}

  readonly creditCommand = defineCommand({
    name: 'payment_claim.credit',
    input: z.object({ claimId: z.string().min(1), paymentId: z.string().min(1) }),
    actors: ['staff'],
    permission: PERMISSIONS.paymentResolve,
    handle: async (tx, { claimId, paymentId }, { now, commandId }) => {
      const claim = await this.waiting(tx, claimId);
      const payment = await this.deps.repo.payment(tx, paymentId);
      // Only an applied payment of the same borrower proves a claim: a review one is applied first.
      if (!payment || payment.userId !== claim.userId) throw new AppError('NOT_FOUND');
      if (payment.status !== 'applied') throw new AppError('CONFLICT');
      try {
        await tx.transaction((sp) =>
          sp
            .update(paymentClaims)
            .set({ status: 'credited', matchedPaymentId: paymentId, updatedAt: now })
            .where(eq(paymentClaims.id, claimId)),
        );
      } catch (error) {
        // Another claim is already answered by this payment.
        if (pgErrorCode(error) === '23505') throw new AppError('CONFLICT');
        throw error;
      }
      const locale = await this.localeOf(tx, claim);
      const text = ANSWER_TEXT[locale];
      await this.sms(tx, claim.userId, commandId, 'credited', claim, () =>
        text.credited({
          case: claim.caseNumber,
          amount: formatRupiah(payment.amount),
          time: jakartaMinute(payment.paidAt),
        }),
      );
      await this.deps.disputes.release(tx, { source: 'payment_claim', sourceId: claimId }, now);
      return this.outcome(claim, 'credited', { paymentId });
    },
  });

  readonly rejectCommand = defineCommand({
    name: 'payment_claim.reject',
    input: z.object({ claimId: z.string().min(1) }),
    actors: ['staff'],
    permission: PERMISSIONS.paymentResolve,
    handle: async (tx, { claimId }, { now, commandId, reason }) => {
      const claim = await this.waiting(tx, claimId);
      // The reason typed is the answer: the audit row keeps the same words the borrower reads.
      const answer = reason ?? '';
      await tx
        .update(paymentClaims)
        .set({ status: 'rejected', answer, updatedAt: now })
        .where(eq(paymentClaims.id, claimId));
      const locale = await this.localeOf(tx, claim);
      await this.sms(tx, claim.userId, commandId, 'rejected', claim, () =>
        ANSWER_TEXT[locale].rejected({ case: claim.caseNumber, answer }),
      );
      await this.deps.disputes.release(tx, { source: 'payment_claim', sourceId: claimId }, now);
      return this.outcome(claim, 'rejected', {});
    },
  });

  /** The claim, locked, still waiting for an answer. */
  private async waiting(tx: Tx, claimId: string): Promise<PaymentClaimRow> {
    const [claim] = await tx.select().from(paymentClaims).where(eq(paymentClaims.id, claimId)).for('update');
    if (!claim) throw new AppError('NOT_FOUND');
    if (!(OPEN_PAYMENT_CLAIM_STATUSES as readonly string[]).includes(claim.status))
      throw new AppError('CONFLICT');
    return claim;
  }

  /** The language of the borrower's latest loan: claims do not keep one, the loan's agreement does. */
  private async localeOf(tx: Tx, claim: PaymentClaimRow): Promise<Locale> {
    const [latest] = await this.deps.loans.history(tx, claim.userId);
    return latest?.row.locale === 'en-US' ? 'en-US' : 'id-ID';
  }

  private async sms(
    tx: Tx,
    userId: string,
    commandId: string,
    kind: string,
    claim: PaymentClaimRow,
    body: () => string,
  ) {
    const user = await this.deps.users.signedIn(userId, tx);
    await this.deps.outbox.enqueue(tx, {
      channel: 'sms',
      recipient: user.phone,
      body: body(),
      idempotencyKey: `payment-claim-${kind}:${claim.id}:${commandId}`,
      deliver: true,
    });
  }

  private outcome(claim: PaymentClaimRow, status: PaymentClaimStatus, after: object) {
    return {
      result: { claimId: claim.id, status },
      outcome: status,
      subject: { type: 'payment_claim', id: claim.id },
      before: { status: claim.status, matchedPaymentId: claim.matchedPaymentId },
      after: { status, ...after },
    };
  }
}

const ANSWER_TEXT: Record<
  Locale,
  {
    credited: (c: { case: string; amount: string; time: string }) => string;
    rejected: (c: { case: string; answer: string }) => string;
  }
> = {
  'id-ID': {
    credited: (c) =>
      `KasKita: laporan ${c.case}: pembayaran ${c.amount} Anda pada ${c.time} WIB sudah tercatat. Lihat bukti pembayaran di aplikasi.`,
    rejected: (c) =>
      `KasKita: laporan ${c.case} tidak dapat kami terima: ${c.answer} Detail ada di aplikasi.`,
  },
  'en-US': {
    credited: (c) =>
      `KasKita: case ${c.case}: your payment of ${c.amount} at ${c.time} WIB is credited. See the receipt in the app.`,
    rejected: (c) => `KasKita: case ${c.case} was not accepted: ${c.answer} See the details in the app.`,
  },
};
