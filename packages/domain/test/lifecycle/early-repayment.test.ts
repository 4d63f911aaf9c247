// Whole-table tests of per-day-of-use pricing when a borrower repays early (pricing/README.md, "Ending a loan
// early"): 3,000,000 over 3 months from 31 Jan 2026 on the seeded cash loan (0.1 %/day all in), whose bills are
// 1,084,000 (28 days), 1,093,000 (31 days) and 1,090,000 (30 days).
import { describe, expect, it } from 'vitest';
import { rupiah } from '../../src/money/rupiah.ts';
import { cashLoanProduct } from '../../src/pricing/default-products.ts';
import { plan } from '../../src/pricing/plan.ts';
import { allocatePayment } from '../../src/lifecycle/allocation.ts';
import { disburseLoan, openLoan, type Loan } from '../../src/lifecycle/loan-account.ts';
import { accountBalances } from '../../src/lifecycle/ledger.ts';
import { settleLoan, settlementQuote } from '../../src/lifecycle/settlement.ts';

const START = '2026-01-31';
const fresh = (): Loan =>
  disburseLoan(
    openLoan('E', plan(cashLoanProduct, rupiah(3_000_000), { unit: 'month', length: 3 }, START)),
    START,
  );

/** The instalments as a table: number, interest and fee due, everything paid, state. */
const table = (loan: Loan) =>
  loan.instalments.map((i) => [
    i.number,
    i.due.interest,
    i.due.fee,
    i.paid.principal + i.paid.interest + i.paid.fee + i.paid.lateFee,
    i.state,
  ]);

/** Unearned income left on the books, and the borrower's credit, from the journal. */
const books = (loan: Loan) => {
  const b = accountBalances(loan.journal);
  return {
    unearned: Number((b.get('unearned-interest') ?? 0n) + (b.get('unearned-fee') ?? 0n)),
    income: Number(-((b.get('interest-income') ?? 0n) + (b.get('fee-income') ?? 0n))),
    credit: Number(-(b.get('borrower-credit') ?? 0n)),
  };
};

describe('early repayment costs what settling on the last day costs', () => {
  it('the untouched loan settled on 20 Feb: 20 days of use, 60,000 of charges', () => {
    const quote = settlementQuote(fresh(), '2026-02-20');
    expect(quote).toMatchObject({ amountDue: 3_060_000, interest: 18_000, fee: 42_000, daysOfUse: 20 });
  });

  /** Settled on 20 Feb after paying `early` on 10 Feb: bill 1 keeps 20 of its 28 days, bills 2 and 3 none. */
  const SETTLED_ON_20_FEB = [
    [1, 18_000, 42_000, 1_060_000, 'paid'],
    [2, 0, 0, 1_000_000, 'paid'],
    [3, 0, 0, 1_000_000, 'paid'],
  ];

  it.each([
    // Bill 1 paid ahead: 24,000 paid for its 8 unused days comes back as credit against the rest.
    ['the first bill early', 1_084_000, 1_976_000],
    // A rupiah more is held as credit and counts like any other.
    ['a rupiah more than the first bill early', 1_084_001, 1_975_999],
  ])('pay %s (10 Feb), then settle (20 Feb): exactly 60,000 of charges', (_name, early, due) => {
    const paid = allocatePayment(fresh(), { amount: rupiah(early), date: '2026-02-10' }).loan;
    expect(paid.credit).toBe(early - 1_084_000);
    const quote = settlementQuote(paid, '2026-02-20');
    expect(quote).toMatchObject({
      amountDue: due,
      principal: 2_000_000,
      creditApplied: 24_000 + paid.credit,
    });
    const done = settleLoan(paid, '2026-02-20', quote.amountDue).loan;
    expect(table(done)).toEqual(SETTLED_ON_20_FEB);
    expect(early + quote.amountDue - done.credit).toBe(3_060_000);
    expect(books(done)).toEqual({ unearned: 0, income: 60_000, credit: 0 });
  });

  it('pay every bill on the day of disbursement: one day of use is charged, the rest is credit to refund', () => {
    let loan = fresh();
    for (const amount of [1_084_000, 1_093_000]) {
      loan = allocatePayment(loan, { amount: rupiah(amount), date: START }).loan;
      expect(loan.state).toBe('active');
    }
    const last = allocatePayment(loan, { amount: rupiah(1_090_000), date: START });
    // The last payment covers the payoff: the loan closes at one day's charges (3,000) and the 174,000 of
    // charges paid for days not used come back, with the part of this payment not needed.
    expect(last.creditRebated).toBe(174_000);
    expect(table(last.loan)).toEqual([
      [1, 900, 2_100, 1_003_000, 'paid'],
      [2, 0, 0, 1_000_000, 'paid'],
      [3, 0, 0, 1_000_000, 'paid'],
    ]);
    expect(last.loan.state).toBe('paid-off');
    expect(last.loan.credit).toBe(264_000);
    expect(3_267_000 - last.loan.credit).toBe(settlementQuote(fresh(), START).amountDue);
    expect(books(last.loan)).toEqual({ unearned: 0, income: 3_000, credit: 264_000 });
  });

  it('one payment of the whole schedule on 20 Feb closes the loan at the settlement price', () => {
    const r = allocatePayment(fresh(), { amount: rupiah(3_267_000), date: '2026-02-20' });
    expect(r.loan.state).toBe('paid-off');
    expect(r.loan.credit).toBe(207_000);
    expect(3_267_000 - r.loan.credit).toBe(3_060_000);
  });

  it('paying to term charges the whole schedule, and leaves nothing unearned', () => {
    let loan = fresh();
    for (const [amount, date] of [
      [1_084_000, '2026-02-28'],
      [1_093_000, '2026-03-31'],
      [1_090_000, '2026-04-30'],
    ] as const)
      loan = allocatePayment(loan, { amount: rupiah(amount), date }).loan;
    expect(loan.state).toBe('paid-off');
    expect(books(loan)).toEqual({ unearned: 0, income: 267_000, credit: 0 });
  });
});
