import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accrueTo } from '@kaskita/domain/lifecycle/accrual';
import { allocatePayment } from '@kaskita/domain/lifecycle/allocation';
import { accountBalances, type JournalEntry } from '@kaskita/domain/lifecycle/ledger';
import { disburseLoan, isRepaying, openLoan, type Loan } from '@kaskita/domain/lifecycle/loan-account';
import { settleLoan, settlementQuote } from '@kaskita/domain/lifecycle/settlement';
import { waiveLateFees, writeOffLoan } from '@kaskita/domain/lifecycle/write-off';
import { addDays } from '@kaskita/domain/pricing/business-date';
import { rupiah, type Rupiah } from '@kaskita/domain/money/rupiah';
import { cashLoanProduct } from '@kaskita/domain/pricing/default-products';
import { plan } from '@kaskita/domain/pricing/plan';
import {
  ACCOUNTS,
  allowedLines,
  CLOSED_STATES,
  expectedBalances,
  paidAndHeld,
} from '../../src/cli/ledger-check-rules.ts';

/**
 * The check's recomputation must agree with what the engine books: for any sequence of the engine's operations, each
 * account's balance in the engine's own journal equals `expectedBalances` of the resulting account (cash being the
 * payments in less the money disbursed), every line has a shape the check allows, and paid + credit = payments in.
 * If the engine changes how it books a movement, this fails before the check does on a real book.
 */
type Step =
  | { kind: 'pay'; days: number; amount: Rupiah }
  | { kind: 'settle'; days: number; extra: number }
  | { kind: 'waive'; days: number; amount: Rupiah | undefined }
  | { kind: 'write-off'; days: number };

/** A one-bill loan of 14 days, and loans of 3 and 6 monthly bills. */
const TENORS = fc.constantFrom(
  { unit: 'day' as const, length: 14 },
  { unit: 'month' as const, length: 3 },
  { unit: 'month' as const, length: 6 },
);

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      days: fc.integer({ min: 0, max: 50 }),
      amount: fc.integer({ min: 1, max: 1_500_000 }).map((n) => rupiah(n)),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      days: fc.integer({ min: 0, max: 120 }),
      extra: fc.integer({ min: 0, max: 50_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('waive' as const),
      days: fc.integer({ min: 0, max: 60 }),
      amount: fc.option(
        fc.integer({ min: 1, max: 200_000 }).map((n) => rupiah(n)),
        { nil: undefined },
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('write-off' as const), days: fc.integer({ min: 0, max: 200 }) }),
  },
);

/** Runs the steps the loan can take (others are skipped, as the server refuses them). */
function run(steps: readonly Step[], tenor: { unit: 'day' | 'month'; length: number }) {
  const start = '2026-01-05';
  let loan: Loan = disburseLoan(openLoan('p', plan(cashLoanProduct, rupiah(2_000_000), tenor, start)), start);
  let paidIn = 0;
  let date = start;
  for (const step of steps) {
    if (!isRepaying(loan)) break;
    date = addDays(date, step.days);
    if (step.kind === 'pay') {
      loan = allocatePayment(loan, { amount: step.amount, date }).loan;
      paidIn += step.amount;
    } else if (step.kind === 'settle') {
      const amount = rupiah(settlementQuote(loan, date).amountDue + step.extra);
      if (amount === 0) continue;
      loan = settleLoan(loan, date, amount).loan;
      paidIn += amount;
    } else if (step.kind === 'waive') {
      loan = waiveLateFees(loan, date, step.amount);
    } else {
      const accrued = accrueTo(loan, date);
      if (accrued.state !== 'overdue') continue;
      loan = writeOffLoan(accrued, date);
    }
  }
  return { loan, paidIn };
}

function shapeOf(journal: readonly JournalEntry[]) {
  const allowed = new Set(allowedLines().map((l) => `${l.movement} ${l.side} ${l.account}`));
  return journal.flatMap((e) =>
    e.lines.filter((l) => !allowed.has(`${e.movement} ${l.side} ${l.account}`) || l.amount <= 0),
  );
}

describe('the ledger check recomputes what the engine books', () => {
  it("every account of the engine's journal equals its recomputation from the account, after any operations", () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 8 }), TENORS, (steps, tenor) => {
        const { loan, paidIn } = run(steps, tenor);
        const { received, deducted } = loan.plan.disbursement;
        const expected = expectedBalances(loan, deducted, paidIn - received);
        const journal = accountBalances(loan.journal);
        for (const account of ACCOUNTS)
          expect(Number(journal.get(account) ?? 0n), account).toBe(expected[account]);
        expect([...journal.keys()].every((a) => ACCOUNTS.includes(a))).toBe(true);
        expect(shapeOf(loan.journal)).toEqual([]);
        expect(paidAndHeld(loan)).toBe(paidIn);
      }),
      { numRuns: 300 },
    );
  });

  it('a paid-off or written-off loan owes nothing and holds no unearned income (a cured write-off included)', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 8 }), TENORS, (steps, tenor) => {
        const { loan, paidIn } = run(steps, tenor);
        fc.pre(CLOSED_STATES.includes(loan.state));
        const { received, deducted } = loan.plan.disbursement;
        const expected = expectedBalances(loan, deducted, paidIn - received);
        for (const account of [
          'principal-receivable',
          'interest-receivable',
          'fee-receivable',
          'late-fee-receivable',
          'unearned-interest',
          'unearned-fee',
        ] as const)
          expect(expected[account], account).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  // Issue 21 item 6: a write-off that the borrower's credit cures only sets the credit off; the contract stands (the
  // unused-days rebate applies only when the loan really ends), and the accrual never recognises more than the bills
  // owe, so once the loan closes unearned interest and fee are exactly 0.
  it('a write-off cured by held credit leaves no unearned income once the loan is paid off', () => {
    const start = '2026-01-05';
    let loan = disburseLoan(
      openLoan('cured', plan(cashLoanProduct, rupiah(2_000_000), { unit: 'month', length: 3 }, start)),
      start,
    );
    // Bill 1 paid on the day, 731,334 held as credit; bill 2 (due 2026-03-05) unpaid, late since 2026-03-06 with the
    // credit untouched, as accounts were stored before held credit paid bills on their due date.
    loan = allocatePayment(loan, { amount: rupiah(1_460_000), date: start }).loan;
    loan = { ...accrueTo({ ...loan, credit: rupiah(0) }, '2026-03-08'), credit: loan.credit };
    expect(loan.state).toBe('overdue');
    loan = writeOffLoan(loan, '2026-03-09');
    expect(loan.state).toBe('active'); // cured: the credit paid bill 2, bill 3's charges are untouched
    loan = settleLoan(loan, '2026-04-20', settlementQuote(loan, '2026-04-20').amountDue).loan;
    expect(loan.state).toBe('paid-off');
    const { received, deducted } = loan.plan.disbursement;
    const expected = expectedBalances(loan, deducted, 1_460_000 - received);
    expect({ interest: expected['unearned-interest'], fee: expected['unearned-fee'] }).toEqual({
      interest: 0,
      fee: 0,
    });
  });
});
