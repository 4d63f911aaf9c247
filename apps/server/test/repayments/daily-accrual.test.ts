import { and, eq, getTableColumns, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { accrueTo, lateFeeSteps, nextAccrualDate } from '@kaskita/domain/lifecycle/accrual';
import { addDays, businessDateAt, daysBetween } from '@kaskita/domain/pricing/business-date';
import { checkLedger, ledgerProblems } from '../../src/cli/ledger-check-command.ts';
import { ledgerEntries } from '../../src/modules/ledger/ledger-schema.ts';
import { loans } from '../../src/modules/loans/loan-orders-schema.ts';
import { decodeLoanAccount, storedAccountSql } from '../../src/modules/loans/stored-loan-account.ts';
import { DAILY_ACCRUAL } from '../../src/modules/repayments/daily-accrual-service.ts';
import { call, signIn, useTestApp, userStatus } from '../helpers/test-app.ts';
import { bills, codeFor, payCode, repayingBorrower } from './repayment-helpers.ts';

const t = useTestApp();

afterAll(async () => {
  const report = await checkLedger(t.database.db);
  expect(report.loansChecked).toBeGreaterThan(0);
  expect(ledgerProblems(report), JSON.stringify(report)).toBe(0);
});

type Advanced = {
  business_date: string;
  days: Array<{ date: string; loans: number; became_overdue: number }>;
};
const advance = (days: number) =>
  call<Advanced>(t.app, { method: 'POST', url: '/api/dev/clock', payload: { days } });

const available = async (token: string) =>
  (
    await call<{ limit_amount: number; available_amount: number }>(t.app, {
      method: 'GET',
      url: '/api/v1/limit_amount',
      token,
    })
  ).body.data;

describe('the daily accrual and the dev clock', () => {
  it('takes a loan past its due date: the bill goes overdue with a late fee for each day late', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const before = (await bills(t.app, b.token)).body.data;
    const due = before.bills[0]!.due_date;
    expect((await available(b.token)).available_amount).toBeGreaterThan(0);
    const moved = await advance(35);
    expect(moved.body.code).toBe(200);
    expect(moved.body.data.days).toHaveLength(35);
    expect(moved.body.data.days.reduce((n, d) => n + d.became_overdue, 0)).toBeGreaterThanOrEqual(1);
    const token = (await signIn(t.app, b.phone)).token;
    const after = (await bills(t.app, token)).body.data;
    const first = after.bills[0]!;
    expect(first.state).toBe('overdue');
    expect(after.business_date > due).toBe(true);
    expect(first.days_late).toBeGreaterThan(0);
    expect(first.late_fee).toBeGreaterThan(0);
    expect(after.loan!.state).toBe('overdue');
    expect(after.nearest?.number).toBe(1);
    expect(after.options!.due!.amount).toBe(first.outstanding);
    // Overdue is still repaying for the home's routing (spec bill_status 2): the pay-back page shows the late bill.
    const status = await userStatus(t.app, token);
    expect((status.body.data as { loan_status: { bill_status: number } }).loan_status.bill_status).toBe(2);
    // Behind on the loan, nothing is offered: the home must not show an amount it would refuse.
    const overdueLimit = await available(token);
    expect(overdueLimit.limit_amount).toBeGreaterThan(0);
    expect(overdueLimit.available_amount).toBe(0);

    // Paying everything due cures the loan.
    const code = await codeFor(t.app, { token, loanId: b.loanId }, 'due');
    await payCode(t.app, code.code_id);
    const cured = (await bills(t.app, token)).body.data;
    expect(cured.bills[0]!.state).toBe('paid');
    expect(cured.loan!.state).toBe('active');
    expect((await available(token)).available_amount).toBeGreaterThan(0);
  });

  it('runs once per date: the job again for the same day changes nothing', async () => {
    await repayingBorrower(t.app, t.database.db, t.clock.now());
    await advance(3);
    const entries = () => t.database.db.$count(ledgerEntries);
    const first = await entries();
    await t.app.jobs.trigger(DAILY_ACCRUAL);
    await t.app.jobs.whenIdle();
    expect(await entries()).toBe(first);
  });

  it("writes the night's ledger entries under time-ordered ids (UUID version 7), which append to the ledger's keys", async () => {
    const startedMs = Date.now();
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    await advance(35);
    // This loan's: the earlier tests' nights wrote theirs before this one started.
    const nightly = await t.database.db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.loanId, b.loanId), like(ledgerEntries.source, 'accrual:%')));
    expect(nightly.length).toBeGreaterThan(0);
    for (const { id } of nightly) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      // The database's own time when written (clock_timestamp()), not the business date the dev clock moved.
      const writtenMs = parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
      expect(writtenMs).toBeGreaterThanOrEqual(startedMs - 1000);
      expect(writtenMs).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  it('reads a current loan only on the nights it has something to write, and its amounts never depend on the others', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const row = async () =>
      (
        await t.database.db
          .select({ ...getTableColumns(loans), account: storedAccountSql })
          .from(loans)
          .where(eq(loans.id, b.loanId))
      )[0]!;
    const disbursed = await row();
    const next = disbursed.nextAccrualOn!;
    // Stored with the account: the engine's next accrual day (the first of next month or the day after the first bill).
    expect(next).toBe(nextAccrualDate({ ...decodeLoanAccount(disbursed.account), journal: [] }));
    const skipped = daysBetween(disbursed.accruedThrough!, next) - 1;
    expect(skipped).toBeGreaterThan(0);
    const before = (await bills(t.app, b.token)).body.data;
    const quiet = await advance(skipped);
    // Other borrowers' loans may be read; this one is not touched on its quiet nights.
    expect(quiet.body.data.days.map((d) => d.date)).toContain(addDays(next, -1));
    expect((await row()).accruedThrough).toBe(disbursed.accruedThrough);
    // Its bills as the borrower sees them (accrued in memory to today) are what nightly runs would have made them.
    const token = (await signIn(t.app, b.phone)).token;
    const later = (await bills(t.app, token)).body.data;
    expect(later.bills.map(({ state, late_fee }) => ({ state, late_fee }))).toEqual(
      before.bills.map(({ state, late_fee }) => ({ state, late_fee })),
    );
    await advance(1);
    const read = await row();
    expect(read.accruedThrough).toBe(next);
    expect(read.nextAccrualOn! > next).toBe(true);
  });

  it('after missed nights, charges each day the fee on the bills late that day: a bill fell due while another was late', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const account = async () => {
      const [row] = await t.database.db
        .select({ account: storedAccountSql, accruedThrough: loans.accruedThrough })
        .from(loans)
        .where(eq(loans.id, b.loanId));
      return { ...row!, loan: { ...decodeLoanAccount(row!.account), journal: [] } };
    };
    await advance(35);
    const before = await account();
    expect(before.loan.instalments[0]!.state).toBe('overdue');
    // Thirty-five nights pass without the job: the second bill falls due in them, the first still late.
    t.clock.advance(35 * 86_400);
    const today = businessDateAt(t.clock.now());
    expect(before.loan.instalments[1]!.dueDate < today).toBe(true);
    expect(lateFeeSteps(before.loan, today)).toHaveLength(1);
    await t.app.jobs.trigger(DAILY_ACCRUAL);
    await t.app.jobs.whenIdle();
    const after = await account();
    expect(after.accruedThrough).toBe(today);
    const expected = accrueTo(before.loan, today);
    expect(after.loan.instalments.map((i) => [i.state, i.due.lateFee, i.lateFeeRuns])).toEqual(
      expected.instalments.map((i) => [i.state, i.due.lateFee, i.lateFeeRuns]),
    );
    expect(after.loan.instalments[1]!.due.lateFee).toBeGreaterThan(0);
  });

  it('reads a loan whose next accrual day was never written (an account saved by an older version)', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    await t.database.db.update(loans).set({ nextAccrualOn: null }).where(eq(loans.id, b.loanId));
    await advance(1);
    const [row] = await t.database.db.select().from(loans).where(eq(loans.id, b.loanId));
    expect(row!.nextAccrualOn).not.toBeNull();
    expect(row!.accruedThrough).toBe(businessDateAt(t.clock.now()));
  });

  it('stops late fees at the ceiling: charges and late fees never pass the principal', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    await advance(400);
    const token = (await signIn(t.app, b.phone)).token;
    const view = (await bills(t.app, token)).body.data;
    const charges = view.bills.reduce((n, bill) => n + bill.interest + bill.fee + bill.late_fee, 0);
    expect(view.bills.every((bill) => bill.state === 'overdue')).toBe(true);
    expect(charges).toBeLessThanOrEqual(view.loan!.amount);
  });
});
