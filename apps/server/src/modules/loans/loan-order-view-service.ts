import type { LoanOrderView } from '@kaskita/domain/contract/loans';
import { findLoanPurpose } from '@kaskita/domain/i18n/loan-purposes';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { totalOf } from '@kaskita/domain/lifecycle/loan-account';
import { billStatusOf, type LoanState } from '@kaskita/domain/lifecycle/loan-state';
import { subtractRupiah, sumRupiah, ZERO_RUPIAH } from '@kaskita/domain/money/rupiah';
import { parseTenorKey, tenorLabel } from '@kaskita/domain/pricing/tenor-key';
import type { Db } from '../../db/client.ts';
import { bankName, maskedNumber, type BankCardsService } from '../bank-cards/bank-cards-service.ts';
import { describeFailure } from './disbursement-messages.ts';
import type { LoanOrdersRepository } from './loan-orders-repository.ts';
import type { DisbursementRow, LoanRow } from './loan-orders-schema.ts';
import { instalmentView } from './loan-views.ts';

export interface LoanOrderViewDependencies {
  db: Db;
  repo: LoanOrdersRepository;
  cards: Pick<BankCardsService, 'card'>;
}

/** The order as the app shows it: after ordering, cancelling, correcting the bank account, and on the loan pages. */
export class LoanOrderViewService {
  constructor(private readonly deps: LoanOrderViewDependencies) {}

  async view(loan: LoanRow, locale: Locale): Promise<LoanOrderView> {
    const [latest, card, bills] = await Promise.all([
      this.deps.repo.latestDisbursement(this.deps.db, loan.id),
      this.deps.cards.card(loan.userId, loan.bankAccountId).catch(() => null),
      loan.account ? this.deps.repo.bills(this.deps.db, loan.id) : Promise.resolve([]),
    ]);
    const tenor = parseTenorKey(loan.period);
    const purpose = findLoanPurpose(loan.purposeId);
    const instalments = loan.account
      ? bills.map((b) => ({
          number: b.number,
          due_date: b.dueDate,
          principal: b.principal,
          interest: b.interest,
          fee: b.fee,
          total: totalOf(b),
          remaining: ZERO_RUPIAH,
        }))
      : loan.plan.instalments.map(instalmentView);
    const repayment = sumRupiah(instalments.map((i) => i.total));
    let remaining = repayment;
    for (const i of instalments) {
      remaining = subtractRupiah(remaining, i.total);
      i.remaining = remaining;
    }
    const failure = loan.failureReason as LoanOrderView['failure_reason'];
    return {
      order_id: loan.id,
      state: loan.state as LoanState,
      bill_status: billStatusOf(loan.state as LoanState),
      loan_fail_status: loan.failStatus,
      failure_reason: failure,
      failure_text: failure ? describeFailure(failure, locale) : null,
      pid: loan.productId,
      amount: loan.amount,
      amount_received: loan.amountReceived,
      period: loan.period,
      tenor_label: tenor ? tenorLabel(tenor)[locale] : loan.period,
      purpose_id: loan.purposeId,
      purpose: purpose?.name[locale] ?? '-',
      created_at: loan.createdAt.toISOString(),
      disbursed_on: loan.disbursedOn,
      disbursement_status: disbursementStatusOf(latest),
      bank_name: card ? bankName(card.bankCode) : '-',
      card_num_masked: card ? maskedNumber(card.lastDigits) : '-',
      instalments,
      repayment,
      agreement: {
        version: loan.agreementVersion,
        sha256: loan.agreementSha256,
        accepted_at: loan.acceptedAt.toISOString(),
      },
      can_cancel: cancellable(loan, latest),
    };
  }
}

/** Cooling-off: free while nothing was sent to the bank (the first try still queued, or the bank refused). */
export function cancellable(loan: LoanRow, latest: DisbursementRow | undefined): boolean {
  if (loan.state === 'disbursement-failed') return true;
  return loan.state === 'awaiting-disbursement' && (!latest || latest.status === 'queued');
}

function disbursementStatusOf(row: DisbursementRow | undefined): LoanOrderView['disbursement_status'] {
  switch (row?.status) {
    case undefined:
    case 'cancelled':
      return 'none';
    case 'queued':
      return 'queued';
    case 'sending':
    case 'pending':
      return 'pending';
    case 'completed':
      return 'completed';
    default:
      return 'failed';
  }
}
