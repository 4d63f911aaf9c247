import { describe, expect, it } from 'vitest';
import { formatAmount } from '@kaskita/domain/money/rupiah';
import { useTestApp } from '../helpers/test-app.ts';
import { bills, repay, repayingBorrower } from './repayment-helpers.ts';

/**
 * Issue 21, item 8, for repayment: `repayment_total_amount` is read by the same parser as every money field. A total
 * with a decimal part or en-US grouping is refused as not an amount (4000), never read as another amount that might
 * happen to match.
 */
const t = useTestApp();

describe('the repayment total as written', () => {
  it('accepts the amount in digits, id-ID grouped or as a JSON number, and refuses the rest', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const amount = (await bills(t.app, b.token)).body.data.options!.instalment!.amount;
    const digits = String(amount);
    const base = { loan_plan: b.loanId, repayment_type: 'instalment', channel_id: 'VA_BCA' };

    const refused = [
      // Like `20000.00` for 2.000.000: the old parser dropped the dot and read exactly today's amount.
      `${digits.slice(0, -2)}.${digits.slice(-2)}`,
      `${amount}.00`,
      formatAmount(amount).replaceAll('.', ','),
      `${formatAmount(amount)},00`,
      `+${amount}`,
      `${digits.slice(0, -3)}.${digits.slice(-3)}e3`,
      amount + 0.5,
    ];
    for (const total of refused) {
      const res = await repay(t.app, b.token, { ...base, repayment_total_amount: total });
      expect(res.body.code, String(total)).toBe(4000);
      expect((res.body.data as unknown as { fields: object }).fields, String(total)).toEqual({
        repayment_total_amount: 'amount.format',
      });
    }

    const codes = new Set<string>();
    for (const total of [String(amount), formatAmount(amount), amount]) {
      const res = await repay(t.app, b.token, { ...base, repayment_total_amount: total });
      expect(res.body.code, `${total}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.data.amount).toBe(amount);
      codes.add(res.body.data.code_id);
    }
    // The same amount however written: one code.
    expect(codes.size).toBe(1);
  });
});
