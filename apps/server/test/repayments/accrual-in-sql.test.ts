// The set-based nightly accrual against the engine it is written from: random books of loans with random histories
// (payments, waivers, disputes, relief, merchant returns, nights accrued), accrued to a random date by the one SQL
// statement and by the engine's accrueTo; every account, bill, next accrual day and ledger line must be the same.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accrueTo, dailyLateFees, lateFeeSteps, nextAccrualDate } from '@kaskita/domain/lifecycle/accrual';
import { allocatePayment } from '@kaskita/domain/lifecycle/allocation';
import { closeDispute, openDispute } from '@kaskita/domain/lifecycle/dispute';
import { isRepaying, type Loan } from '@kaskita/domain/lifecycle/loan-account';
import { refundPurchase } from '@kaskita/domain/lifecycle/merchant-refund';
import { deferDueDates } from '@kaskita/domain/lifecycle/relief';
import { waiveLateFees } from '@kaskita/domain/lifecycle/write-off';
import { rupiah } from '@kaskita/domain/money/rupiah';
import { addDays, compareDates, daysBetween } from '@kaskita/domain/pricing/business-date';
import { disbursedLoanOf, offerArb } from '../../../../packages/domain/test/pricing/arbitraries.ts';
import { rowsOf } from '../../src/db/raw-rows.ts';
import { accrueInSql } from '../../src/modules/repayments/accrual-in-sql.ts';
import { loans as loanTable } from '../../src/modules/loans/loan-orders-schema.ts';
import { decodeLoanAccount, storedAccountSql } from '../../src/modules/loans/stored-loan-account.ts';
import { seedLoanBook } from '../helpers/loan-book-seed.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

/** The first accrual date drawn. */
const FIRST_START = '2026-01-01';
const NOW = new Date('2026-12-01T00:00:00Z');

type Step =
  | { kind: 'pay'; gap: number; share: number }
  | { kind: 'accrue'; gap: number }
  | { kind: 'waive'; gap: number; share: number }
  | { kind: 'dispute'; gap: number }
  | { kind: 'defer'; gap: number; days: number }
  | { kind: 'return'; gap: number; share: number };

const gap = fc.integer({ min: 0, max: 40 });
const share = fc.integer({ min: 1, max: 130 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('pay' as const), gap, share }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('accrue' as const), gap }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('waive' as const), gap, share }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('dispute' as const), gap }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('defer' as const),
      gap,
      days: fc.integer({ min: 7, max: 60 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('return' as const), gap, share }) },
);

/** One step of a history on `date`; a step the loan cannot take (its state, its amounts) leaves it as it was. */
function apply(loan: Loan, s: Step, date: string): Loan {
  try {
    const firstBill = loan.plan.instalments[0]?.total ?? 0;
    switch (s.kind) {
      case 'pay':
        return allocatePayment(loan, { date, amount: rupiah(Math.floor((firstBill * s.share) / 100)) }).loan;
      case 'accrue':
        return accrueTo(loan, date);
      case 'waive':
        return waiveLateFees(loan, date);
      case 'dispute':
        return loan.disputedSince ? closeDispute(loan, date) : openDispute(loan, date);
      case 'defer':
        return deferDueDates(loan, date, s.days);
      case 'return':
        return refundPurchase(loan, rupiah(Math.max(1, Math.floor((loan.principal * s.share) / 400))), date);
    }
  } catch (error) {
    if (error instanceof Error && /Loan|Transition/.test(error.name)) return loan;
    throw error;
  }
}

/**
 * A loan disbursed `back` days before `date` and a history after it, its steps stopping short of `date` (journal
 * emptied: the ledger has it). Some start on `date` itself (not due yet: left alone), some long before it with no
 * step since (one accrual over many bills, up to the late-fee ceiling).
 */
const historyArb = (date: string): fc.Arbitrary<Loan> =>
  fc
    .oneof(
      {
        weight: 5,
        arbitrary: fc.record({
          offer: fc.oneof(offerArb({ cheap: true }), offerArb()),
          back: fc.oneof(
            { weight: 1, arbitrary: fc.constant(0) },
            { weight: 4, arbitrary: fc.integer({ min: 1, max: 90 }) },
            { weight: 3, arbitrary: fc.integer({ min: 1, max: 500 }) },
          ),
          steps: fc.array(step, { maxLength: 6 }),
          nightly: fc.boolean(),
          nearCeiling: fc.constant(false),
        }),
      },
      {
        // Unpaid for a year or two at the rates allowed before today's caps: the ceiling stops the late fees.
        weight: 1,
        arbitrary: fc.record({
          offer: offerArb(),
          back: fc.integer({ min: 200, max: 700 }),
          steps: fc.constant<Step[]>([]),
          nightly: fc.constant(false),
          // Brought to the day before its fees reach the ceiling: the one step left reaches it.
          nearCeiling: fc.constant(true),
        }),
      },
    )
    .map(({ offer, back, steps, nightly, nearCeiling }) => {
      let day = addDays(date, -back);
      let loan = disbursedLoanOf({ ...offer, startDate: day });
      for (const s of steps) {
        day = addDays(day, s.gap);
        if (compareDates(day, date) > 0) break;
        loan = apply(loan, s, day);
      }
      // Half are brought to the night before, as the nightly job leaves them: the step is a day (a longer one in which a
      // bill falls due while another is late is left to the engine).
      const eve = addDays(date, -1);
      if (nightly && isRepaying(loan) && compareDates(loan.asOf, eve) < 0)
        loan = apply(loan, { kind: 'accrue', gap: 0 }, eve);
      if (nearCeiling) loan = underCeiling(loan, date);
      return { ...loan, journal: [] };
    });

/** `loan` accrued to the last day before `date` on which its late fees are under its ceiling (as it is when they are on `date`). */
function underCeiling(loan: Loan, date: string): Loan {
  const capped = (day: string) => lateFees(accrueTo(loan, day)) >= loan.lateFeeCeiling;
  if (!capped(date)) return loan;
  let under = loan.asOf;
  let over = date;
  while (daysBetween(under, over) > 1) {
    const mid = addDays(under, Math.floor(daysBetween(under, over) / 2));
    if (capped(mid)) over = mid;
    else under = mid;
  }
  return accrueTo(loan, under);
}

const bookArb = fc.integer({ min: 0, max: 365 }).chain((offset) => {
  const date = addDays(FIRST_START, offset);
  return fc.record({
    date: fc.constant(date),
    loans: fc.array(historyArb(date), { minLength: 1, maxLength: 30 }),
    // Loans whose next accrual day is not stored (an account saved by an older version): left to the engine's pass.
    unindexed: fc.array(
      fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      { minLength: 30, maxLength: 30 },
    ),
  });
});

/**
 * Where `actual` first differs from `expected` (a path and both values), or null; a property over whole books failed
 * in minutes when the runner diffed two large accounts.
 */
function firstDifference(actual: unknown, expected: unknown, path = '$'): string | null {
  if (Object.is(actual, expected)) return null;
  if (typeof actual !== 'object' || typeof expected !== 'object' || actual === null || expected === null)
    return `${path}: ${String(actual)} instead of ${String(expected)}`;
  const keys = new Set([...Object.keys(actual), ...Object.keys(expected)]);
  for (const key of keys) {
    const a = (actual as Record<string, unknown>)[key];
    const e = (expected as Record<string, unknown>)[key];
    // An absent property and an undefined one are the same account (the JSON drops undefined).
    if (a === undefined && e === undefined) continue;
    const found = firstDifference(a, e, `${path}.${key}`);
    if (found) return found;
  }
  return null;
}

const lateFees = (loan: Loan) => loan.instalments.reduce((a, i) => a + i.due.lateFee, 0);

/** Counts which of the statement's rules the engine applied to an accrued loan. */
function count(seen: Record<string, number>, before: Loan, after: Loan): void {
  seen.accrued! += 1;
  // The loan's one rounding left a rupiah over for a bill: its share is more than its own fee rounded down.
  const gathering = before.instalments.filter(
    (i) =>
      i.state !== 'paid' &&
      i.state !== 'written-off' &&
      i.dueDate < after.asOf &&
      i.lateFeeThrough < after.asOf,
  );
  const alone = gathering.map((i) => dailyLateFees(before, [i])[0]!);
  if (!before.disputedSince && dailyLateFees(before, gathering).some((d, k) => d > alone[k]!))
    seen.sharedRounding! += 1;
  if (lateFees(after) > lateFees(before)) seen.lateFee! += 1;
  if (lateFees(after) > lateFees(before) && lateFees(after) === after.lateFeeCeiling) seen.ceiling! += 1;
  const merged = after.instalments.some((i, k) => {
    const was = before.instalments[k]?.lateFeeRuns ?? [];
    const runs = i.lateFeeRuns ?? [];
    return was.length > 0 && runs.length === was.length && runs.at(-1)!.through !== was.at(-1)!.through;
  });
  if (merged) seen.merged! += 1;
  if (before.disputedSince) seen.disputed! += 1;
  if (before.instalments.some((i) => i.returnedUse)) seen.returned! += 1;
}

interface StoredLine {
  loan_id: string;
  business_date: string;
  movement: string;
  source: string;
  line: number;
  account: string;
  side: string;
  amount: string | number;
}

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.destroy();
});

const isoDate = (value: unknown) =>
  value === null ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value);

describe('the set-based nightly accrual', () => {
  it('moves every account, bill, next accrual day and ledger line exactly as the engine does', async () => {
    const seen = {
      accrued: 0,
      lateFee: 0,
      ceiling: 0,
      merged: 0,
      disputed: 0,
      returned: 0,
      sharedRounding: 0,
      left: 0,
    };
    /** How often the books drawn must have reached each rule: more than this. */
    const least = (what: string) => (what === 'accrued' ? 50 : 4);
    const reached = () => Object.entries(seen).every(([what, n]) => n > least(what));
    // Rounds of 50 random books until the books drawn reach every rule (one round nearly always does; a round with
    // only two disputed loans failed a clean-clone run, 2026-12-03), at most four.
    for (let round = 0; round < 4 && !reached(); round++)
      await fc.assert(
        fc.asyncProperty(bookArb, async ({ date, loans, unindexed }) => {
          const database = db.database;
          await seedLoanBook(database, loans.length, loans, 'g - 1');
          const cleared = loans.flatMap((_, k) => (unindexed[k] ? [`l${k + 1}`] : []));
          if (cleared.length > 0)
            await database.query('update loans set next_accrual_on = null where id = any($1::text[])', [
              cleared,
            ]);

          const expected = loans.map((loan, k) => {
            const next = nextAccrualDate(loan);
            const due =
              isRepaying(loan) &&
              loan.credit === 0 &&
              !unindexed[k] &&
              next !== null &&
              compareDates(next, date) <= 0;
            // A step in which late bills start gathering fees on different days is the engine's: left as it was.
            if (due && lateFeeSteps(loan, date).length > 0) return { due: false, left: true, after: loan };
            return { due, left: false, after: due ? accrueTo(loan, date) : loan };
          });
          const dueCount = expected.filter((e) => e.due).length;
          for (const [k, { due, after }] of expected.entries()) if (due) count(seen, loans[k]!, after);
          seen.left += expected.filter((e) => e.left).length;

          const batch = await database.db.transaction((tx) => accrueInSql(tx, date, 1000, NOW));
          expect(batch.loans).toBe(dueCount);
          expect(batch.left.sort()).toEqual(expected.flatMap((e, k) => (e.left ? [`l${k + 1}`] : [])).sort());

          const rows = await database.db
            .select({
              id: loanTable.id,
              state: loanTable.state,
              account: storedAccountSql,
              accrued_through: loanTable.accruedThrough,
              next_accrual_on: loanTable.nextAccrualOn,
              held_credit: loanTable.heldCredit,
            })
            .from(loanTable);
          const bills = rowsOf<{ loan_id: string; number: number; late_fee: string | number; state: string }>(
            await database.query('select loan_id, number, late_fee, state from loan_bills'),
          );
          const lines = rowsOf<StoredLine>(
            await database.query(`select l.loan_id, e.business_date::text, e.movement, e.source, l.line, l.account,
            l.side, l.amount from ledger_lines l join ledger_entries e on e.id = l.entry_id`),
          );
          for (const [k, { due, after }] of expected.entries()) {
            const id = `l${k + 1}`;
            const row = rows.find((r) => r.id === id)!;
            const { journal, ...account } = after;
            expect(firstDifference(decodeLoanAccount(row.account), account), id).toBeNull();
            expect(row.state).toBe(after.state);
            expect(Number(row.held_credit)).toBe(after.credit);
            expect(isoDate(row.accrued_through)).toBe(after.asOf);
            expect(isoDate(row.next_accrual_on)).toBe(
              due ? nextAccrualDate(after) : unindexed[k] ? null : nextAccrualDate(after),
            );
            expect(
              bills
                .filter((b) => b.loan_id === id)
                .sort((a, b) => a.number - b.number)
                .map((b) => [b.number, Number(b.late_fee), b.state]),
              id,
            ).toEqual(after.instalments.map((i) => [i.number, i.due.lateFee, i.state]));
            const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
            expect(
              lines
                .filter((l) => l.loan_id === id)
                .map((l) => [
                  l.business_date,
                  l.movement,
                  l.source,
                  l.line,
                  l.account,
                  l.side,
                  Number(l.amount),
                ])
                .sort((a, b) => byKey(JSON.stringify(a), JSON.stringify(b))),
              id,
            ).toEqual(
              journal
                .flatMap((e) =>
                  e.lines.map((l, n) => [
                    e.date,
                    e.movement,
                    `accrual:${date}`,
                    n + 1,
                    l.account,
                    l.side,
                    l.amount,
                  ]),
                )
                .sort((a, b) => byKey(JSON.stringify(a), JSON.stringify(b))),
            );
          }
        }),
        // No shrinking: each step is a book seeded and accrued again, and firstDifference already names the field.
        { numRuns: 50, endOnFailure: true },
      );
    // The books drawn must reach every rule of the statement, not only the loans it leaves alone.
    for (const [what, n] of Object.entries(seen)) expect(n, what).toBeGreaterThan(least(what));
  }, 300_000);
});
