import { createHmac } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysOfUse } from '@kaskita/domain/lifecycle/days-of-use';
import type { Loan } from '@kaskita/domain/lifecycle/loan-account';
import { normalisePhone } from '@kaskita/domain/validation/phone';
import { checkLedger, ledgerProblems } from '../../src/cli/ledger-check-command.ts';
import { auditLog } from '../../src/commands/audit-schema.ts';
import { commerceOrders, commerceRefunds } from '../../src/modules/commerce/commerce-schema.ts';
import { ledgerEntries } from '../../src/modules/ledger/ledger-schema.ts';
import { loanBills, loans } from '../../src/modules/loans/loan-orders-schema.ts';
import { decodeLoanAccount, storedAccountSql } from '../../src/modules/loans/stored-loan-account.ts';
import { refunds } from '../../src/modules/refunds/refunds-schema.ts';
import { smsOutbox } from '../../src/providers/sms/dev-outbox-schema.ts';
import { signIn, useTestApp } from '../helpers/test-app.ts';
import { approvedBorrower } from '../loans/loan-helpers.ts';
import { bills, codeFor, payCode, paidXendit, xenditCallback } from '../repayments/repayment-helpers.ts';
import {
  buy,
  createOrder,
  checkout,
  fakeMerchant,
  merchantCall,
  merchantsSetting,
  setPin,
  SHOP,
  type FakeMerchant,
} from './commerce-helpers.ts';

/**
 * The merchant refunds a paid pay-later order (issue 26): the loan's principal falls by the refund, its charges follow
 * per day of use (lifecycle/merchant-refund.ts), the ledger records it, the borrower is told, the merchant gets a
 * signed webhook, and what the borrower paid beyond the new total goes back through the refund payout.
 */
const envSource: Record<string, string> = {};
let merchant: FakeMerchant;
beforeAll(async () => {
  merchant = await fakeMerchant();
  const other = {
    app_id: 'other-shop',
    name: 'Other Shop',
    secret: 'other-shop-secret-0123456789abcdef0123456789ab',
  };
  envSource.COMMERCE_MERCHANTS = JSON.stringify([
    ...(JSON.parse(merchantsSetting(`${merchant.url}/webhook`)) as object[]),
    { ...other, return_urls: ['https://other.example/return'], webhook_url: null },
  ]);
});
afterAll(async () => merchant?.close());
const t = useTestApp({ envSource });
const onPostgres = Boolean(process.env.DATABASE_URL);
const PG_ONLY = 'PostgreSQL only: PGlite runs one query at a time';
const PIN = '135790';
const DAY = 86_400;

afterAll(async () => {
  const report = await checkLedger(t.database.db);
  expect(ledgerProblems(report), JSON.stringify(report.problems)).toBe(0);
});

interface RefundAnswer {
  refund_id: string;
  amount: number;
  refunded_amount: number;
  refundable_amount: number;
  status: string;
}

const refund = (body: Record<string, unknown>, options: Parameters<typeof merchantCall>[4] = {}) =>
  merchantCall<RefundAnswer>(t.app, '/refund', body, t.clock.now(), options);

/** A borrower who bought order `id` (Rp3.000.000) on 3 monthly instalments. */
async function purchase(id: string) {
  const b = await approvedBorrower(t.app, t.database.db, t.clock.now());
  expect((await setPin(t.app, t.clock, b.token, b.phone, PIN)).body.code).toBe(200);
  const order = await createOrder(t.app, t.clock.now(), id);
  const bought = await buy(t.app, b.token, {
    sign_key: order.sign_key,
    product_id: 'pay-later.month-3-3',
    pay_pin: PIN,
  });
  expect(bought.body.code, JSON.stringify(bought.body)).toBe(200);
  return { ...b, order, loanId: bought.body.data.loan_id };
}

async function accountOf(loanId: string): Promise<Loan> {
  const [row] = await t.database.db
    .select({ account: storedAccountSql })
    .from(loans)
    .where(eq(loans.id, loanId));
  return { ...decodeLoanAccount(row!.account), journal: [] };
}

async function expectBooksAgree() {
  const report = await checkLedger(t.database.db);
  expect(report.problems).toEqual([]);
}

async function smsTo(phone: string) {
  await t.app.jobs.whenIdle();
  return t.database.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.toPhone, normalisePhone(phone) ?? phone));
}

describe('a merchant refund of part of a purchase', () => {
  let b: Awaited<ReturnType<typeof purchase>>;
  beforeAll(async () => {
    b = await purchase('RF-1');
  }, 60_000);

  it('takes the refund off the principal; the charges follow per day of use; the books agree', async () => {
    const before = await accountOf(b.loanId);
    t.clock.advance(10 * DAY);
    const res = await refund({
      merchant_order_id: 'RF-1',
      refund_id: 'R-1',
      amount: 1_000_000,
      reason: 'one pair returned',
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      refund_id: 'R-1',
      amount: 1_000_000,
      refunded_amount: 1_000_000,
      refundable_amount: 2_000_000,
      status: 'partly_refunded',
    });
    const after = await accountOf(b.loanId);
    const date = after.asOf;
    // Each bill: the kept 2/3 of its planned charges, plus the returned 1/3 for the days it was used.
    for (const [k, i] of after.instalments.entries()) {
      const planned = before.plan.instalments[k]!;
      const used = BigInt(daysOfUse(i, date));
      for (const c of ['interest', 'fee'] as const) {
        const full = BigInt(planned[c]);
        const expected =
          (full * 2_000_000n) / 3_000_000n + (full * 1_000_000n * used) / (3_000_000n * BigInt(i.days));
        expect(BigInt(i.due[c]), `bill ${i.number} ${c}`).toBe(expected);
      }
    }
    expect(after.instalments.reduce((s, i) => s + i.due.principal, 0)).toBe(2_000_000);
    expect(after.state).toBe('active');
    const stored = await t.database.db.select().from(loanBills).where(eq(loanBills.loanId, b.loanId));
    expect(stored.reduce((s, r) => s + r.principal, 0)).toBe(2_000_000);
    await expectBooksAgree();

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, b.loanId), eq(auditLog.command, 'commerce.refund')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorKind: 'provider', actorId: `merchant:${SHOP.app_id}` });
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.source, `command:${audits[0]!.id}`));
    expect(entries.map((e) => e.movement)).toContain('merchant-refund');

    const sms = await smsTo(b.phone);
    expect(sms.some((m) => m.text.includes('Rp 1.000.000') && m.text.includes('Test Shop'))).toBe(true);

    await t.app.jobs.whenIdle();
    const events = merchant.received.filter((r) => r.body.includes('"event":"order.refunded"'));
    expect(events).toHaveLength(1);
    const { headers, body } = events[0]!;
    const signature = createHmac('sha256', SHOP.secret)
      .update(`${String(headers['x-commerce-timestamp'])}.${body}`)
      .digest('hex');
    expect(headers['x-commerce-signature']).toBe(signature);
    const event = JSON.parse(body) as { event_id: string; status: string; refund: { refund_id: string } };
    expect(event).toMatchObject({ status: 'partly_refunded', refund: { refund_id: 'R-1' } });
    expect(event.event_id).toMatch(/^order\.refunded:/);
  });

  it('shows the refund in the merchant status call and the buyer order call', async () => {
    const status = await merchantCall<{ status: string; refunded_amount: number }>(
      t.app,
      '/query',
      { merchant_order_id: 'RF-1' },
      t.clock.now(),
    );
    expect(status.body.data).toMatchObject({ status: 'partly_refunded', refunded_amount: 1_000_000 });
    // Days have passed: a new session, as the app would refresh it.
    const { token } = await signIn(t.app, b.phone);
    const buyer = await checkout(t.app, token, 'order', { sign_key: b.order.sign_key });
    expect(buyer.body.data).toMatchObject({ status: 'partly_refunded', refunded_amount: 1_000_000 });
  });

  it('answers a replay the same, refuses another body under the same refund id', async () => {
    const same = await refund({
      merchant_order_id: 'RF-1',
      refund_id: 'R-1',
      amount: 1_000_000,
      reason: 'one pair returned',
    });
    expect(same.body.code).toBe(200);
    expect(same.body.data.refundable_amount).toBe(2_000_000);
    const other = await refund({ merchant_order_id: 'RF-1', refund_id: 'R-1', amount: 5_000, reason: 'x' });
    expect(other.body.code).toBe(4424);
    const rows = await t.database.db
      .select()
      .from(commerceRefunds)
      .where(eq(commerceRefunds.loanId, b.loanId));
    expect(rows).toHaveLength(1);
  });

  it('refuses more than is still refundable, a forged or stale signature, and another merchant', async () => {
    const over = await refund({
      merchant_order_id: 'RF-1',
      refund_id: 'R-2',
      amount: 2_000_001,
      reason: 'x',
    });
    expect(over.body.code).toBe(4426);
    expect(over.body.data).toMatchObject({ refundable_amount: 2_000_000 });
    const body = { merchant_order_id: 'RF-1', refund_id: 'R-3', amount: 1_000, reason: 'x' };
    expect((await refund(body, { secret: 'not-the-secret-0123456789abcdef0123456789' })).body.code).toBe(
      4410,
    );
    const stale = await merchantCall(t.app, '/refund', body, new Date(t.clock.now().getTime() - 301_000));
    expect(stale.body.code).toBe(4410);
    const foreign = await refund(body, {
      appId: 'other-shop',
      secret: 'other-shop-secret-0123456789abcdef0123456789ab',
    });
    expect(foreign.body.code).toBe(4040);
    const account = await accountOf(b.loanId);
    expect(account.instalments.reduce((s, i) => s + i.due.principal, 0)).toBe(2_000_000);
  });

  it('refuses an unpaid or cancelled order', async () => {
    await createOrder(t.app, t.clock.now(), 'RF-UNPAID');
    const unpaid = await refund({ merchant_order_id: 'RF-UNPAID', refund_id: 'U-1', amount: 1, reason: 'x' });
    expect(unpaid.body.code).toBe(4425);
    expect(
      (await merchantCall(t.app, '/cancel', { merchant_order_id: 'RF-UNPAID' }, t.clock.now())).body.code,
    ).toBe(200);
    const cancelled = await refund({
      merchant_order_id: 'RF-UNPAID',
      refund_id: 'U-2',
      amount: 1,
      reason: 'x',
    });
    expect(cancelled.body.code).toBe(4425);
    const unknown = await refund({ merchant_order_id: 'NO-SUCH', refund_id: 'U-3', amount: 1, reason: 'x' });
    expect(unknown.body.code).toBe(4040);
  });

  it('refunds the rest: the loan ends, nothing owed, the order fully refunded', async () => {
    const res = await refund({
      merchant_order_id: 'RF-1',
      refund_id: 'R-4',
      amount: 2_000_000,
      reason: 'all back',
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'refunded',
      refunded_amount: 3_000_000,
      refundable_amount: 0,
    });
    const account = await accountOf(b.loanId);
    expect(account.state).toBe('paid-off');
    expect(account.credit).toBe(0);
    expect(account.instalments.every((i) => i.due.principal + i.due.interest + i.due.fee === 0)).toBe(true);
    await expectBooksAgree();
    const again = await refund({ merchant_order_id: 'RF-1', refund_id: 'R-5', amount: 1, reason: 'x' });
    expect(again.body.code).toBe(4425);
  });
});

describe('a full refund of an untouched purchase', () => {
  it('ends the loan with nothing owed (settled at zero); the books agree', async () => {
    const b = await purchase('RF-FULL');
    t.clock.advance(3 * DAY);
    const res = await refund({
      merchant_order_id: 'RF-FULL',
      refund_id: 'F-1',
      amount: 3_000_000,
      reason: 'returned',
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('refunded');
    const account = await accountOf(b.loanId);
    expect(account.state).toBe('paid-off');
    expect(account.credit).toBe(0);
    const [row] = await t.database.db
      .select()
      .from(commerceOrders)
      .where(eq(commerceOrders.id, b.order.order_id));
    expect(row).toMatchObject({ status: 'refunded', refundedAmount: 3_000_000 });
    const view = (await bills(t.app, (await signIn(t.app, b.phone)).token)).body.data;
    expect(view.loan?.credit ?? 0).toBe(0);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.loanId, b.loanId))).toEqual([]);
    await expectBooksAgree();
  }, 60_000);
});

describe('a refund after an instalment was paid', () => {
  it('holds what was paid beyond the new total as credit and pays it back through a refund', async () => {
    const b = await purchase('RF-PAID');
    const code = await codeFor(t.app, b, 'instalment');
    await payCode(t.app, code.code_id);
    t.clock.advance(5 * DAY);
    const res = await refund({
      merchant_order_id: 'RF-PAID',
      refund_id: 'P-1',
      amount: 2_500_000,
      reason: 'most returned',
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const account = await accountOf(b.loanId);
    expect(account.state).toBe('paid-off');
    expect(account.credit).toBeGreaterThan(0);
    const paidOnBills = account.instalments.reduce(
      (s, i) => s + i.paid.principal + i.paid.interest + i.paid.fee + i.paid.lateFee,
      0,
    );
    expect(paidOnBills + account.credit).toBe(code.amount);
    await t.app.jobs.whenIdle();
    const [payout] = await t.database.db.select().from(refunds).where(eq(refunds.loanId, b.loanId));
    expect(payout).toMatchObject({ amount: account.credit });
    const sms = await smsTo(b.phone);
    expect(sms.some((m) => m.text.includes('Rp 2.500.000'))).toBe(true);
    await expectBooksAgree();
  }, 60_000);
});

describe.skipIf(!onPostgres)(`a refund racing a payment (${PG_ONLY})`, () => {
  it('waits for the loan lock the payment holds, so neither is lost', async () => {
    const b = await purchase('RF-RACE');
    const code = await codeFor(t.app, b, 'instalment');
    // Hold the loan's row lock as a payment being applied would, and send the payment callback first: it queues on
    // the lock. The refund comes second: without its own lock on the loan it would read the account before the
    // payment and overwrite it after.
    const { db } = t.database;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = db.transaction(async (tx) => {
      await tx.execute(sql`select id from ${loans} where id = ${b.loanId} for update`);
      locked();
      await held;
    });
    await lockTaken;
    const waiting = async (min: number) => {
      for (let k = 0; k < 200; k++) {
        const result = (await db.execute(
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`,
        )) as unknown as { rows: Array<{ n: number }> };
        const [row] = result.rows;
        if ((row?.n ?? 0) >= min) return;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error('nothing waited on the lock');
    };
    const payment = xenditCallback(
      t.app,
      paidXendit(code.code_id, code.amount, t.clock.now(), `race-${b.loanId}`),
    );
    await waiting(1);
    const refunded = refund({
      merchant_order_id: 'RF-RACE',
      refund_id: 'X-1',
      amount: 1_000_000,
      reason: 'x',
    });
    await waiting(2);
    release();
    await holder;
    const [paid, answer] = await Promise.all([payment, refunded]);
    expect(paid.statusCode).toBe(200);
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    const account = await accountOf(b.loanId);
    const paidOnBills = account.instalments.reduce(
      (s, i) => s + i.paid.principal + i.paid.interest + i.paid.fee + i.paid.lateFee,
      0,
    );
    expect(paidOnBills + account.credit).toBe(code.amount);
    await expectBooksAgree();
  }, 60_000);

  it('two refunds at once: each counted once, never above the purchase', async () => {
    await purchase('RF-TWICE');
    const answers = await Promise.all(
      [1, 2, 3].map((k) =>
        refund({ merchant_order_id: 'RF-TWICE', refund_id: `T-${k}`, amount: 1_200_000, reason: 'x' }),
      ),
    );
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes).toEqual([200, 200, 4426]);
    await expectBooksAgree();
  }, 60_000);
});
