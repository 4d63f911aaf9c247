import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { accrueTo } from '../../src/lifecycle/accrual.ts';
import { allocatePayment } from '../../src/lifecycle/allocation.ts';
import { daysOfUse, earnedOn } from '../../src/lifecycle/days-of-use.ts';
import {
  accountBalances,
  creditFromJournal,
  isBalanced,
  outstandingFromJournal,
} from '../../src/lifecycle/ledger.ts';
import { outstandingOf, remainingOf, totalOf, type Loan } from '../../src/lifecycle/loan-account.ts';
import { refundablePrincipal, refundPurchase } from '../../src/lifecycle/merchant-refund.ts';
import { settlementQuote } from '../../src/lifecycle/settlement.ts';
import { LoanOperationError } from '../../src/lifecycle/loan-account.ts';
import { openLoan, disburseLoan } from '../../src/lifecycle/loan-account.ts';
import { addDays } from '../../src/pricing/business-date.ts';
import { payLaterProduct } from '../../src/pricing/default-products.ts';
import { plan } from '../../src/pricing/plan.ts';
import { rupiah } from '../../src/money/rupiah.ts';
import { disbursedLoanOf, offerArb } from '../pricing/arbitraries.ts';

const charges = (l: Loan) => l.instalments.reduce((a, i) => a + i.due.interest + i.due.fee, 0);

function invariants(loan: Loan): void {
  expect(loan.journal.every(isBalanced)).toBe(true);
  expect(outstandingFromJournal(loan.journal)).toBe(outstandingOf(loan));
  expect(creditFromJournal(loan.journal)).toBe(loan.credit);
  for (const i of loan.instalments) {
    for (const v of Object.values(remainingOf(i))) expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
    expect(i.recognized.interest).toBeLessThanOrEqual(i.due.interest);
    expect(i.recognized.fee).toBeLessThanOrEqual(i.due.fee);
  }
  // Income recognised is what the instalments say; unearned income is what is due and not yet recognised.
  const b = accountBalances(loan.journal);
  const sum = (f: (i: Loan['instalments'][number]) => number) =>
    loan.instalments.reduce((a, i) => a + f(i), 0);
  expect(-(b.get('interest-income') ?? 0n)).toBe(BigInt(sum((i) => i.recognized.interest)));
  expect(-(b.get('unearned-interest') ?? 0n)).toBe(
    BigInt(sum((i) => i.due.interest - i.recognized.interest)),
  );
  expect(-(b.get('unearned-fee') ?? 0n)).toBe(BigInt(sum((i) => i.due.fee - i.recognized.fee)));
}

/** Rp3.000.000 over 3 months at pay-later pricing, from 2026-03-01. */
function purchase(amount = 3_000_000): Loan {
  const schedule = plan(
    payLaterProduct,
    rupiah(amount),
    { unit: 'month', length: 3, instalments: 3 },
    '2026-03-01',
  );
  return disburseLoan(openLoan('loan-1', schedule), '2026-03-01');
}

describe('a merchant refund of a pay-later purchase', () => {
  it('part of it: the kept principal keeps its share, the returned part pays its days of use', () => {
    const loan = purchase();
    const date = '2026-03-21';
    const after = refundPurchase(loan, rupiah(1_000_000), date);
    invariants(after);
    expect(refundablePrincipal(after)).toBe(2_000_000);
    expect(after.state).toBe('active');
    for (const [k, i] of after.instalments.entries()) {
      const c = loan.plan.instalments[k]!;
      const days = BigInt(i.days);
      const used = BigInt(daysOfUse(i, date));
      for (const charge of ['interest', 'fee'] as const) {
        const full = BigInt(c[charge]);
        // ⌊c × 2/3⌋ for the kept share, ⌊c × 1/3 × used/days⌋ for the returned one.
        const expected = (full * 2_000_000n) / 3_000_000n + (full * 1_000_000n * used) / (3_000_000n * days);
        expect(BigInt(i.due[charge])).toBe(expected);
        expect(i.due[charge]).toBeLessThanOrEqual(c[charge]);
      }
    }
    expect(after.instalments.reduce((a, i) => a + i.due.principal, 0)).toBe(2_000_000);
    // Settling it later charges the kept share per day of use, the returned share its fixed days.
    const later = settlementQuote(after, '2026-04-15');
    const settled = after.instalments.map((i) => earnedOn(i, '2026-04-15'));
    expect(later.interest).toBe(settled.reduce((a, e) => a + e.interest, 0));
  });

  it('all of it, untouched: the loan ends with nothing owed and nothing earned', () => {
    const loan = accrueTo(purchase(), '2026-03-20');
    const after = refundPurchase(loan, rupiah(3_000_000), '2026-03-21');
    invariants(after);
    expect(after.state).toBe('paid-off');
    expect(outstandingOf(after)).toBe(0);
    expect(after.credit).toBe(0);
    expect(charges(after)).toBe(0);
    const b = accountBalances(after.journal);
    expect(b.get('interest-income') ?? 0n).toBe(0n);
    expect(b.get('cash')).toBe(0n);
  });

  it('after an instalment was paid: what was paid beyond the new total is held credit', () => {
    const loan = purchase();
    const first = loan.instalments[0]!;
    const paid = allocatePayment(loan, { amount: totalOf(first.due), date: first.dueDate }).loan;
    const after = refundPurchase(paid, rupiah(2_500_000), addDays(first.dueDate, 3));
    invariants(after);
    expect(after.state).toBe('paid-off');
    expect(after.credit).toBeGreaterThan(0);
    // Everything paid either paid a bill or is held: no rupiah is lost.
    const paidOnBills = after.instalments.reduce((a, i) => a + totalOf(i.paid), 0);
    expect(paidOnBills + after.credit).toBe(totalOf(first.due));
  });

  it('refuses more than the principal still refundable, and a loan not repaying', () => {
    const loan = purchase();
    const part = refundPurchase(loan, rupiah(2_000_000), '2026-03-05');
    expect(() => refundPurchase(part, rupiah(1_000_001), '2026-03-06')).toThrow(LoanOperationError);
    const all = refundPurchase(part, rupiah(1_000_000), '2026-03-06');
    expect(() => refundPurchase(all, rupiah(1), '2026-03-07')).toThrow(LoanOperationError);
    expect(() => refundPurchase(openLoan('x', loan.plan), rupiah(1), '2026-03-07')).toThrow(
      LoanOperationError,
    );
  });

  it('property: charges never rise, never exceed the plan, sum exactly, and the books balance', () => {
    fc.assert(
      fc.property(
        offerArb(),
        fc.array(
          fc.record({ gap: fc.integer({ min: 0, max: 40 }), share: fc.integer({ min: 1, max: 100 }) }),
          {
            minLength: 1,
            maxLength: 3,
          },
        ),
        fc.boolean(),
        (offer, refunds, payFirst) => {
          let loan = disbursedLoanOf(offer);
          const original = loan;
          let date = loan.startDate;
          if (payFirst) {
            const first = loan.instalments[0]!;
            loan = allocatePayment(loan, { amount: totalOf(first.due), date: first.dueDate }).loan;
            date = first.dueDate;
          }
          const paidIn = loan.instalments.reduce((a, i) => a + totalOf(i.paid), 0) + loan.credit;
          for (const r of refunds) {
            const refundable = refundablePrincipal(loan);
            if (refundable === 0) break;
            date = addDays(date, r.gap);
            const amount = rupiah(Math.max(1, Math.floor((refundable * r.share) / 100)));
            const before = loan;
            loan = refundPurchase(loan, amount, date);
            invariants(loan);
            expect(refundablePrincipal(loan)).toBe(refundable - amount);
            for (const [k, i] of loan.instalments.entries()) {
              const was = before.instalments[k]!;
              expect(i.due.principal).toBeLessThanOrEqual(was.due.principal);
              // Interest and fees never rise, never above the accepted plan (so within its caps and the 100% ceiling).
              expect(i.due.interest).toBeLessThanOrEqual(original.plan.instalments[k]!.interest);
              expect(i.due.fee).toBeLessThanOrEqual(original.plan.instalments[k]!.fee);
            }
            expect(
              charges(loan) + loan.lateFeeCeiling + original.plan.totals.originationFee,
            ).toBeLessThanOrEqual(original.plan.totals.economicBenefit + original.lateFeeCeiling);
            // What the borrower put in is on the bills or held for them, never lost.
            expect(loan.instalments.reduce((a, i) => a + totalOf(i.paid), 0) + loan.credit).toBe(paidIn);
            // Cash in from the merchant is exactly what was refunded.
            const cash = loan.journal
              .filter((e) => e.movement === 'merchant-refund')
              .flatMap((e) => e.lines)
              .filter((l) => l.account === 'cash')
              .reduce((a, l) => a + l.amount, 0);
            expect(cash).toBe(offer.amount - refundablePrincipal(loan));
          }
          if (refundablePrincipal(loan) === 0) expect(charges(loan)).toBe(0);
          // The loan goes on: accrued, then settled early, its books still agree.
          const later = accrueTo(loan, addDays(date, 20));
          invariants(later);
          const quote = settlementQuote(later, later.asOf);
          if (quote.amountDue > 0)
            invariants(allocatePayment(later, { amount: quote.amountDue, date: later.asOf }).loan);
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);
});
