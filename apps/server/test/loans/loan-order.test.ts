import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addRupiah, rupiah } from '@kaskita/domain/money/rupiah';
import { cashLoanProduct } from '@kaskita/domain/pricing/default-products';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import { plan } from '@kaskita/domain/pricing/plan';
import { LOAN_AGREEMENT_VERSION } from '../../src/modules/loans/loan-agreement-text.ts';
import { LedgerService } from '../../src/modules/ledger/ledger-service.ts';
import { disbursements, loanBills, loans } from '../../src/modules/loans/loan-orders-schema.ts';
import { messageOutbox } from '../../src/db/schema.ts';
import { checkLedger, ledgerProblems } from '../../src/cli/ledger-check-command.ts';
import { ledgerLines } from '../../src/modules/ledger/ledger-schema.ts';
import type { UserStatus } from '@kaskita/domain/contract/user';
import { checkCorrupted } from '../helpers/corrupted-ledger.ts';
import { call, newPhone, signIn, useTestApp, userStatus } from '../helpers/test-app.ts';
import { get, post } from '../profile/profile-helpers.ts';
import {
  approvedBorrower,
  currentOrder,
  finishAtBank,
  ORDER,
  order,
  pendingAtBank,
  planOf,
} from './loan-helpers.ts';

const t = useTestApp();
const onPostgres = Boolean(process.env.DATABASE_URL);
const PG_ONLY = 'PostgreSQL only: PGlite runs one query at a time';

const approved = (options: { cardNum?: string } = {}) =>
  approvedBorrower(t.app, t.database.db, t.clock.now(), options);

async function loanRow(id: string) {
  const [row] = await t.database.db.select().from(loans).where(eq(loans.id, id));
  return row!;
}

describe('products, purposes and the plan', () => {
  it('offers nothing to a borrower who is not approved, and the cash loan within the limit to one who is', async () => {
    const stranger = await signIn(t.app, newPhone());
    const none = await get<{ can_borrow: boolean; reason: string }>(
      t.app,
      stranger.token,
      '/v1/loan_products',
    );
    expect(none.body.data).toMatchObject({ can_borrow: false, reason: 'not_approved' });
    expect((await planOf(t.app, stranger.token, { ...ORDER })).body.code).toBe(4290);

    const b = await approved();
    const limit = await get<{ limit_amount: number; available_amount: number }>(
      t.app,
      b.token,
      '/v1/limit_amount',
    );
    const { body } = await get<{
      can_borrow: boolean;
      available_amount: number;
      list: Array<{ pid: string; max_amount: number; step: number; tenors: Array<{ period: string }> }>;
    }>(t.app, b.token, '/v1/loan_products');
    expect(body.data.can_borrow).toBe(true);
    expect(body.data.available_amount).toBe(limit.body.data.available_amount);
    const [cash] = body.data.list;
    expect(cash!.pid).toBe('cash-loan');
    expect(cash!.max_amount).toBeLessThanOrEqual(limit.body.data.limit_amount);
    expect(cash!.tenors.map((x) => x.period)).toContain('month-3-3');
  });

  it('answers the purpose tree with each child naming its parent, in both languages', async () => {
    const { body } = await call<{
      list: Array<{
        id: number;
        name: string;
        name_en: string;
        children: Array<{ parent_id: number; name_id: string }>;
      }>;
    }>(t.app, { method: 'GET', url: '/api/v2/get_purpose', headers: { lan: 'id-ID' } });
    expect(body.data.list.length).toBeGreaterThan(3);
    for (const parent of body.data.list) {
      expect(parent.children.length).toBeGreaterThan(0);
      for (const child of parent.children) expect(child.parent_id).toBe(parent.id);
    }
    expect(body.data.list[0]!.name).toBe(body.data.list[0]!.children[0] ? 'Kebutuhan sehari-hari' : '');
    expect(body.data.list[0]!.name_en).toBe('Daily needs');
  });

  it("answers the engine's whole plan, and refuses what the product or the limit does not allow", async () => {
    const b = await approved();
    const { body } = await planOf(t.app, b.token, ORDER);
    expect(body.code, JSON.stringify(body)).toBe(200);
    const expected = plan(
      cashLoanProduct,
      rupiah(2_000_000),
      { unit: 'month', length: 3, instalments: 3 },
      businessDateAt(t.clock.now()),
    );
    expect(body.data.instalments).toEqual(
      expected.instalments.map((i) => ({
        number: i.number,
        due_date: i.dueDate,
        principal: i.principal,
        interest: i.interest,
        fee: i.fee,
        total: i.total,
        remaining: i.remaining,
      })),
    );
    expect(body.data.totals.repayment).toBe(expected.totals.repayment);
    expect(body.data.amount_received).toBe(expected.disbursement.received);
    expect(body.data.caps.within_caps).toBe(true);

    const limit = (await get<{ available_amount: number }>(t.app, b.token, '/v1/limit_amount')).body.data;
    const cases: Array<[Record<string, string>, number]> = [
      [{ money: String(limit.available_amount + 100_000) }, 4295],
      [{ money: '300000' }, 4293],
      [{ money: '2050000' }, 4293],
      [{ money: '31000000' }, 4293],
      [{ period: 'month-7-7' }, 4294],
      [{ period: 'three months' }, 4294],
      [{ pid: 'no-such-product' }, 4292],
      [{ pid: 'pay-later' }, 4292],
      [{ money: 'abc' }, 4000],
      [{ money: '' }, 4000],
    ];
    for (const [change, code] of cases) {
      const res = await planOf(t.app, b.token, { ...ORDER, ...change });
      expect(res.body.code, JSON.stringify(change)).toBe(code);
      expect(res.res.statusCode).toBeLessThan(500);
    }
  });
});

describe('the order', () => {
  it('stores the accepted agreement, queues the disbursement and is one order however often it is sent', async () => {
    const b = await approved();
    const preview = await get<{ sha256: string; sections: unknown[]; pdf_base64: string }>(
      t.app,
      b.token,
      `/v1/order/agreement?${new URLSearchParams({ ...ORDER, pdf: '1' })}`,
    );
    expect(preview.body.code, JSON.stringify(preview.body)).toBe(200);
    expect(Buffer.from(preview.body.data.pdf_base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    const first = await order(t.app, b.token, { order_token: 'tap-0001' });
    expect(first.body.code, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({
      state: 'awaiting-disbursement',
      bill_status: 1,
      amount: 2_000_000,
    });
    const again = await order(t.app, b.token, { order_token: 'tap-0001' });
    expect(again.body.data.order_id).toBe(first.body.data.order_id);
    expect((await order(t.app, b.token, { order_token: 'tap-0001', money: '1000000' })).body.code).toBe(4090);
    expect((await order(t.app, b.token, { order_token: 'tap-0002' })).body.code).toBe(4291);

    const row = await loanRow(first.body.data.order_id);
    expect(row.agreementVersion).toBe(LOAN_AGREEMENT_VERSION);
    expect(row.acceptedIp).toBe('127.0.0.1');
    const stored = await get<{ sha256: string }>(t.app, b.token, `/v1/order/agreement?order_id=${row.id}`);
    expect(stored.body.data.sha256).toBe(row.agreementSha256);
    expect(((await userStatus(t.app, b.token)).body.data as UserStatus).loan_status.bill_status).toBe(1);

    // Another borrower never reaches this order.
    const other = await approved();
    expect((await get(t.app, other.token, `/v1/order/agreement?order_id=${row.id}`)).body.code).toBe(4040);
    expect((await post(t.app, other.token, '/v1/order/cancel', { order_id: row.id })).body.code).toBe(4040);
  });

  it('refuses an outdated agreement, a missing acceptance and an unknown purpose', async () => {
    const b = await approved();
    expect((await order(t.app, b.token, { agreement_version: '2020-01-01' })).body.code).toBe(4297);
    expect((await order(t.app, b.token, { agree: '0' })).body.code).toBe(4000);
    expect((await order(t.app, b.token, { purpose_id: '7' })).body.code).toBe(4000);
    expect((await currentOrder(t.app, b.token)).body.data.order).toBeNull();
  });
});

describe('disbursement', () => {
  it('activates the loan with its bills and balanced ledger lines when the bank completes', async () => {
    const b = await approved();
    const placed = await order(t.app, b.token);
    const id = placed.body.data.order_id;
    const bankId = await pendingAtBank(t.app, t.database.db, id);
    expect((await finishAtBank(t.app, bankId, 'complete')).body.code).toBe(200);

    const view = (await currentOrder(t.app, b.token)).body.data.order!;
    expect(view).toMatchObject({ state: 'active', bill_status: 2, disbursement_status: 'completed' });
    expect(view.disbursed_on).toBe(businessDateAt(t.clock.now()));
    const bills = await t.database.db.select().from(loanBills).where(eq(loanBills.loanId, id));
    expect(bills).toHaveLength(3);
    expect(bills.reduce((s, x) => s + x.principal, 0)).toBe(2_000_000);
    const balances = await new LedgerService().balances(t.database.db, id);
    const of = (account: string) => balances.find((x) => x.account === account)?.balance ?? 0;
    expect(of('principal-receivable')).toBe(2_000_000);
    expect(-of('cash')).toBe(view.amount_received);
    expect(await new LedgerService().unbalancedEntries(t.database.db)).toEqual([]);
    expect(((await userStatus(t.app, b.token)).body.data as UserStatus).loan_status.bill_status).toBe(2);
    const limit = (await get<{ used_amount: number }>(t.app, b.token, '/v1/limit_amount')).body.data;
    expect(limit.used_amount).toBe(2_000_000);
    await t.app.jobs.whenIdle();
    const sms = await t.database.db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.idempotencyKey, `loan-disbursed:${id}`));
    expect(sms).toHaveLength(1);
  });

  it('interrupts the loan on a name mismatch and sends it again to a corrected account', async () => {
    const b = await approved({ cardNum: '9876543222' });
    const placed = await order(t.app, b.token);
    await finishAtBank(
      t.app,
      await pendingAtBank(t.app, t.database.db, placed.body.data.order_id),
      'fail',
      'ACCOUNT_NAME_MISMATCH',
    );
    let view = (await currentOrder(t.app, b.token)).body.data.order!;
    expect(view).toMatchObject({
      state: 'disbursement-failed',
      bill_status: 4,
      loan_fail_status: 1,
      failure_reason: 'ACCOUNT_NAME_MISMATCH',
    });
    const status = (await userStatus(t.app, b.token)).body.data as UserStatus;
    expect(status.loan_status.bill_status).toBe(4);
    expect(status.loan_info.loan_fail_status).toBe(1);

    const patched = await post(t.app, b.token, '/v1/user/bank_patch', {
      bank: 'BNI',
      card_num: '5550001234',
      name: 'Budi Santoso',
    });
    expect(patched.body.code, JSON.stringify(patched.body)).toBe(200);
    await finishAtBank(
      t.app,
      await pendingAtBank(t.app, t.database.db, placed.body.data.order_id),
      'complete',
    );
    view = (await currentOrder(t.app, b.token)).body.data.order!;
    expect(view).toMatchObject({
      order_id: placed.body.data.order_id,
      state: 'active',
      bank_name: expect.stringContaining('BNI'),
    });
  });
});

describe('the ledger check', () => {
  it('finds a loan whose journal no longer matches its account', async () => {
    const b = await approved();
    const placed = await order(t.app, b.token);
    const id = placed.body.data.order_id;
    await finishAtBank(t.app, await pendingAtBank(t.app, t.database.db, id), 'complete');
    expect(ledgerProblems(await checkLedger(t.database.db))).toBe(0);
    const [line] = await t.database.db.select().from(ledgerLines).where(eq(ledgerLines.loanId, id));
    const report = await checkCorrupted(t.database.db, (tx) =>
      tx
        .update(ledgerLines)
        .set({ amount: addRupiah(line!.amount, rupiah(1)) })
        .where(eq(ledgerLines.entryId, line!.entryId)),
    );
    expect(ledgerProblems(report)).toBeGreaterThan(0);
  });
});

describe.skipIf(!onPostgres)(`parallel orders (${PG_ONLY})`, () => {
  it('makes one loan of 100 parallel submits, with or without the same key', async () => {
    const b = await approved();
    const same = await Promise.all(
      Array.from({ length: 50 }, () => order(t.app, b.token, {}, { 'Idempotency-Key': 'double-tap-key-1' })),
    );
    const different = await Promise.all(
      Array.from({ length: 50 }, (_, i) => order(t.app, b.token, { order_token: `token-${i}-abcdef` })),
    );
    const ok = [...same, ...different].filter((r) => r.body.code === 200);
    expect(new Set(ok.map((r) => r.body.data.order_id)).size).toBe(1);
    for (const r of [...same, ...different]) expect([200, 4291]).toContain(r.body.code);
    for (const r of same) expect(r.body.code).toBe(200);
    const rows = await t.database.db.select().from(loans).where(eq(loans.userId, b.userId));
    expect(rows).toHaveLength(1);
    await t.app.jobs.whenIdle();
    const tries = await t.database.db
      .select()
      .from(disbursements)
      .where(eq(disbursements.loanId, rows[0]!.id));
    expect(tries).toHaveLength(1);
  });
});
