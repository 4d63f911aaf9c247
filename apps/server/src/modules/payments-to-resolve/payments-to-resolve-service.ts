import { addWorkingDays, type HolidayCalendar } from '@kaskita/domain/collection/holidays';
import {
  PAYMENT_CLAIM_ANSWER_WORKING_DAYS,
  type PaymentClaimStatus,
} from '@kaskita/domain/payments/payment-claims';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { Paging } from '../../db/paging.ts';
import type { ApprovalsService } from '../approvals/approvals-service.ts';
import type { PaymentsToResolveRepository } from './payments-to-resolve-repository.ts';

export interface PaymentsToResolveDependencies {
  db: Db;
  repo: PaymentsToResolveRepository;
  clock: Clock;
  holidays: HolidayCalendar;
  approvals: Pick<ApprovalsService, 'pendingFor'>;
  /** The command name a review payment's pending approval request is filed under. */
  resolveCommand: string;
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
    const pending = await this.deps.approvals.pendingFor(
      this.deps.resolveCommand,
      rows.map((r) => r.id),
    );
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
