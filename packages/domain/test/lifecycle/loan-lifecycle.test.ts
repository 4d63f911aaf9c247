import { describe, expect, it } from 'vitest';
import { rupiah } from '../../src/money/rupiah.ts';
import { plan } from '../../src/pricing/plan.ts';
import { cashLoanProduct } from '../../src/pricing/default-products.ts';
import { legacyLandingProduct } from '../../src/pricing/legacy-products.ts';
import {
  disburseLoan,
  openLoan,
  outstandingOf,
  LoanOperationError,
  type Loan,
} from '../../src/lifecycle/loan-account.ts';
import { accrueTo } from '../../src/lifecycle/accrual.ts';
import { allocatePayment } from '../../src/lifecycle/allocation.ts';
import { settleLoan, settlementQuote } from '../../src/lifecycle/settlement.ts';
import { waiveLateFees, writeOffLoan } from '../../src/lifecycle/write-off.ts';
import {
  accountBalances,
  creditFromJournal,
  isBalanced,
  outstandingFromJournal,
} from '../../src/lifecycle/ledger.ts';

const START = '2026-01-31';
function cashLoan(): Loan {
  return disburseLoan(
    openLoan('L-1', plan(cashLoanProduct, rupiah(3_000_000), { unit: 'month', length: 3 }, START)),
    START,
  );
}
function consistent(loan: Loan): void {
  expect(loan.journal.every(isBalanced)).toBe(true);
  expect(outstandingFromJournal(loan.journal)).toBe(outstandingOf(loan));
  expect(creditFromJournal(loan.journal)).toBe(loan.credit);
}

describe('disbursement', () => {
  it('books principal and contractual charges', () => {
    const loan = cashLoan();
    expect(loan.state).toBe('active');
    expect(outstandingFromJournal(loan.journal)).toBe(3_267_000);
    consistent(loan);
  });
  it('must happen on the planned start date', () => {
    expect(() =>
      disburseLoan(
        openLoan('x', plan(cashLoanProduct, rupiah(400_000), { unit: 'day', length: 14 }, START)),
        '2026-02-01',
      ),
    ).toThrow(LoanOperationError);
  });
});

describe('payment allocation', () => {
  it('exact payment of the first bill on its due date', () => {
    const r = allocatePayment(cashLoan(), { amount: rupiah(1_084_000), date: '2026-02-28' });
    expect(r.lines.map((l) => [l.instalment, l.component, l.amount])).toEqual([
      [1, 'fee', 58_800],
      [1, 'interest', 25_200],
      [1, 'principal', 1_000_000],
    ]);
    expect(r.loan.instalments[0]?.state).toBe('paid');
    expect(r.creditAdded).toBe(0);
    consistent(r.loan);
  });
  it('late partial payment pays the late fee first (Fineract order), and stays overdue', () => {
    const r = allocatePayment(cashLoan(), { amount: rupiah(500_000), date: '2026-03-05' });
    // 5 days late on the overdue principal of 1,000,000 at 0.1 %/day = 1,000 × 5
    expect(r.lines[0]).toEqual({ instalment: 1, component: 'lateFee', amount: 5_000, source: 'payment' });
    expect(r.loan.state).toBe('overdue');
    expect(r.loan.instalments[0]?.state).toBe('overdue');
    consistent(r.loan);
  });
  it('a custom order is honoured', () => {
    const r = allocatePayment(cashLoan(), {
      amount: rupiah(1_000_000),
      date: '2026-02-10',
      order: ['principal', 'interest', 'fee', 'lateFee'],
    });
    expect(r.lines).toEqual([
      { instalment: 1, component: 'principal', amount: 1_000_000, source: 'payment' },
    ]);
  });
  it('overpayment beyond the current bill is held as credit and spent on the next bill', () => {
    const first = allocatePayment(cashLoan(), { amount: rupiah(1_500_000), date: '2026-02-20' });
    expect(first.creditAdded).toBe(416_000);
    expect(first.loan.credit).toBe(416_000);
    consistent(first.loan);
    const second = allocatePayment(first.loan, { amount: rupiah(677_000), date: '2026-03-31' });
    expect(second.creditUsed).toBe(416_000);
    expect(second.loan.instalments[1]?.state).toBe('paid');
    expect(second.loan.credit).toBe(0);
    consistent(second.loan);
  });
  it('curing the overdue bill returns the loan to active', () => {
    const late = allocatePayment(cashLoan(), { amount: rupiah(1_084_000 + 3 * 1_000), date: '2026-03-03' });
    expect(late.loan.state).toBe('active');
  });
});

describe('late fees', () => {
  it('stop for good at the total-cost ceiling (100 % of principal minus economic benefit)', () => {
    const loan = accrueTo(cashLoan(), '2030-01-01');
    const late = loan.instalments.reduce((a, i) => a + i.due.lateFee, 0);
    expect(loan.lateFeeCeiling).toBe(3_000_000 - 267_000);
    expect(late).toBe(loan.lateFeeCeiling);
    expect(accrueTo(loan, '2031-01-01').instalments.reduce((a, i) => a + i.due.lateFee, 0)).toBe(late);
    consistent(loan);
  });
  it('can be waived', () => {
    const loan = waiveLateFees(accrueTo(cashLoan(), '2026-03-10'), '2026-03-10');
    expect(loan.instalments.every((i) => i.due.lateFee === i.waived.lateFee)).toBe(true);
    expect(accountBalances(loan.journal).get('waiver-expense')).toBe(10_000n);
    consistent(loan);
  });
});

describe('settlement (flexible repayment)', () => {
  it('charges only the days of use and shows the interest saved', () => {
    const quote = settlementQuote(cashLoan(), '2026-02-15');
    expect(quote).toMatchObject({
      amountDue: 3_045_000, // 3,000,000 + 15 days × 0.1 % × 3,000,000
      interest: 13_500,
      fee: 31_500,
      scheduledRemaining: 3_267_000,
      saved: { interest: 66_600, fee: 155_400, total: 222_000 },
      daysOfUse: 15,
    });
  });
  it('the legacy landing loan settled after 30 days saves two months of interest', () => {
    const loan = disburseLoan(
      openLoan(
        'legacy',
        plan(legacyLandingProduct, rupiah(3_000_000), { unit: 'month', length: 3 }, '2023-06-15'),
      ),
      '2023-06-15',
    );
    const quote = settlementQuote(loan, '2023-07-15');
    expect(quote.amountDue).toBe(3_295_434);
    expect(quote.saved.interest).toBe(590_868);
  });
  it('paying the quote closes the loan; excess becomes credit; short payments are refused', () => {
    const loan = allocatePayment(cashLoan(), { amount: rupiah(500_000), date: '2026-03-05' }).loan;
    const quote = settlementQuote(loan, '2026-03-10');
    expect(() => settleLoan(loan, '2026-03-10', rupiah(quote.amountDue - 1))).toThrow(LoanOperationError);
    const done = settleLoan(loan, '2026-03-10', rupiah(quote.amountDue + 10));
    expect(done.loan.state).toBe('paid-off');
    expect(outstandingOf(done.loan)).toBe(0);
    expect(done.loan.credit).toBe(10);
    consistent(done.loan);
  });
  it('a same-day settlement still pays one day of use', () => {
    expect(settlementQuote(cashLoan(), START).amountDue).toBe(3_003_000);
  });
});

describe('write-off', () => {
  it('clears receivables: unearned charges reversed, the rest expensed', () => {
    const loan = writeOffLoan(accrueTo(cashLoan(), '2026-03-10'), '2026-04-15');
    expect(loan.state).toBe('written-off');
    expect(outstandingFromJournal(loan.journal)).toBe(0);
    expect(loan.instalments.every((i) => i.state === 'written-off')).toBe(true);
    consistent(loan);
  });
  it('refuses payments afterwards instead of booking them as credit owed to the borrower', () => {
    const loan = writeOffLoan(accrueTo(cashLoan(), '2026-03-10'), '2026-04-15');
    expect(() => allocatePayment(loan, { amount: rupiah(500_000), date: '2026-04-20' })).toThrow(
      LoanOperationError,
    );
    expect(() => allocatePayment(loan, { amount: rupiah(500_000), date: '2026-04-20' })).toThrow(
      /written off/,
    );
    expect(loan.credit).toBe(0);
  });
  it('is refused for a loan that is not overdue', () => {
    expect(() => writeOffLoan(cashLoan(), '2026-02-10')).toThrow(/illegal loan transition/);
  });
});
