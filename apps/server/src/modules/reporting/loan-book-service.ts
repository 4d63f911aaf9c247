import {
  dpdBucketOf,
  type LoanBookFilter,
  type LoanBookQuery,
  type LoanBookRow,
  type LoanDetail,
} from '@kaskita/domain/contract/admin-book';
import type { LoanState } from '@kaskita/domain/lifecycle/loan-state';
import { totalOf } from '@kaskita/domain/lifecycle/loan-account';
import { rupiah, ZERO_RUPIAH } from '@kaskita/domain/money/rupiah';
import { businessDateAt, daysBetween } from '@kaskita/domain/pricing/business-date';
import { maskName } from '@kaskita/domain/staff/mask-name';
import { maskPhone } from '@kaskita/domain/validation/phone';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { LoanBookRecord, LoanBookRepository } from './loan-book-repository.ts';

/**
 * The loan book as the back office reads it: on today's business date, names and phones masked (an unmasked one is a
 * separate, audited reveal), amounts in whole rupiah.
 */
export class LoanBookService {
  constructor(private readonly deps: { db: Db; clock: Clock; repo: LoanBookRepository }) {}

  today(): string {
    return businessDateAt(this.deps.clock.now());
  }

  async page(query: LoanBookQuery) {
    const asOf = this.today();
    const { rows, total } = await this.deps.repo.page(this.deps.db, query, asOf);
    return {
      items: rows.map((r) => rowOf(r, asOf)),
      total,
      page: query.page,
      page_size: query.page_size,
      as_of: asOf,
    };
  }

  async *export(filter: LoanBookFilter, limit: number): AsyncGenerator<LoanBookRow> {
    const asOf = this.today();
    for await (const record of this.deps.repo.exportRows(this.deps.db, filter, asOf, limit))
      yield rowOf(record, asOf);
  }

  async detail(id: string): Promise<LoanDetail> {
    const asOf = this.today();
    const found = await this.deps.repo.one(this.deps.db, id, asOf);
    if (!found) throw new AppError('NOT_FOUND');
    const { row, bills, entries, lines } = found;
    const linesOf = new Map<string, typeof lines>();
    for (const line of lines) linesOf.set(line.entryId, [...(linesOf.get(line.entryId) ?? []), line]);
    const heldCredit = lines
      .filter((l) => l.account === 'borrower-credit')
      .reduce((sum, l) => sum + (l.side === 'credit' ? l.amount : -l.amount), 0);
    return {
      loan: {
        ...rowOf(found.record, asOf),
        fail_status: row.failStatus,
        failure_reason: row.failureReason,
        agreement_version: row.agreementVersion,
        accepted_at: row.acceptedAt.toISOString(),
        accrued_through: row.accruedThrough,
      },
      schedule: row.plan.instalments.map((i) => ({
        number: i.number,
        due_date: i.dueDate,
        principal: i.principal,
        interest: i.interest,
        fee: i.fee,
        total: i.total,
      })),
      bills: bills.map((b) => ({
        number: b.number,
        period_start: b.periodStart,
        due_date: b.dueDate,
        principal: b.principal,
        interest: b.interest,
        fee: b.fee,
        late_fee: b.lateFee,
        paid: b.paid,
        state: b.state,
      })),
      ledger: entries.map((e) => ({
        entry_id: e.id,
        business_date: e.businessDate,
        movement: e.movement,
        source: e.source,
        lines: (linesOf.get(e.id) ?? []).map((l) => ({
          account: l.account,
          side: l.side as 'debit' | 'credit',
          amount: l.amount,
        })),
      })),
      payments: found.payments.map((p) => ({
        id: p.id,
        provider: p.provider,
        channel_id: p.channelId,
        amount: p.amount,
        paid_at: p.paidAt.toISOString(),
        status: p.status,
        review_reason: p.reviewReason,
        credit_applied: p.paidWithCredit ? totalOf(p.paidWithCredit) : ZERO_RUPIAH,
        credit_added: p.creditAdded,
      })),
      refunds: found.refunds.map((r) => ({
        id: r.id,
        amount: r.amount,
        state: r.state,
        created_at: r.createdAt.toISOString(),
        completed_at: r.completedAt?.toISOString() ?? null,
      })),
      history: found.history.map((h) => ({
        at: h.createdAt.toISOString(),
        command: h.command,
        actor_kind: h.actorKind,
        outcome: h.outcome,
        state_before: stateIn(h.before),
        state_after: stateIn(h.after),
        reason: h.reason,
      })),
      held_credit: rupiah(heldCredit),
    };
  }
}

function stateIn(summary: unknown): string | null {
  if (summary && typeof summary === 'object' && 'state' in summary && typeof summary.state === 'string')
    return summary.state;
  return null;
}

function rowOf(r: LoanBookRecord, asOf: string): LoanBookRow {
  const dpd = r.oldestUnpaidDue ? Math.max(daysBetween(r.oldestUnpaidDue, asOf), 0) : 0;
  return {
    id: r.id,
    state: r.state as LoanState,
    product_id: r.productId,
    amount: rupiah(r.amount),
    amount_received: rupiah(r.amountReceived),
    period: r.period,
    created_at: r.createdAt.toISOString(),
    disbursed_on: r.disbursedOn,
    borrower_name: r.name ? maskName(r.name) : null,
    borrower_phone: maskPhone(r.phone),
    dpd,
    dpd_bucket: dpdBucketOf(dpd),
    principal_outstanding: rupiah(r.principalOwed),
    next_due_date: r.nextDue,
  };
}
