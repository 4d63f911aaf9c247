// Once a borrower has set a payment PIN, it confirms every cash-loan order and bank-card change, not only purchases:
// a stolen session alone can then neither borrow nor send the money to another account.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loans } from '../../src/modules/loans/loan-orders-schema.ts';
import { latestCode, useTestApp } from '../helpers/test-app.ts';
import type { Borrower } from '../application/application-helpers.ts';
import { setPin } from '../commerce/commerce-helpers.ts';
import { get, post } from '../profile/profile-helpers.ts';
import { approvedBorrower, finishAtBank, order, pendingAtBank } from '../loans/loan-helpers.ts';

const t = useTestApp();
const PIN = '258014';
const REQUIRED = 4427;
const WRONG = 4417;
const LOCKED = 4418;

async function borrowerWithPin(options: { cardNum?: string } = {}) {
  const b = await approvedBorrower(t.app, t.database.db, t.clock.now(), options);
  const set = await setPin(t.app, t.clock, b.token, b.phone, PIN);
  expect(set.body.code, JSON.stringify(set.body)).toBe(200);
  return b;
}

const loansOf = (b: Borrower) => t.database.db.select().from(loans).where(eq(loans.userId, b.userId));

describe('the payment PIN confirms a cash-loan order once set', () => {
  it('asks nothing of a borrower who has none', async () => {
    const b = await approvedBorrower(t.app, t.database.db, t.clock.now());
    expect((await order(t.app, b.token)).body.code).toBe(200);
  });

  it('refuses an order without it or with a wrong one, making nothing; the right one makes the order', async () => {
    const b = await borrowerWithPin();

    const without = await order(t.app, b.token, { order_token: 'order-pin-1' });
    expect(without.body.code).toBe(REQUIRED);
    const wrong = await order(t.app, b.token, { order_token: 'order-pin-1', pay_pin: '111111' });
    expect(wrong.body.code).toBe(WRONG);
    expect(wrong.body.data).toMatchObject({ tries_left: 4 });
    const malformed = await order(t.app, b.token, { order_token: 'order-pin-1', pay_pin: '12ab' });
    expect(malformed.body.code).toBe(4000);
    expect(await loansOf(b)).toHaveLength(0);

    const right = await order(t.app, b.token, { order_token: 'order-pin-1', pay_pin: PIN });
    expect(right.body.code, JSON.stringify(right.body)).toBe(200);
    expect(await loansOf(b)).toHaveLength(1);
    // A repeated request is asked for the PIN too; with it, it answers the same order.
    expect((await order(t.app, b.token, { order_token: 'order-pin-1' })).body.code).toBe(REQUIRED);
    const again = await order(t.app, b.token, { order_token: 'order-pin-1', pay_pin: PIN });
    expect(again.body.data.order_id).toBe(right.body.data.order_id);
  });

  it('locks after five wrong PINs in a row: then even the right one is refused', async () => {
    const b = await borrowerWithPin();
    for (let i = 0; i < 4; i++)
      expect((await order(t.app, b.token, { pay_pin: '000000' })).body.code).toBe(WRONG);
    expect((await order(t.app, b.token, { pay_pin: '000000' })).body.code).toBe(LOCKED);
    const locked = await order(t.app, b.token, { pay_pin: PIN });
    expect(locked.body.code).toBe(LOCKED);
    expect(locked.body.data).toHaveProperty('locked_until');
    expect(await loansOf(b)).toHaveLength(0);
  });
});

describe('the payment PIN confirms a bank-card change once set', () => {
  it('adding a card: refused without the PIN or with a wrong one, and the SMS code stays good for the right one', async () => {
    const b = await borrowerWithPin();
    t.clock.advance(61);
    expect((await post(t.app, b.token, '/v1/user/bank_code', {})).body.code).toBe(200);
    const code = (await latestCode(t.app, b.phone))!;
    const card = { bank: 'MANDIRI', card_num: '1112223334', name: 'Budi Santoso', sms_code: code };

    expect((await post(t.app, b.token, '/v1/user/bank_add', card)).body.code).toBe(REQUIRED);
    expect((await post(t.app, b.token, '/v1/user/bank_add', { ...card, pay_pin: '999999' })).body.code).toBe(
      WRONG,
    );
    const added = await post<{ account: { bank: string } }>(t.app, b.token, '/v1/user/bank_add', {
      ...card,
      pay_pin: PIN,
    });
    expect(added.body.code, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.account.bank).toBe('MANDIRI');
  });

  it('choosing the card loans are paid into: refused without the PIN or with a wrong one, chosen with it', async () => {
    const b = await borrowerWithPin();
    t.clock.advance(61);
    expect((await post(t.app, b.token, '/v1/user/bank_code', {})).body.code).toBe(200);
    const code = (await latestCode(t.app, b.phone))!;
    const card = {
      bank: 'MANDIRI',
      card_num: '1112223334',
      name: 'Budi Santoso',
      sms_code: code,
      pay_pin: PIN,
    };
    expect((await post(t.app, b.token, '/v1/user/bank_add', card)).body.code).toBe(200);
    type Cards = {
      account: { bank: string };
      cards: Array<{ id: string; bank: string; is_default: boolean }>;
    };
    const before = await get<Cards>(t.app, b.token, '/v1/user/bank');
    const first = before.body.data.cards.find((c) => !c.is_default)!;
    expect(first.bank).not.toBe('MANDIRI');

    expect((await post(t.app, b.token, '/v1/user/setbank', { id: first.id })).body.code).toBe(REQUIRED);
    const wrong = await post(t.app, b.token, '/v1/user/setbank', { id: first.id, pay_pin: '999999' });
    expect(wrong.body.code).toBe(WRONG);
    expect((await get<Cards>(t.app, b.token, '/v1/user/bank')).body.data.account.bank).toBe('MANDIRI');

    const chosen = await post<Cards>(t.app, b.token, '/v1/user/setbank', { id: first.id, pay_pin: PIN });
    expect(chosen.body.code, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.data.account.bank).toBe(first.bank);
  });

  it('correcting the account of a failed disbursement: refused without the PIN, sent again with it', async () => {
    const b = await borrowerWithPin({ cardNum: '5432109222' });
    const placed = await order(t.app, b.token, { pay_pin: PIN });
    expect(placed.body.code, JSON.stringify(placed.body)).toBe(200);
    const loanId = placed.body.data.order_id;
    await finishAtBank(
      t.app,
      await pendingAtBank(t.app, t.database.db, loanId),
      'fail',
      'ACCOUNT_NAME_MISMATCH',
    );
    const account = { bank: 'MANDIRI', card_num: '1112223334', name: 'Budi Santoso' };

    expect((await post(t.app, b.token, '/v1/user/bank_patch', account)).body.code).toBe(REQUIRED);
    const [still] = await loansOf(b);
    expect(still!.state).toBe('disbursement-failed');

    const patched = await post(t.app, b.token, '/v1/user/bank_patch', { ...account, pay_pin: PIN });
    expect(patched.body.code, JSON.stringify(patched.body)).toBe(200);
    await pendingAtBank(t.app, t.database.db, loanId);
  });
});
