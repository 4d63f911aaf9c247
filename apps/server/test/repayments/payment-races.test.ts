import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { PAYMENT_CHANNELS } from '@kaskita/domain/payments/channels';
import { checkLedger, ledgerProblems } from '../../src/cli/ledger-check-command.ts';
import { payments } from '../../src/modules/repayments/repayments-schema.ts';
import { call, signIn, useTestApp } from '../helpers/test-app.ts';
import { bills, codeFor, paidXendit, repayingBorrower, xenditCallback } from './repayment-helpers.ts';

// Run on PGlite in `npm test` (one connection: the races serialise) and on PostgreSQL in CI's second pass, where the
// requests really overlap and only the row locks keep the books exact.
const t = useTestApp();

afterAll(async () => {
  const report = await checkLedger(t.database.db);
  expect(ledgerProblems(report), JSON.stringify(report)).toBe(0);
});

const callback = (externalId: string, amount: number, paymentId: string) =>
  xenditCallback(t.app, paidXendit(externalId, amount, t.clock.now(), paymentId));

const paidOnLoan = async (token: string) =>
  (await bills(t.app, token)).body.data.bills.reduce((n, b) => n + b.paid, 0);

describe('payments under concurrency', () => {
  it('applies nine parallel payments into nine codes of one loan, every rupiah once', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const codes = [];
    for (const channel of PAYMENT_CHANNELS) codes.push(await codeFor(t.app, b, 'instalment', channel.id));
    const answers = await Promise.all(
      codes.map((c, k) => callback(c.code_id, 100_000, `race-${b.loanId}-${k}`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(codes.map(() => 200));
    const rows = await t.database.db.select().from(payments).where(eq(payments.loanId, b.loanId));
    expect(rows.filter((r) => r.status === 'applied')).toHaveLength(codes.length);
    const view = (await bills(t.app, b.token)).body.data;
    // Every payment is on the bills or held as credit: nothing lost to a lost update.
    expect((await paidOnLoan(b.token)) + view.loan!.credit).toBe(100_000 * codes.length);
  });

  it('applies one payment once however many times the gateway sends it at the same moment', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const code = await codeFor(t.app, b);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => callback(code.code_id, code.amount, `dup-${code.code_id}`)),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const rows = await t.database.db.select().from(payments).where(eq(payments.paymentCodeId, code.code_id));
    expect(rows).toHaveLength(1);
    expect(await paidOnLoan(b.token)).toBe(code.amount);
  });

  it('keeps the books exact when payments race the daily accrual and new repay requests', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const codes = [];
    for (const channel of PAYMENT_CHANNELS.slice(0, 4))
      codes.push(await codeFor(t.app, b, 'instalment', channel.id));
    const amount = codes[0]!.amount;
    const [clock, ...rest] = await Promise.all([
      call(t.app, { method: 'POST', url: '/api/dev/clock', payload: { days: 2 } }),
      ...codes.map((c, k) => callback(c.code_id, 150_000, `accrual-race-${b.loanId}-${k}`)),
      call(t.app, {
        method: 'POST',
        url: '/api/v1/order/repay',
        token: b.token,
        payload: {
          loan_plan: b.loanId,
          repayment_type: 'instalment',
          repayment_total_amount: amount,
          channel_id: 'STORE_INDOMARET',
        },
      }),
    ]);
    expect(clock.body.code).toBe(200);
    // Two days on: the access token has lapsed (the web app would refresh it).
    b.token = (await signIn(t.app, b.phone)).token;
    expect(rest.slice(0, codes.length).map((r) => (r as { statusCode: number }).statusCode)).toEqual(
      codes.map(() => 200),
    );
    const view = (await bills(t.app, b.token)).body.data;
    expect((await paidOnLoan(b.token)) + view.loan!.credit).toBe(150_000 * codes.length);
  });
});
