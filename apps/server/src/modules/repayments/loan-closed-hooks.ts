import type { Tx } from '../../db/client.ts';

/** Work that must follow a loan's payoff in the same transaction (the refunds module queues the refund of its credit). */
export type LoanClosedListener = (tx: Tx, loanId: string) => Promise<void>;

/**
 * The listeners told when a loan is paid off, whichever way: a payment (PaymentApplier) or held credit paying the last
 * bill on its due date (DailyAccrualService). Called inside the transaction that closed the loan, so the follow-up
 * commits with it or not at all.
 */
export class LoanClosedHooks {
  private readonly listeners: LoanClosedListener[] = [];

  add(listener: LoanClosedListener): void {
    this.listeners.push(listener);
  }

  async closed(tx: Tx, loanId: string): Promise<void> {
    for (const listener of this.listeners) await listener(tx, loanId);
  }
}
