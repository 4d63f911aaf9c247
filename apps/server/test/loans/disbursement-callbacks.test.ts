import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { UserStatus } from '@kaskita/domain/contract/user';
import { checkLedger, ledgerProblems } from '../../src/cli/ledger-check-command.ts';
import { DEV_DISBURSEMENT_CALLBACK_SECRET } from '../../src/env.ts';
import { ledgerEntries } from '../../src/modules/ledger/ledger-schema.ts';
import { disbursements, loans } from '../../src/modules/loans/loan-orders-schema.ts';
import {
  SIGNATURE_HEADER,
  signSandboxCallback,
  TIMESTAMP_HEADER,
} from '../../src/providers/disbursement/disbursement-callback.ts';
import { sandboxDisbursements } from '../../src/providers/disbursement/sandbox-disbursement-schema.ts';
import { useTestApp, userStatus } from '../helpers/test-app.ts';
import { get, post } from '../profile/profile-helpers.ts';
import { approvedBorrower, currentOrder, finishAtBank, order, pendingAtBank } from './loan-helpers.ts';

const t = useTestApp();
const CALLBACK = '/api/payments/disbursement/callback/sandbox';

const approved = (options: { cardNum?: string } = {}) =>
  approvedBorrower(t.app, t.database.db, t.clock.now(), options);

afterAll(async () => {
  // `npm run ledger:check` over every scenario of this file.
  const report = await checkLedger(t.database.db);
  expect(report.loansChecked).toBeGreaterThan(0);
  expect(ledgerProblems(report), JSON.stringify(report)).toBe(0);
});

function sendCallback(body: string, options: { secret?: string; timestamp?: string } = {}) {
  const timestamp =
    options.timestamp ??
    t.clock
      .now()
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z');
  return t.app.inject({
    method: 'POST',
    url: CALLBACK,
    headers: {
      'content-type': 'application/json',
      [TIMESTAMP_HEADER]: timestamp,
      [SIGNATURE_HEADER]: signSandboxCallback(
        options.secret ?? DEV_DISBURSEMENT_CALLBACK_SECRET,
        timestamp,
        body,
      ),
    },
    payload: body,
  });
}

async function sandboxRow(reference: string) {
  const [row] = await t.database.db
    .select()
    .from(sandboxDisbursements)
    .where(eq(sandboxDisbursements.reference, reference));
  return row!;
}

async function entriesOf(loanId: string) {
  return t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.loanId, loanId));
}

/** An approved borrower's order with its try at the sandbox bank: the loan id and the bank's reference. */
async function orderAtBank(cardNum?: string) {
  const b = await approved(cardNum ? { cardNum } : {});
  const placed = await order(t.app, b.token);
  expect(placed.body.code, JSON.stringify(placed.body)).toBe(200);
  const loanId = placed.body.data.order_id;
  return { b, loanId, reference: await pendingAtBank(t.app, t.database.db, loanId) };
}

describe('the disbursement callback', () => {
  it('refuses a forged signature and an old timestamp, and changes nothing', async () => {
    const { b, reference } = await orderAtBank();
    // The bank settles (its body fixed) but its own delivery is what we forge around.
    const row = await sandboxRow(reference);
    const body = JSON.stringify({
      id: reference,
      external_id: row.externalId,
      amount: row.amount,
      bank_code: row.bankCode,
      status: 'COMPLETED',
      failure_code: null,
      updated: t.clock.now().toISOString(),
    });
    const forged = await sendCallback(body, { secret: 'not-the-sandbox-secret-0000000000000000' });
    expect(forged.statusCode).toBe(401);
    const old = new Date(t.clock.now().getTime() - 10 * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const stale = await sendCallback(body, { timestamp: old });
    expect(stale.statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: CALLBACK,
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await currentOrder(t.app, b.token)).body.data.order!.state).toBe('awaiting-disbursement');

    // The same body, signed with the secret, is applied once.
    expect((await sendCallback(body)).json().data.outcome).toBe('applied');
    expect((await currentOrder(t.app, b.token)).body.data.order!.state).toBe('active');
  });

  it('applies a replay once, and ignores a FAILED that arrives after COMPLETED', async () => {
    const { b, loanId, reference } = await orderAtBank();
    expect((await finishAtBank(t.app, reference, 'complete')).body.code).toBe(200);
    const { callbackBody } = await sandboxRow(reference);
    const entries = (await entriesOf(loanId)).length;
    expect(entries).toBe(2); // disbursement + contract charges

    const replay = await sendCallback(callbackBody!);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.outcome).toBe('replay');
    expect(await entriesOf(loanId)).toHaveLength(entries);

    const late = JSON.stringify({
      ...JSON.parse(callbackBody!),
      status: 'FAILED',
      failure_code: 'BANK_TIMEOUT',
    });
    const answer = await sendCallback(late);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.outcome).toBe('ignored');
    expect((await currentOrder(t.app, b.token)).body.data.order!).toMatchObject({
      state: 'active',
      bill_status: 2,
    });
    expect(await entriesOf(loanId)).toHaveLength(entries);
  });

  it('ignores a callback for a try it never sent', async () => {
    const body = JSON.stringify({
      id: 'sbx-disb-unknown',
      external_id: '00000000-0000-4000-8000-000000000000',
      amount: 1,
      bank_code: 'BCA',
      status: 'COMPLETED',
      updated: t.clock.now().toISOString(),
    });
    const answer = await sendCallback(body);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.outcome).toBe('ignored');
    expect((await sendCallback('{"id":')).statusCode).toBe(400);
  });
});

describe('failures and retries', () => {
  it('tries again after a bank time-out, then tells the borrower, who may cancel free of charge', async () => {
    const { b, loanId, reference } = await orderAtBank();
    await finishAtBank(t.app, reference, 'fail', 'BANK_TIMEOUT');
    // Retried: a new try with the bank, the loan still loaning.
    const second = await pendingAtBank(t.app, t.database.db, loanId);
    expect(second).not.toBe(reference);
    expect((await currentOrder(t.app, b.token)).body.data.order!.state).toBe('awaiting-disbursement');
    await finishAtBank(t.app, second, 'fail', 'BANK_TIMEOUT');
    await finishAtBank(t.app, await pendingAtBank(t.app, t.database.db, loanId), 'fail', 'BANK_TIMEOUT');
    await t.app.jobs.whenIdle();

    const view = (await currentOrder(t.app, b.token)).body.data.order!;
    expect(view).toMatchObject({
      state: 'disbursement-failed',
      loan_fail_status: 0,
      failure_reason: 'BANK_TIMEOUT',
      can_cancel: true,
    });
    const tries = await t.database.db.select().from(disbursements).where(eq(disbursements.loanId, loanId));
    expect(tries.map((d) => d.status)).toEqual(['failed', 'failed', 'failed']);

    const cancelled = await post(t.app, b.token, '/v1/order/cancel', { order_id: loanId });
    expect(cancelled.body.code).toBe(200);
    expect(cancelled.body.data).toMatchObject({ state: 'cancelled', bill_status: 0 });
    const status = (await userStatus(t.app, b.token)).body.data as UserStatus;
    expect(status.loan_status.bill_status).toBe(0);
    expect(
      (await get<{ used_amount: number }>(t.app, b.token, '/v1/limit_amount')).body.data.used_amount,
    ).toBe(0);
    expect(await entriesOf(loanId)).toHaveLength(0);
  });

  it('cannot be cancelled once the money is with the bank', async () => {
    const { b, loanId } = await orderAtBank();
    expect((await currentOrder(t.app, b.token)).body.data.order!.can_cancel).toBe(false);
    expect((await post(t.app, b.token, '/v1/order/cancel', { order_id: loanId })).body.code).toBe(4301);
    expect((await post(t.app, b.token, '/v1/user/bank_patch', { id: 'x' })).body.code).toBe(4299);
  });
});

describe('bank cards', () => {
  it('lists the cards, keeps the one receiving money, and changes the default', async () => {
    const { b, loanId, reference } = await orderAtBank('5432109222');
    await finishAtBank(t.app, reference, 'fail', 'ACCOUNT_NAME_MISMATCH');
    // A corrected card is added and receives the new try.
    const patched = await post(t.app, b.token, '/v1/user/bank_patch', {
      bank: 'MANDIRI',
      card_num: '1112223334',
      name: 'Budi Santoso',
    });
    expect(patched.body.code, JSON.stringify(patched.body)).toBe(200);
    await pendingAtBank(t.app, t.database.db, loanId);
    const cards = await get<{
      account: { bank: string };
      cards: Array<{ id: string; bank: string; is_default: boolean; in_use: boolean }>;
    }>(t.app, b.token, '/v1/user/bank');
    expect(cards.body.data.account.bank).toBe('MANDIRI');
    const mandiri = cards.body.data.cards.find((c) => c.bank === 'MANDIRI')!;
    const bca = cards.body.data.cards.find((c) => c.bank === 'BCA')!;
    expect(mandiri).toMatchObject({ is_default: true, in_use: true });
    expect(bca).toMatchObject({ is_default: false, in_use: false });

    expect((await post(t.app, b.token, '/v1/user/bank_remove', { id: mandiri.id })).body.code).toBe(4302);
    const setDefault = await post<{ account: { bank: string } }>(t.app, b.token, '/v1/user/setbank', {
      id: bca.id,
    });
    expect(setDefault.body.data.account.bank).toBe('BCA');
    const other = await approved();
    expect((await post(t.app, other.token, '/v1/user/setbank', { id: bca.id })).body.code).toBe(4040);
    expect((await post(t.app, other.token, '/v1/user/bank_remove', { id: bca.id })).body.code).toBe(4040);
    const otherCards = await get<{ cards: Array<{ id: string }> }>(t.app, other.token, '/v1/user/bank');
    expect(
      (await post(t.app, other.token, '/v1/user/bank_remove', { id: otherCards.body.data.cards[0]!.id })).body
        .code,
    ).toBe(4302);
    const [loan] = await t.database.db.select().from(loans).where(eq(loans.id, loanId));
    expect(loan!.bankAccountId).toBe(mandiri.id);
  });
});
