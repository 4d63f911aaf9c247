import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { accrueTo } from '../../src/lifecycle/accrual.ts';
import { allocatePayment } from '../../src/lifecycle/allocation.ts';
import { applyPayment } from '../../src/lifecycle/late-payment.ts';
import { isBalanced, outstandingFromJournal } from '../../src/lifecycle/ledger.ts';
import {
  LoanOperationError,
  outstandingOf,
  remainingOf,
  totalOf,
  type Loan,
} from '../../src/lifecycle/loan-account.ts';
import { deferDueDates, reliefChanges, spreadRemaining } from '../../src/lifecycle/relief.ts';
import {
  MAX_DEFERRAL_DAYS,
  MAX_EXTRA_INSTALMENTS,
  MIN_DEFERRAL_DAYS,
  MIN_EXTRA_INSTALMENTS,
} from '../../src/relief/relief-rules.ts';
import { settlementQuote } from '../../src/lifecycle/settlement.ts';
import { addDays } from '../../src/pricing/business-date.ts';
import { disbursedLoanOf, offerArb } from '../pricing/arbitraries.ts';

const lateFees = (loan: Loan) => loan.instalments.reduce((a, i) => a + i.due.lateFee, 0);
const charges = (loan: Loan) => loan.instalments.reduce((a, i) => a + i.due.interest + i.due.fee, 0);
const unpaid = (loan: Loan) => loan.instalments.filter((i) => i.state === 'pending' || i.state === 'overdue');

function books(loan: Loan): void {
  expect(loan.journal.every(isBalanced)).toBe(true);
  expect(outstandingFromJournal(loan.journal)).toBe(outstandingOf(loan));
}

/** A disbursed loan, the day relief is given (from the start to 60 days past the first due date), and the days. */
const reliefArb = () =>
  offerArb().chain((offer) => {
    const loan = disbursedLoanOf(offer);
    const firstDue = loan.instalments[0]!.dueDate;
    return fc.record({
      loan: fc.constant(loan),
      on: fc.integer({ min: 0, max: 60 }).map((after) => addDays(firstDue, after - 20)),
      days: fc.integer({ min: MIN_DEFERRAL_DAYS, max: MAX_DEFERRAL_DAYS }),
    });
  });

/** Deferred when the engine allows it (the first unpaid bill then lies ahead of `on`), else null. */
function tryDefer(loan: Loan, on: string, days: number): Loan | null {
  try {
    return deferDueDates(loan, on < loan.asOf ? loan.asOf : on, days);
  } catch (error) {
    if (error instanceof LoanOperationError) return null;
    throw error;
  }
}

describe('relief: moving the unpaid bills later', () => {
  it('adds nothing: what is owed, the charges and the late fees charged so far stay as they were (property)', () => {
    fc.assert(
      fc.property(reliefArb(), ({ loan, on, days }) => {
        const deferred = tryDefer(loan, on, days);
        if (!deferred) return;
        const accrued = accrueTo(loan, deferred.asOf);
        expect(outstandingOf(deferred)).toBe(outstandingOf(accrued));
        expect(charges(deferred)).toBe(charges(accrued));
        expect(lateFees(deferred)).toBe(lateFees(accrued));
        expect(deferred.lateFeeCeiling).toBe(loan.lateFeeCeiling);
        books(deferred);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('moves every unpaid bill by the same days, keeps paid ones, and charges no late fee before the new dates (property)', () => {
    fc.assert(
      fc.property(reliefArb(), ({ loan, on, days }) => {
        const deferred = tryDefer(loan, on, days);
        if (!deferred) return;
        const accrued = accrueTo(loan, deferred.asOf);
        deferred.instalments.forEach((i, k) => {
          const was = accrued.instalments[k]!;
          expect(i.dueDate).toBe(was.state === 'paid' ? was.dueDate : addDays(was.dueDate, days));
        });
        const firstNewDue = unpaid(deferred)[0]!.dueDate;
        expect(firstNewDue >= addDays(deferred.asOf, MIN_DEFERRAL_DAYS)).toBe(true);
        expect(deferred.instalments.some((i) => i.state === 'overdue')).toBe(false);
        expect(deferred.state).toBe('active');
        // Through the first new due date nothing late is charged; the day after, the fee runs again on the unpaid bill.
        const onNewDue = accrueTo(deferred, firstNewDue);
        expect(lateFees(onNewDue)).toBe(lateFees(deferred));
        expect(onNewDue.state).toBe('active');
        const dayAfter = accrueTo(deferred, addDays(firstNewDue, 1));
        expect(dayAfter.state).toBe('overdue');
        books(dayAfter);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('never costs more to settle than without relief, on any later day (property)', () => {
    fc.assert(
      fc.property(reliefArb(), fc.integer({ min: 0, max: 120 }), ({ loan, on, days }, later) => {
        const deferred = tryDefer(loan, on, days);
        if (!deferred) return;
        const day = addDays(deferred.asOf, later);
        const withRelief = settlementQuote(deferred, day);
        const without = settlementQuote(accrueTo(loan, deferred.asOf), day);
        expect(withRelief.amountDue).toBeLessThanOrEqual(without.amountDue);
        // The same charges for the same days of use: only late fees can differ.
        expect(withRelief.interest).toBe(without.interest);
        expect(withRelief.fee).toBe(without.fee);
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('says bill by bill what moves, and what each still asks', () => {
    fc.assert(
      fc.property(reliefArb(), ({ loan, on, days }) => {
        const at = on < loan.asOf ? loan.asOf : on;
        const deferred = tryDefer(loan, at, days);
        if (!deferred) return;
        const terms = reliefChanges(loan, at, { kind: 'defer', days }).changes;
        expect(terms.map((t) => t.number)).toEqual(unpaid(deferred).map((i) => i.number));
        for (const t of terms) {
          expect(t.dueDateAfter).toBe(addDays(t.dueDateBefore!, days));
          expect(t.remaining).toBe(totalOf(remainingOf(deferred.instalments[t.number - 1]!)));
          expect(t.remainingBefore).toBe(t.remaining);
        }
      }),
      { numRuns: 100 },
    );
  }, 60_000);
});

/** A disbursed loan, the day (from the start to 60 days past the first due date), and the bills to add. */
const spreadArb = () =>
  offerArb().chain((offer) => {
    const loan = disbursedLoanOf(offer);
    const firstDue = loan.instalments[0]!.dueDate;
    return fc.record({
      loan: fc.constant(loan),
      on: fc.integer({ min: 0, max: 60 }).map((after) => addDays(firstDue, after - 20)),
      extra: fc.integer({ min: MIN_EXTRA_INSTALMENTS, max: MAX_EXTRA_INSTALMENTS }),
    });
  });

/** Spread when the engine allows it, else null (a bill too far behind, too little left). */
function trySpread(loan: Loan, on: string, extra: number): Loan | null {
  try {
    return spreadRemaining(loan, on, extra);
  } catch (error) {
    if (error instanceof LoanOperationError) return null;
    throw error;
  }
}

const principalLeft = (i: Loan['instalments'][number]) =>
  i.due.principal - i.paid.principal - i.waived.principal - i.writtenOff.principal;

describe('relief: spreading what remains over more bills', () => {
  it('adds nothing: what is owed, the charges, the late fees and the books stay as they were (property)', () => {
    fc.assert(
      fc.property(spreadArb(), ({ loan, on, extra }) => {
        const at = on < loan.asOf ? loan.asOf : on;
        const accrued = accrueTo(loan, at);
        const spread = trySpread(loan, at, extra);
        if (!spread) return;
        expect(outstandingOf(spread)).toBe(outstandingOf(accrued));
        expect(charges(spread)).toBe(charges(accrued));
        expect(lateFees(spread)).toBe(lateFees(accrued));
        expect(spread.lateFeeCeiling).toBe(loan.lateFeeCeiling);
        expect(spread.journal).toEqual(accrued.journal); // no money moved
        books(spread);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('keeps the same share of each unpaid bill, no bill asking more, and shares the rest over the new ones (property)', () => {
    fc.assert(
      fc.property(spreadArb(), ({ loan, on, extra }) => {
        const at = on < loan.asOf ? loan.asOf : on;
        const accrued = accrueTo(loan, at);
        const before = unpaid(accrued);
        const spread = trySpread(loan, at, extra);
        if (!spread) return;
        const after = unpaid(spread);
        expect(after.every((i) => totalOf(remainingOf(i)) > 0)).toBe(true);
        expect(spread.instalments).toHaveLength(accrued.instalments.length + extra);
        expect(after).toHaveLength(before.length + extra);
        const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
        expect(sum(after.map(principalLeft))).toBe(sum(before.map(principalLeft)));
        before.forEach((was, k) => {
          const now = after[k]!;
          // The share n/(n+extra) of what it asked, rounded down: never more, and never more than a rupiah less.
          const share = (principalLeft(was) * before.length) / (before.length + extra);
          expect(principalLeft(now)).toBe(Math.floor(share));
          expect(totalOf(remainingOf(now))).toBeLessThanOrEqual(totalOf(remainingOf(was)));
          expect(now.due.interest).toBe(was.due.interest);
          expect(now.due.fee).toBe(was.due.fee);
        });
        const added = after.slice(before.length).map(principalLeft);
        expect(new Set(added.slice(0, -1)).size).toBeLessThanOrEqual(1);
        expect(added.at(-1)! - added[0]!).toBeGreaterThanOrEqual(0);
        expect(added.at(-1)! - added[0]!).toBeLessThan(extra);
        // The paid bills are as they were; the dates keep their order, the first a week ahead at least.
        accrued.instalments.forEach((i, k) => {
          if (i.state === 'paid') expect(spread.instalments[k]).toEqual(i);
        });
        const dates = spread.instalments.map((i) => i.dueDate);
        expect([...dates].sort()).toEqual(dates);
        expect(new Set(dates).size).toBe(dates.length);
        expect(after[0]!.dueDate >= addDays(at, MIN_DEFERRAL_DAYS)).toBe(true);
        expect(spread.instalments.some((i) => i.state === 'overdue')).toBe(false);
        spread.instalments.forEach((i, k) => expect(i.number).toBe(k + 1));
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('never costs more to settle than without relief, on any later day: the same charges for the days used (property)', () => {
    fc.assert(
      fc.property(spreadArb(), fc.integer({ min: 0, max: 200 }), ({ loan, on, extra }, later) => {
        const at = on < loan.asOf ? loan.asOf : on;
        const spread = trySpread(loan, at, extra);
        if (!spread) return;
        const day = addDays(at, later);
        const withRelief = settlementQuote(spread, day);
        const without = settlementQuote(accrueTo(loan, at), day);
        expect(withRelief.amountDue).toBeLessThanOrEqual(without.amountDue);
        expect(withRelief.interest).toBe(without.interest);
        expect(withRelief.fee).toBe(without.fee);
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('is repaid bill by bill to the last rupiah, and the books agree (property)', () => {
    fc.assert(
      fc.property(spreadArb(), ({ loan, on, extra }) => {
        const at = on < loan.asOf ? loan.asOf : on;
        const spread = trySpread(loan, at, extra);
        if (!spread) return;
        let account = spread;
        for (const bill of unpaid(account)) {
          const onDue = accrueTo(account, bill.dueDate);
          const owed = totalOf(remainingOf(onDue.instalments[bill.number - 1]!));
          account = allocatePayment(onDue, { amount: owed, date: bill.dueDate }).loan;
          books(account);
        }
        expect(account.state).toBe('paid-off');
        expect(outstandingOf(account)).toBe(0);
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it('says bill by bill what changes: every unpaid bill, then the new ones, before and after (property)', () => {
    fc.assert(
      fc.property(spreadArb(), ({ loan, on, extra }) => {
        const at = on < loan.asOf ? loan.asOf : on;
        const spread = trySpread(loan, at, extra);
        if (!spread) return;
        const accrued = accrueTo(loan, at);
        const changes = reliefChanges(loan, at, { kind: 'spread', extra }).changes;
        const changed = unpaid(spread).filter((i) => {
          const was = accrued.instalments[i.number - 1];
          return !was || was.dueDate !== i.dueDate || totalOf(remainingOf(was)) !== totalOf(remainingOf(i));
        });
        expect(changes.map((c) => c.number)).toEqual(changed.map((i) => i.number));
        for (const c of changes) {
          const was = accrued.instalments[c.number - 1];
          expect(c.dueDateBefore).toBe(was?.dueDate ?? null);
          expect(c.remainingBefore).toBe(was ? totalOf(remainingOf(was)) : 0);
          expect(c.remaining).toBe(totalOf(remainingOf(spread.instalments[c.number - 1]!)));
          expect(c.dueDateAfter).toBe(spread.instalments[c.number - 1]!.dueDate);
        }
        expect(changes.filter((c) => c.dueDateBefore === null)).toHaveLength(extra);
        const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
        expect(sum(changes.map((c) => c.remaining))).toBe(sum(changes.map((c) => c.remainingBefore)));
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it("refuses a loan too far behind for a week ahead within a deferral's bound", () => {
    const [sample] = fc.sample(offerArb(), { numRuns: 1, seed: 27 });
    const l = disbursedLoanOf(sample!);
    const due = l.instalments[0]!.dueDate;
    const lastDay = addDays(due, MAX_DEFERRAL_DAYS - MIN_DEFERRAL_DAYS);
    expect(spreadRemaining(l, lastDay, 1).instalments[0]!.dueDate).toBe(addDays(lastDay, MIN_DEFERRAL_DAYS));
    expect(() => spreadRemaining(l, addDays(lastDay, 1), 1)).toThrow(/too far behind/);
  });

  it('refuses fewer than one bill or more than the most, and a loan paid off', () => {
    const [sample] = fc.sample(offerArb(), { numRuns: 1, seed: 27 });
    const l = disbursedLoanOf(sample!);
    for (const extra of [0, MAX_EXTRA_INSTALMENTS + 1, 1.5])
      expect(() => spreadRemaining(l, l.startDate, extra)).toThrow(LoanOperationError);
    const paid = allocatePayment(l, {
      amount: settlementQuote(l, l.startDate).amountDue,
      date: l.startDate,
    }).loan;
    expect(() => spreadRemaining(paid, l.startDate, 1)).toThrow(LoanOperationError);
  });
});

describe('relief and a payment reported late', () => {
  it('a payment made before the relief but reported after it loses the late fees of the days after it (property)', () => {
    fc.assert(
      fc.property(
        offerArb(),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 10 }),
        (offer, paidLate, reliefAfter) => {
          const loan = disbursedLoanOf(offer);
          const due = loan.instalments[0]!.dueDate;
          const paidOn = addDays(due, paidLate);
          const reliefOn = addDays(paidOn, reliefAfter);
          const amount = totalOf(remainingOf(accrueTo(loan, paidOn).instalments[0]!));
          if (amount === 0) return;
          const payment = { amount, date: paidOn };
          const without = applyPayment(accrueTo(loan, reliefOn), payment).loan;
          const withRelief = applyPayment(deferDueDates(loan, reliefOn, MAX_DEFERRAL_DAYS), payment).loan;
          const [a, b] = [without.instalments[0]!, withRelief.instalments[0]!];
          expect(b.due.lateFee).toBe(a.due.lateFee);
          expect(b.state).toBe(a.state);
          expect(outstandingOf(withRelief)).toBeLessThanOrEqual(outstandingOf(without));
          books(withRelief);
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);
});

describe('relief refused', () => {
  const loan = () => {
    const [sample] = fc.sample(offerArb(), { numRuns: 1, seed: 27 });
    return disbursedLoanOf(sample!);
  };

  it('beyond the days allowed, or fewer than a week', () => {
    const l = loan();
    for (const days of [0, MIN_DEFERRAL_DAYS - 1, MAX_DEFERRAL_DAYS + 1, 90, 10.5])
      expect(() => deferDueDates(l, l.startDate, days)).toThrow(LoanOperationError);
    expect(deferDueDates(l, l.startDate, MAX_DEFERRAL_DAYS).asOf).toBe(l.startDate);
  });

  it('when the first unpaid bill would be due within a week of the day it takes effect', () => {
    const l = loan();
    const due = l.instalments[0]!.dueDate;
    const lastDay = addDays(due, MAX_DEFERRAL_DAYS - MIN_DEFERRAL_DAYS);
    expect(() => deferDueDates(l, addDays(lastDay, 1), MAX_DEFERRAL_DAYS)).toThrow(/within 7 days/);
    expect(() => deferDueDates(l, addDays(due, MAX_DEFERRAL_DAYS), MAX_DEFERRAL_DAYS)).toThrow(
      /within 7 days/,
    );
    const deferred = deferDueDates(l, lastDay, MAX_DEFERRAL_DAYS);
    expect(deferred.instalments[0]!.dueDate).toBe(addDays(lastDay, MIN_DEFERRAL_DAYS));
  });

  it('on a loan paid off', () => {
    const l = loan();
    const quote = settlementQuote(l, l.startDate);
    const paid = allocatePayment(l, { amount: quote.amountDue, date: l.startDate }).loan;
    expect(paid.state).toBe('paid-off');
    expect(() => deferDueDates(paid, l.startDate, 14)).toThrow(LoanOperationError);
  });
});
