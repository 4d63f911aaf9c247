// Issue 21, items 1-4, through the API: a payment made on time but reported after the nightly accrual, a settlement
// code paid just before and just after midnight, credit held when a bill falls due, and a remainder below every
// channel's minimum. Real signed callbacks, the accrual job and the test clock; the ledger check runs after all.
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { SMALLEST_PAYMENT } from '@kaskita/domain/payments/channels';
import { daysBetween } from '@kaskita/domain/pricing/business-date';
import { checkLedger, ledgerProblems } from '../../src/cli/ledger-check-command.ts';
import { ledgerEntries } from '../../src/modules/ledger/ledger-schema.ts';
import { payments } from '../../src/modules/repayments/repayments-schema.ts';
import { DAILY_ACCRUAL } from '../../src/modules/repayments/daily-accrual-service.ts';
import { call, signIn, useTestApp } from '../helpers/test-app.ts';
import { refundsOf } from '../refunds/refund-helpers.ts';
import {
  bills,
  codeFor,
  paidXendit,
  payCode,
  repayingBorrower,
  xenditCallback,
} from './repayment-helpers.ts';

const t = useTestApp();

afterAll(async () => {
  const report = await checkLedger(t.database.db);
  expect(ledgerProblems(report), JSON.stringify(report.problems)).toBe(0);
});

const HOUR = 3600;
/** Days on the dev clock, the nightly accrual run for each. */
const advanceDays = (days: number) =>
  call(t.app, { method: 'POST', url: '/api/dev/clock', payload: { days } });
/** The wall clock to `hh:mm` WIB of the current business day (forward only), without running any job. */
function toJakartaTime(hh: number, mm: number): void {
  const now = t.clock.now();
  const jakarta = new Date(now.getTime() + 7 * HOUR * 1000);
  const target = Date.UTC(jakarta.getUTCFullYear(), jakarta.getUTCMonth(), jakarta.getUTCDate(), hh, mm);
  const seconds = (target - jakarta.getTime()) / 1000;
  expect(seconds).toBeGreaterThanOrEqual(0);
  t.clock.advance(seconds);
}
/** Past midnight to 00:05 WIB, where the nightly accrual runs. */
async function nightlyAccrual(): Promise<void> {
  toJakartaTime(23, 59);
  t.clock.advance(6 * 60);
  await t.app.jobs.trigger(DAILY_ACCRUAL);
  await t.app.jobs.whenIdle();
}
async function reportedNow(codeId: string, amount: number, paidAt: Date) {
  const res = await xenditCallback(t.app, paidXendit(codeId, amount, paidAt));
  expect(res.statusCode).toBe(200);
  await t.app.jobs.whenIdle();
}
async function paymentOf(codeId: string) {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.paymentCodeId, codeId));
  return row!;
}
async function entriesOf(loanId: string, movement: string) {
  return t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.loanId, loanId), eq(ledgerEntries.movement, movement)));
}

describe('1. paid on time is on time', () => {
  it('a bill paid at 23:59 on its due date, reported after the 00:05 accrual, carries no late fee', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const first = (await bills(t.app, b.token)).body.data;
    const due = first.bills[0]!.due_date;
    await advanceDays(daysBetween(first.business_date, due));
    const token = (await signIn(t.app, b.phone)).token;
    const code = await codeFor(t.app, { token, loanId: b.loanId });
    expect(code.amount).toBe(first.bills[0]!.total);

    toJakartaTime(23, 59);
    const paidAt = t.clock.now();
    await nightlyAccrual();
    // Sessions are short: the borrower signs in again after the night.
    const again = (await signIn(t.app, b.phone)).token;
    const charged = (await bills(t.app, again)).body.data;
    expect(charged.bills[0]!.state).toBe('overdue');
    expect(charged.bills[0]!.late_fee).toBeGreaterThan(0);

    t.clock.advance(5 * 60);
    await reportedNow(code.code_id, code.amount, paidAt);
    const after = (await bills(t.app, again)).body.data;
    expect(after.bills[0]).toMatchObject({ state: 'paid', late_fee: 0, outstanding: 0, days_late: 0 });
    expect(after.loan!.state).toBe('active');
    expect(after.loan!.credit).toBe(0);
    // The borrower is told nothing else is owed on bill 1; the rest is bills 2 and 3 as scheduled.
    const paid = await paymentOf(code.code_id);
    expect(paid.status).toBe('applied');
    expect(paid.billsPaid).toEqual([1]);
    expect(paid.remaining).toBe(first.bills[1]!.total + first.bills[2]!.total);
    const [reversal] = await entriesOf(b.loanId, 'accrual-reversal');
    expect(reversal?.businessDate).toBe(due);
  });
});

describe('2. a settlement code keeps its promise until it expires', () => {
  it('quoted at 23:50 on a due date, paid at 23:59 or at 00:01: either way the loan is paid off, nothing held', async () => {
    const early = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const late = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const view = (await bills(t.app, early.token)).body.data;
    await advanceDays(daysBetween(view.business_date, view.bills[0]!.due_date));
    toJakartaTime(23, 50);
    const tokens = {
      early: (await signIn(t.app, early.phone)).token,
      late: (await signIn(t.app, late.phone)).token,
    };
    const codes = {
      early: await codeFor(t.app, { token: tokens.early, loanId: early.loanId }, 'settlement'),
      late: await codeFor(t.app, { token: tokens.late, loanId: late.loanId }, 'settlement'),
    };
    // The code says how long its amount holds.
    expect(Date.parse(codes.late.expires_at) - t.clock.now().getTime()).toBe(24 * HOUR * 1000);

    toJakartaTime(23, 59);
    const at2359 = t.clock.now();
    t.clock.advance(2 * 60);
    const at0001 = t.clock.now();
    await t.app.jobs.trigger(DAILY_ACCRUAL);
    await t.app.jobs.whenIdle();
    t.clock.advance(10 * 60);
    await reportedNow(codes.early.code_id, codes.early.amount, at2359);
    await reportedNow(codes.late.code_id, codes.late.amount, at0001);

    for (const who of ['early', 'late'] as const) {
      const token = tokens[who];
      const paid = await paymentOf(codes[who].code_id);
      expect(paid.status, who).toBe('applied');
      expect(paid.remaining, who).toBe(0);
      expect(paid.creditAdded, who).toBe(0);
      const loans = await call<{ list: Array<{ order_id: string; state: string }> }>(t.app, {
        method: 'GET',
        url: '/api/v1/order/loan_records',
        token,
      });
      expect(
        loans.body.data.list.find((l) => l.order_id === (who === 'early' ? early : late).loanId)?.state,
      ).toBe('paid-off');
    }
    // Nothing held, so nothing to refund.
    expect((await refundsOf(t.app, tokens.late)).body.data.list).toEqual([]);
  });
});

describe('3. credit held is spent before anything is late', () => {
  it('an overpayment of a whole bill pays bill 2 on its due date: ten days later no late fee, nothing held', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const view = (await bills(t.app, b.token)).body.data;
    const code = await codeFor(t.app, b);
    await payCode(t.app, code.code_id, code.amount + view.bills[1]!.total);
    const held = (await bills(t.app, b.token)).body.data;
    expect(held.loan!.credit).toBe(view.bills[1]!.total);
    expect(held.bills[1]!.paid).toBe(0);

    await advanceDays(daysBetween(view.business_date, view.bills[1]!.due_date) + 10);
    const token = (await signIn(t.app, b.phone)).token;
    const after = (await bills(t.app, token)).body.data;
    expect(after.bills[1]).toMatchObject({ state: 'paid', late_fee: 0, outstanding: 0 });
    expect(after.loan!.state).toBe('active');
    expect(after.loan!.credit).toBe(0);
    const spent = (await entriesOf(b.loanId, 'repayment')).filter((e) =>
      e.memo?.startsWith('held credit applied on the due date'),
    );
    expect(spent.map((e) => e.memo)).toEqual([
      `held credit applied on the due date ${view.bills[1]!.due_date}`,
    ]);
  });
});

describe('4. there is always a way to finish', () => {
  it('a settlement Rp500 short leaves Rp500: offered at the smallest payment, by QRIS, paid, the loan closes and the excess is refunded', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const code = await codeFor(t.app, b, 'settlement');
    await payCode(t.app, code.code_id, code.amount - 500);
    const view = (await bills(t.app, b.token)).body.data;
    expect(view.loan!.state).toBe('active');
    expect(view.options!.settlement).toMatchObject({
      amount: SMALLEST_PAYMENT,
      excess: SMALLEST_PAYMENT - 500,
    });

    // QRIS takes the amount offered; a virtual account (Rp 10.000 at least) says why it does not.
    const methods = await call<{
      amount: number;
      channels: Array<{ channel_id: string; available: boolean; reason: string | null }>;
    }>(t.app, {
      method: 'GET',
      url: '/api/v1/order/repay_method?repayment_type=settlement',
      token: b.token,
    });
    expect(methods.body.code, JSON.stringify(methods.body)).toBe(200);
    expect(methods.body.data.amount).toBe(SMALLEST_PAYMENT);
    const channels = new Map(methods.body.data.channels.map((c) => [c.channel_id, c]));
    expect(channels.get('QRIS')).toMatchObject({ available: true });
    expect(channels.get('VA_BCA')).toMatchObject({ available: false, reason: 'below_min' });

    const rest = await codeFor(t.app, b, 'settlement', 'QRIS');
    expect(rest.amount).toBe(SMALLEST_PAYMENT);
    await payCode(t.app, rest.code_id);
    const paid = await paymentOf(rest.code_id);
    expect(paid.remaining).toBe(0);
    expect(paid.creditAdded).toBe(SMALLEST_PAYMENT - 500);
    const refunds = (await refundsOf(t.app, b.token)).body.data.list;
    expect(refunds.map((r) => [r.order_id, r.amount])).toEqual([[b.loanId, SMALLEST_PAYMENT - 500]]);
  });
});
