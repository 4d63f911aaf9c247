import { describe, expect, it } from 'vitest';
import { rupiah } from '../../src/money/rupiah.ts';
import { cashLoanProduct } from '../../src/pricing/default-products.ts';
import { plan } from '../../src/pricing/plan.ts';
import { creditFromJournal, isBalanced } from '../../src/lifecycle/ledger.ts';
import { disburseLoan, LoanOperationError, openLoan, type Loan } from '../../src/lifecycle/loan-account.ts';
import { hasRefundableCredit, refundCredit } from '../../src/lifecycle/refund.ts';
import { settleLoan, settlementQuote } from '../../src/lifecycle/settlement.ts';

const START = '2026-01-31';
const fresh = (): Loan =>
  disburseLoan(
    openLoan('R', plan(cashLoanProduct, rupiah(3_000_000), { unit: 'month', length: 3 }, START)),
    START,
  );

/** Settled on 20 Feb with Rp182.000 more than the quote: paid off, the extra held as credit. */
const overpaid = (): Loan => {
  const quote = settlementQuote(fresh(), '2026-02-20');
  return settleLoan(fresh(), '2026-02-20', rupiah(quote.amountDue + 182_000)).loan;
};

describe('refunding the credit a closed loan holds', () => {
  it('debits borrower credit against cash and leaves no credit', () => {
    const loan = overpaid();
    expect(loan.state).toBe('paid-off');
    expect(loan.credit).toBe(182_000);
    expect(creditFromJournal(loan.journal)).toBe(182_000);
    expect(hasRefundableCredit(loan)).toBe(true);

    const refunded = refundCredit(loan, rupiah(182_000), '2026-02-21');
    expect(refunded.credit).toBe(0);
    expect(creditFromJournal(refunded.journal)).toBe(0);
    const entry = refunded.journal.at(-1)!;
    expect(entry).toEqual({
      date: '2026-02-21',
      movement: 'credit-refund',
      lines: [
        { account: 'borrower-credit', side: 'debit', amount: 182_000 },
        { account: 'cash', side: 'credit', amount: 182_000 },
      ],
    });
    expect(isBalanced(entry)).toBe(true);
    expect(hasRefundableCredit(refunded)).toBe(false);
  });

  it('refuses an open loan, nothing, or more than the credit', () => {
    expect(() => refundCredit(fresh(), rupiah(1), START)).toThrow(LoanOperationError);
    expect(() => refundCredit(overpaid(), rupiah(0), START)).toThrow(LoanOperationError);
    expect(() => refundCredit(overpaid(), rupiah(182_001), START)).toThrow(LoanOperationError);
  });
});
