import type { AdminReliefDetail } from '@kaskita/domain/contract/admin-relief';
import type { ApprovalState } from '@kaskita/domain/contract/admin-approvals';
import { outstandingOf, type Loan } from '@kaskita/domain/lifecycle/loan-account';
import type { ReliefTerms } from '@kaskita/domain/lifecycle/relief';
import type { Rupiah } from '@kaskita/domain/money/rupiah';
import { businessDateAt, daysBetween } from '@kaskita/domain/pricing/business-date';
import type { ReliefKind, ReliefStatus } from '@kaskita/domain/relief/relief-rules';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Paging } from '../../db/paging.ts';
import { AppError } from '../../http/app-error.ts';
import type { BorrowersService } from '../borrowers/borrowers-service.ts';
import type { LoanBookService } from '../loans/loan-book-service.ts';
import type { ReliefRepository } from './relief-repository.ts';
import type { ReliefRow } from './relief-schema.ts';
import { billView, lateFeesOwed, type ReliefService } from './relief-service.ts';
import { askedTerms } from './relief-terms.ts';

export interface ReliefDeskDependencies {
  db: Db;
  repo: ReliefRepository;
  clock: Clock;
  book: LoanBookService;
  borrowers: Pick<BorrowersService, 'maskedByIds'>;
  relief: ReliefService;
}

/** The back office's reads of relief requests (contract/admin-relief.ts); its steps are the service's commands. */
export class ReliefDeskService {
  constructor(private readonly deps: ReliefDeskDependencies) {}

  async list(status: ReliefStatus, paging: Paging) {
    const { db, repo, clock } = this.deps;
    const now = clock.now();
    await repo.expireLapsed(db, now);
    const { rows, total } = await repo.page(db, status, paging);
    const items = await Promise.all(
      rows.map(async (row) => this.row(row, await this.account(db, row.loanId), row.approval, now)),
    );
    return { items, total };
  }

  /** One request; `offer` (days or instalments, of its kind) previews another number than the one asked. */
  async get(
    id: string,
    offer: { days?: number | undefined; extra?: number | undefined },
  ): Promise<AdminReliefDetail> {
    const { db, repo, clock, borrowers, relief } = this.deps;
    const now = clock.now();
    await repo.expireLapsed(db, now);
    const row = await repo.find(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    const [account, pending, masked] = await Promise.all([
      this.account(db, row.loanId),
      repo.pendingApprovals(db, [row.id]),
      borrowers.maskedByIds([row.userId]),
    ]);
    const borrower = masked.get(row.userId);
    if (!borrower) throw new AppError('NOT_FOUND');
    const firstUnpaid = account?.instalments.find((i) => i.state === 'pending' || i.state === 'overdue');
    const asked = askedTerms(row);
    // A number of the other kind is ignored: the preview shows what was asked.
    const terms: ReliefTerms =
      asked.kind === 'defer'
        ? { kind: 'defer', days: offer.days ?? asked.days }
        : { kind: 'spread', extra: offer.extra ?? asked.extra };
    const preview = row.status === 'requested' && account ? relief.termsToday(account, terms, now) : null;
    return {
      ...this.row(row, account, pending.get(row.id) ?? null, now),
      borrower,
      reason: relief.reasonOf(row),
      answer: row.answer,
      decided_at: row.decidedAt?.toISOString() ?? null,
      accepted_at: row.acceptedAt?.toISOString() ?? null,
      next_due_date: firstUnpaid?.dueDate ?? null,
      late_fees: account ? lateFeesOwed(account) : (0 as Rupiah),
      preview_days: terms.kind === 'defer' ? terms.days : null,
      preview_extra: terms.kind === 'spread' ? terms.extra : null,
      preview: (preview?.bills ?? []).map(billView),
    };
  }

  /** What an approver reads before approving an offer (the approvals' preview); refuses what cannot be offered. */
  async offerPreview(
    tx: Tx,
    input: { reliefId: string; days?: number | undefined; extra?: number | undefined },
  ) {
    const { row, offer, terms } = await this.deps.relief.offerable(
      tx,
      input.reliefId,
      input,
      this.deps.clock.now(),
    );
    return {
      reliefId: row.id,
      orderId: row.loanId,
      borrowerId: row.userId,
      kind: row.kind,
      ...(offer.kind === 'defer'
        ? { daysAsked: row.daysAsked, daysOffered: offer.days }
        : { extraAsked: row.extraAsked, extraOffered: offer.extra }),
      bills: terms.bills,
      lateFeesKept: terms.lateFees,
    };
  }

  private async account(db: Db, loanId: string): Promise<Loan | null> {
    const booked = await this.deps.book.byId(db, loanId);
    return booked?.account ?? null;
  }

  private row(row: ReliefRow, account: Loan | null, approval: string | null, now: Date) {
    const today = businessDateAt(now);
    const late = account?.instalments.find((i) => i.state === 'overdue');
    return {
      id: row.id,
      order_id: row.loanId,
      status: row.status as ReliefStatus,
      kind: row.kind as ReliefKind,
      days_asked: row.daysAsked,
      extra_asked: row.extraAsked,
      days_offered: row.daysOffered,
      extra_offered: row.extraOffered,
      asked_at: row.askedAt.toISOString(),
      loan_state: account?.state ?? 'unknown',
      days_past_due: late ? Math.max(daysBetween(late.dueDate, today), 0) : 0,
      outstanding: account ? outstandingOf(account) : (0 as Rupiah),
      pending_approval: approval as ApprovalState | null,
    };
  }
}
