import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { closeDispute, openDispute } from '@kaskita/domain/lifecycle/dispute';
import { isRepaying, type Loan } from '@kaskita/domain/lifecycle/loan-account';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import type { Tx } from '../../db/client.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { LoanBookService } from '../loans/loan-book-service.ts';
import { loanDisputeHolds } from './disputes-schema.ts';

/** The kinds of case that contest a loan. */
export type DisputeSource = 'complaint' | 'payment_claim';

/** A case contesting a loan: what holds it, by the case's own id. */
export interface DisputeCase {
  source: DisputeSource;
  sourceId: string;
}

/**
 * Holds a loan under dispute while a case contests it, inside the case's own transaction: the first hold accrues the
 * loan to today and stops its late fees (the engine's `openDispute`), the last release accrues it (no fee for the days
 * held) and lets them run again from tomorrow (`closeDispute`); the holds table says when and why. Holding the same
 * case twice, or releasing one never held, changes nothing. A loan not repaying (not yet paid out, or paid off) has no
 * late fee to stop: its hold is only recorded.
 */
export class LoanDisputes {
  constructor(private readonly deps: { book: LoanBookService; ledger: LedgerService }) {}

  async hold(tx: Tx, loanId: string, of: DisputeCase, now: Date): Promise<void> {
    const id = randomUUID();
    const inserted = await tx
      .insert(loanDisputeHolds)
      .values({ id, loanId, source: of.source, sourceId: of.sourceId, openedAt: now })
      .onConflictDoNothing()
      .returning({ id: loanDisputeHolds.id });
    if (inserted.length === 0) return;
    await this.change(tx, loanId, now, (loan, today) =>
      loan.disputedSince || !isRepaying(loan) ? null : openDispute(loan, today),
    );
  }

  async release(tx: Tx, of: DisputeCase, now: Date): Promise<void> {
    const [released] = await tx
      .update(loanDisputeHolds)
      .set({ releasedAt: now })
      .where(
        and(
          eq(loanDisputeHolds.source, of.source),
          eq(loanDisputeHolds.sourceId, of.sourceId),
          isNull(loanDisputeHolds.releasedAt),
        ),
      )
      .returning();
    if (!released) return;
    const others = await tx
      .select({ id: loanDisputeHolds.id })
      .from(loanDisputeHolds)
      .where(
        and(
          eq(loanDisputeHolds.loanId, released.loanId),
          isNull(loanDisputeHolds.releasedAt),
          ne(loanDisputeHolds.id, released.id),
        ),
      )
      .limit(1);
    if (others.length > 0) return;
    await this.change(tx, released.loanId, now, (loan, today) =>
      loan.disputedSince ? closeDispute(loan, today) : null,
    );
  }

  /**
   * The loan locked, changed by `step` as of today, saved with the entries it booked; nothing when `step` says so. The
   * entries are the accrual through today, booked as the nightly accrual books its own.
   */
  private async change(
    tx: Tx,
    loanId: string,
    now: Date,
    step: (loan: Loan, today: string) => Loan | null,
  ): Promise<void> {
    const booked = await this.deps.book.lock(tx, loanId);
    if (!booked?.account) return;
    const today = businessDateAt(now);
    // A loan already processed past today (the clock moved back in a test) is held from the day it reached.
    const after = step(booked.account, today < booked.account.asOf ? booked.account.asOf : today);
    if (!after) return;
    await this.deps.ledger.append(tx, loanId, `accrual:${after.asOf}`, after.journal, now);
    await this.deps.book.save(tx, booked.row, after, now);
  }
}
