import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { accrueTo } from '../../src/lifecycle/accrual.ts';
import { allocatePayment } from '../../src/lifecycle/allocation.ts';
import { accountBalances, type Account } from '../../src/lifecycle/ledger.ts';
import { disburseLoan, isRepaying, openLoan, type Loan } from '../../src/lifecycle/loan-account.ts';
import { settleLoan, settlementQuote } from '../../src/lifecycle/settlement.ts';
import { waiveLateFees, writeOffLoan } from '../../src/lifecycle/write-off.ts';
import { addDays } from '../../src/pricing/business-date.ts';
import { cashLoanProduct } from '../../src/pricing/default-products.ts';
import { plan } from '../../src/pricing/plan.ts';
import { rupiah } from '../../src/money/rupiah.ts';
import { offerArb } from '../pricing/arbitraries.ts';

const balance = (loan: Loan, account: Account) => Number(accountBalances(loan.journal).get(account) ?? 0n);
/** The credit balance of an income account. */
const income = (loan: Loan, account: Account) => Number(-(accountBalances(loan.journal).get(account) ?? 0n));
const sum = (loan: Loan, f: (i: Loan['instalments'][number]) => number) =>
  loan.instalments.reduce((a, i) => a + f(i), 0);

/** Income recognised never exceeds what the bills owe, in the instalments and in the journal. */
function recognisedWithinBilled(loan: Loan): void {
  for (const i of loan.instalments) {
    expect(i.recognized.interest).toBeLessThanOrEqual(i.due.interest);
    expect(i.recognized.fee).toBeLessThanOrEqual(i.due.fee);
  }
  // Fee income also holds the origination fee deducted at disbursement, which no bill carries.
  const deducted = loan.plan.disbursement.deducted;
  expect(income(loan, 'interest-income')).toBe(sum(loan, (i) => i.recognized.interest));
  expect(income(loan, 'fee-income')).toBe(deducted + sum(loan, (i) => i.recognized.fee));
  expect(income(loan, 'interest-income')).toBeLessThanOrEqual(sum(loan, (i) => i.due.interest));
  expect(income(loan, 'fee-income')).toBeLessThanOrEqual(deducted + sum(loan, (i) => i.due.fee));
}

describe('credit held when a bill falls due', () => {
  const start = '2026-01-05';
  const total = (c: { principal: number; interest: number; fee: number; lateFee: number } | undefined) =>
    c ? c.principal + c.interest + c.fee + c.lateFee : 0;
  /** Bill 1 paid on the day with 731,334 more, held as credit; bill 2 falls due on 2026-03-05. */
  function withCredit(): Loan {
    const loan = disburseLoan(
      openLoan('held', plan(cashLoanProduct, rupiah(2_000_000), { unit: 'month', length: 3 }, start)),
      start,
    );
    const paid = allocatePayment(loan, { amount: rupiah(1_460_000), date: start }).loan;
    expect(paid.credit).toBe(731_334);
    return paid;
  }

  it('pays bill 2 on its due date: no late fee, never overdue, the rest still held', () => {
    const loan = withCredit();
    const after = accrueTo(loan, '2026-03-15');
    expect(after.state).toBe('active');
    expect(after.instalments[1]?.state).toBe('paid');
    expect(after.instalments[1]?.due.lateFee).toBe(0);
    expect(after.credit).toBe(731_334 - total(after.instalments[1]?.due));
    // Booked by the accrual that crossed the due date, on its own day, naming the due date.
    const spent = after.journal.filter((e) => e.memo?.startsWith('held credit applied'));
    expect(spent.map((e) => [e.date, e.memo])).toEqual([
      ['2026-03-15', 'held credit applied on the due date 2026-03-05'],
    ]);
    recognisedWithinBilled(after);
  });

  it('an account stored overdue with credit (before this rule) spends it before the next late fee', () => {
    const loan = withCredit();
    // As such an account was stored: bill 2 late since 2026-03-06, the credit untouched.
    const stored = { ...accrueTo({ ...loan, credit: rupiah(0) }, '2026-03-08'), credit: loan.credit };
    expect(stored.state).toBe('overdue');
    const lateBefore = stored.instalments[1]?.due.lateFee ?? 0;
    expect(lateBefore).toBeGreaterThan(0);
    // Written off the next day, or on the day already processed (staff act after the night's accrual): alike.
    const sameDay = writeOffLoan(stored, '2026-03-08');
    expect(sameDay.state).toBe('active');
    expect(sameDay.instalments.map((i) => i.due)).toEqual(
      stored.instalments.map((i, k) => (k === 1 ? sameDay.instalments[1]!.due : i.due)),
    );
    expect(sameDay.journal.some((e) => e.movement === 'unused-days-rebate')).toBe(false);
    const after = writeOffLoan(stored, '2026-03-09');
    // The write-off finds nothing overdue: the contract stands, no rebate, no write-off, no new late fee.
    expect(after.state).toBe('active');
    expect(after.instalments[1]?.state).toBe('paid');
    expect(after.instalments[1]?.due.lateFee).toBe(lateBefore);
    expect(after.instalments.map((i) => i.due.interest)).toEqual(
      stored.instalments.map((i) => i.due.interest),
    );
    expect(after.journal.some((e) => e.movement === 'unused-days-rebate')).toBe(false);
    expect(after.journal.some((e) => e.movement === 'write-off')).toBe(false);
    recognisedWithinBilled(after);
    const settled = settleLoan(after, '2026-04-20', settlementQuote(after, '2026-04-20').amountDue).loan;
    expect(settled.state).toBe('paid-off');
    expect(balance(settled, 'unearned-interest')).toBe(0);
    expect(balance(settled, 'unearned-fee')).toBe(0);
    recognisedWithinBilled(settled);
  });
});

type Step =
  | { kind: 'pay'; days: number; share: number }
  | { kind: 'accrue'; days: number }
  | { kind: 'waive'; days: number; amount: number | undefined }
  | { kind: 'write-off'; days: number }
  | { kind: 'settle'; days: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      days: fc.integer({ min: 0, max: 50 }),
      share: fc.integer({ min: 0, max: 250 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('accrue' as const), days: fc.integer({ min: 0, max: 60 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('waive' as const),
      days: fc.integer({ min: 0, max: 60 }),
      amount: fc.option(fc.integer({ min: 1, max: 200_000 }), { nil: undefined }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('write-off' as const), days: fc.integer({ min: 0, max: 200 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('settle' as const), days: fc.integer({ min: 0, max: 120 }) }),
  },
);

describe('income recognition', () => {
  it('after any sequence of payments, accruals, waivers, write-offs and settlements, a closed loan holds no unearned income and recognised income never exceeds what was billed', () => {
    fc.assert(
      fc.property(offerArb(), fc.array(stepArb, { maxLength: 10 }), (offer, steps) => {
        let loan = disburseLoan(
          openLoan('p', plan(offer.product, offer.amount, offer.tenor, offer.startDate)),
          offer.startDate,
        );
        const instalment = loan.plan.instalments[0]?.total ?? 0;
        let date = offer.startDate;
        for (const step of steps) {
          if (!isRepaying(loan)) break;
          date = addDays(date, step.days);
          if (step.kind === 'pay') {
            loan = allocatePayment(loan, {
              amount: rupiah(Math.floor((instalment * step.share) / 100)),
              date,
            }).loan;
          } else if (step.kind === 'accrue') {
            loan = accrueTo(loan, date);
          } else if (step.kind === 'waive') {
            loan = waiveLateFees(loan, date, step.amount === undefined ? undefined : rupiah(step.amount));
          } else if (step.kind === 'write-off') {
            loan = accrueTo(loan, date);
            if (loan.state === 'overdue') loan = writeOffLoan(loan, date);
          } else {
            const due = settlementQuote(loan, date).amountDue;
            if (due > 0) loan = settleLoan(loan, date, due).loan;
          }
          recognisedWithinBilled(loan);
        }
        if (loan.state === 'paid-off' || loan.state === 'written-off') {
          expect(balance(loan, 'unearned-interest')).toBe(0);
          expect(balance(loan, 'unearned-fee')).toBe(0);
        }
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
