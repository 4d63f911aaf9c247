// The late fee of a day is rounded once for the loan and shared among its late bills in whole rupiah, so how a balance
// is split into bills (a spread adds bills: relief.ts) never raises what a day late costs.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { accrueTo, dailyLateFees, loanDailyLateFee } from '../../src/lifecycle/accrual.ts';
import { isBalanced, outstandingFromJournal } from '../../src/lifecycle/ledger.ts';
import { outstandingOf, remainingOf, type Loan } from '../../src/lifecycle/loan-account.ts';
import { rupiah } from '../../src/money/rupiah.ts';
import { addDays } from '../../src/pricing/business-date.ts';
import { disbursedLoanOf, offerArb } from '../pricing/arbitraries.ts';

const lateFees = (loan: Loan) => loan.instalments.reduce((a, i) => a + i.due.lateFee, 0);
const baseOf = (loan: Loan, i: Loan['instalments'][number]) => {
  const r = remainingOf(i);
  return BigInt(loan.lateFeeBase === 'overdue-principal' ? r.principal : r.principal + r.interest + r.fee);
};

/** A disbursed loan with its bills' principal replaced by drawn amounts (what relief or payments could leave). */
const billsArb = offerArb().chain((offer) => {
  const loan = disbursedLoanOf(offer);
  return fc
    .array(fc.integer({ min: 0, max: 50_000_000 }), {
      minLength: loan.instalments.length,
      maxLength: loan.instalments.length,
    })
    .map((principals) => ({
      ...loan,
      instalments: loan.instalments.map((i, k) => ({
        ...i,
        due: { ...i.due, principal: rupiah(principals[k]!) },
      })),
    }));
});

describe("a day's late fee", () => {
  it('is the rate on all late bills rounded down once, each bill between its own fee rounded down and up (property)', () => {
    fc.assert(
      fc.property(billsArb, (loan) => {
        const { num, den } = loan.dailyLateFee;
        const shares = dailyLateFees(loan, loan.instalments);
        const scaled = loan.instalments.map((i) => baseOf(loan, i) * num);
        expect(BigInt(loanDailyLateFee(loan, loan.instalments))).toBe(
          scaled.reduce((a, s) => a + s, 0n) / den,
        );
        shares.forEach((share, k) => {
          expect(BigInt(share)).toBeGreaterThanOrEqual(scaled[k]! / den);
          expect(BigInt(share)).toBeLessThanOrEqual((scaled[k]! + den - 1n) / den);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('never rises when a late balance is split into more bills (property)', () => {
    fc.assert(
      fc.property(billsArb, fc.integer({ min: 2, max: 6 }), (loan, parts) => {
        // Each bill's principal cut into `parts` pieces: the bills a spread would leave, all late.
        const split = loan.instalments.flatMap((i) => {
          const piece = Math.floor(i.due.principal / parts);
          return Array.from({ length: parts }, (_, k) => ({
            ...i,
            due: {
              ...i.due,
              principal: rupiah(k === 0 ? i.due.principal - piece * (parts - 1) : piece),
              interest: k === 0 ? i.due.interest : rupiah(0),
              fee: k === 0 ? i.due.fee : rupiah(0),
            },
          }));
        });
        expect(loanDailyLateFee(loan, split)).toBeLessThanOrEqual(loanDailyLateFee(loan, loan.instalments));
      }),
      { numRuns: 300 },
    );
  });

  it("gives the rupiah the loan's rounding leaves to the bill that lost most to it, the earlier on a tie", () => {
    const loan = disbursedLoanOf({ ...fc.sample(offerArb(), { numRuns: 1, seed: 7 })[0]! });
    const rate = { num: 1n, den: 1000n };
    const withBills = (principals: number[]): Loan => ({
      ...loan,
      dailyLateFee: rate,
      lateFeeBase: 'overdue-principal',
      instalments: principals.map((principal, k) => ({
        ...loan.instalments[0]!,
        number: k + 1,
        due: { ...loan.instalments[0]!.due, principal: rupiah(principal) },
      })),
    });
    // 1.5 + 1.5: one rupiah each rounded alone, three for the loan; the tie goes to the first bill.
    const even = withBills([1500, 1500]);
    expect(dailyLateFees(even, even.instalments)).toEqual([2, 1]);
    // 1.2 + 1.9: the second lost more.
    const uneven = withBills([1200, 1900]);
    expect(dailyLateFees(uneven, uneven.instalments)).toEqual([1, 2]);
    // A bill whose base is paid gathers nothing.
    const paid = withBills([0, 1500, 1500]);
    expect(dailyLateFees(paid, paid.instalments)).toEqual([0, 2, 1]);
  });
});

describe('a step longer than a day', () => {
  it("charges each day the loan's fee on the bills late that day, and books one entry of each kind (property)", () => {
    fc.assert(
      fc.property(offerArb(), fc.integer({ min: 1, max: 400 }), (offer, after) => {
        const loan = disbursedLoanOf(offer);
        const end = addDays(loan.startDate, after);
        const once = accrueTo(loan, end);
        // The same days one at a time, as the nightly job takes them.
        let nightly = loan;
        for (let day = addDays(loan.startDate, 1); day <= end; day = addDays(day, 1))
          nightly = accrueTo(nightly, day);
        expect(lateFees(once)).toBe(lateFees(nightly));
        // Bill by bill too, until the ceiling: a step spends what room is left in bill order, a night at a time each day.
        if (lateFees(once) < loan.lateFeeCeiling)
          expect(once.instalments.map((i) => i.due.lateFee)).toEqual(
            nightly.instalments.map((i) => i.due.lateFee),
          );
        const added = once.journal.slice(loan.journal.length);
        const movements = added.map((e) => e.movement);
        expect(new Set(movements).size).toBe(movements.length);
        expect(added.every(isBalanced)).toBe(true);
        expect(outstandingFromJournal(once.journal)).toBe(outstandingOf(once));
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});
