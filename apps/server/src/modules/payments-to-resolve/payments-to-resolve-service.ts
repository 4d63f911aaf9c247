import { addWorkingDays, type HolidayCalendar } from '@kaskita/domain/collection/holidays';
import {
  PAYMENT_CLAIM_ANSWER_WORKING_DAYS,
  type PaymentClaimStatus,
} from '@kaskita/domain/payments/payment-claims';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { Paging } from '../../db/paging.ts';
import { AppError } from '../../http/app-error.ts';
import type { ApprovalsService } from '../approvals/approvals-service.ts';
import type { PaymentsToResolveRepository } from './payments-to-resolve-repository.ts';

const CLAIM_PAYMENTS_SHOWN = 20;
/** A payment this close to the time the borrower claims to have paid is offered first. */
const LIKELY_WITHIN_MS = 3 * 24 * 60 * 60 * 1000;

export interface PaymentsToResolveDependencies {
  db: Db;
  repo: PaymentsToResolveRepository;
  clock: Clock;
  holidays: HolidayCalendar;
  approvals: Pick<ApprovalsService, 'pendingFor'>;
  /** The commands a review payment's pending approval request may be filed under (apply it, return it). */
  commandsOnPayments: readonly string[];
}

/**
 * "Payments to resolve" (issue 25): payments received but not applied, and "paid but not credited?" claims, each with
 * the three-working-day promise as a deadline (the claim's own `answer_by`; a payment's counted from its arrival on
 * the same calendar), earliest first so overdue ones lead. Ids and amounts only: no borrower's name or phone.
 */
export class PaymentsToResolveService {
  constructor(private readonly deps: PaymentsToResolveDependencies) {}

  async reviewPayments(paging: Paging) {
    const { rows, total } = await this.deps.repo.reviewPayments(this.deps.db, paging);
    const today = businessDateAt(this.deps.clock.now());
    const ids = rows.map((r) => r.id);
    const pending = new Map<string, string>();
    for (const command of this.deps.commandsOnPayments)
      for (const [id, request] of await this.deps.approvals.pendingFor(command, ids))
        pending.set(id, request);
    return {
      items: rows.map((r) => {
        const deadline = addWorkingDays(
          businessDateAt(r.createdAt),
          PAYMENT_CLAIM_ANSWER_WORKING_DAYS,
          this.deps.holidays,
        );
        return {
          payment_id: r.id,
          amount: r.amount,
          paid_at: r.paidAt.toISOString(),
          channel_id: r.channelId,
          review_reason: r.reviewReason,
          order_id: r.loanId,
          user_id: r.userId,
          received_at: r.createdAt.toISOString(),
          deadline,
          overdue: deadline < today,
          pending_request_id: pending.get(r.id) ?? null,
        };
      }),
      total,
    };
  }

  /** The claimant's applied payments, newest first, the likely ones marked (contract: listClaimPayments). */
  async claimPayments(claimId: string) {
    const { db, repo } = this.deps;
    const claim = await repo.claim(db, claimId);
    if (!claim) throw new AppError('NOT_FOUND');
    const rows = await repo.appliedPaymentsOf(db, claim.userId, CLAIM_PAYMENTS_SHOWN);
    return {
      items: rows.map(({ payment, answers }) => ({
        payment_id: payment.id,
        order_id: payment.loanId,
        amount: payment.amount,
        paid_at: payment.paidAt.toISOString(),
        channel_id: payment.channelId,
        likely:
          payment.amount === claim.amount &&
          payment.channelId === claim.channelId &&
          Math.abs(payment.paidAt.getTime() - claim.paidAt.getTime()) <= LIKELY_WITHIN_MS,
        answers_claim: answers,
      })),
    };
  }

  async openClaims(paging: Paging) {
    const { rows, total } = await this.deps.repo.openClaims(this.deps.db, paging);
    const today = businessDateAt(this.deps.clock.now());
    return {
      items: rows.map((r) => ({
        claim_id: r.id,
        case_number: r.caseNumber,
        status: r.status as PaymentClaimStatus,
        user_id: r.userId,
        order_id: r.loanId,
        channel_id: r.channelId,
        amount: r.amount,
        paid_at: r.paidAt.toISOString(),
        reference: r.reference,
        has_proof: r.proofKey !== null,
        payment_id: r.matchedPaymentId,
        filed_at: r.createdAt.toISOString(),
        deadline: r.answerBy,
        overdue: r.answerBy < today,
      })),
      total,
    };
  }
}
