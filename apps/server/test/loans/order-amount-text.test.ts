import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '@kaskita/domain/i18n/validation-messages';
import { LOAN_AGREEMENT_VERSION } from '../../src/modules/loans/loan-agreement-text.ts';
import { loans } from '../../src/modules/loans/loan-orders-schema.ts';
import { call, useTestApp } from '../helpers/test-app.ts';
import { get } from '../profile/profile-helpers.ts';
import { approvedBorrower, ORDER, order, planOf } from './loan-helpers.ts';

/**
 * Issue 21, item 8: an amount means what it says. `money` used to lose every `.` and `,`, so `20000.00` ordered a
 * Rp2.000.000 loan and `1.5` asked for 15. Now whole rupiah in digits, optionally grouped the id-ID way, is accepted;
 * anything else is refused under the field (amount.format) in the borrower's language.
 */
const t = useTestApp();

const REFUSED = ['20000.00', '1.5', '2,000,000', '2.000.000,00', '20.00.000', '+2000000', '2 000 000', '2e6'];
const ACCEPTED = ['2.000.000', '2000000'];

type Refusal = { fields: Record<string, string> };

describe('the loan amount as written', () => {
  it('plans 2.000.000 and 2000000 alike and refuses the rest as not an amount', async () => {
    const b = await approvedBorrower(t.app, t.database.db, t.clock.now());
    for (const money of ACCEPTED) {
      const plan = await planOf(t.app, b.token, { ...ORDER, money });
      expect(plan.body.code, money).toBe(200);
      expect(plan.body.data.amount, money).toBe(2_000_000);
    }
    for (const money of REFUSED) {
      const plan = await planOf(t.app, b.token, { ...ORDER, money });
      expect(plan.body.code, money).toBe(4000);
      expect((plan.body.data as unknown as Refusal).fields, money).toEqual({ money: 'amount.format' });
    }
  });

  it('orders exactly the amount written, refusing 20000.00 and 1.5 with the message in the borrower’s language', async () => {
    const b = await approvedBorrower(t.app, t.database.db, t.clock.now());
    for (const money of REFUSED) {
      const refused = await order(t.app, b.token, { money, order_token: `amount-${money}` });
      expect(refused.body.code, money).toBe(4000);
      expect((refused.body.data as unknown as Refusal).fields, money).toEqual({ money: 'amount.format' });
    }
    for (const locale of ['id-ID', 'en-US'] as const) {
      const refused = await order(t.app, b.token, { money: '20000.00' }, { lan: locale });
      expect(refused.body.msg).toBe(VALIDATION_MESSAGES['amount.format'][locale]);
    }
    expect(await t.database.db.select().from(loans).where(eq(loans.userId, b.userId))).toEqual([]);

    const grouped = await order(t.app, b.token, { money: '2.000.000', order_token: 'amount-ok-1' });
    expect(grouped.body.code, JSON.stringify(grouped.body)).toBe(200);
    expect(grouped.body.data.amount).toBe(2_000_000);
    // The same order written in plain digits is the same request (a different amount would be 4090).
    const digits = await order(t.app, b.token, { money: '2000000', order_token: 'amount-ok-1' });
    expect(digits.body.data.order_id).toBe(grouped.body.data.order_id);
    const rows = await t.database.db.select().from(loans).where(eq(loans.userId, b.userId));
    expect(rows.map((r) => r.amount)).toEqual([2_000_000]);
  });

  it('reads a form-encoded order as the web app posts it, and the agreement preview’s amount alike', async () => {
    const b = await approvedBorrower(t.app, t.database.db, t.clock.now());
    const form = (money: string) =>
      call<{ amount: number }>(t.app, {
        method: 'POST',
        url: '/api/v1/order/loan',
        token: b.token,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          ...ORDER,
          money,
          agreement_version: LOAN_AGREEMENT_VERSION,
          agree: '1',
        }).toString(),
      });
    expect((await form('20000.00')).body.code).toBe(4000);
    expect((await form('1.5')).body.code).toBe(4000);

    const preview = (money: string) =>
      get<{ sections: unknown[] }>(
        t.app,
        b.token,
        `/v1/order/agreement?${new URLSearchParams({ ...ORDER, money })}`,
      );
    expect((await preview('2.000.000')).body.code).toBe(200);
    const refused = await preview('20000.00');
    expect(refused.body.code).toBe(4000);
    expect((refused.body.data as unknown as Refusal).fields).toEqual({ money: 'amount.format' });

    const ordered = await form('2000000');
    expect(ordered.body.code, JSON.stringify(ordered.body)).toBe(200);
    expect(ordered.body.data.amount).toBe(2_000_000);
  });
});
