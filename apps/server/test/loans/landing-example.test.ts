import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LandingExample } from '@kaskita/domain/contract/landing';
import { rupiah } from '@kaskita/domain/money/rupiah';
import { cashLoanProduct } from '@kaskita/domain/pricing/default-products';
import { plan } from '@kaskita/domain/pricing/plan';
import { checkPlan } from '@kaskita/domain/pricing/regulatory-check';
import { useTestApp, type Envelope } from '../helpers/test-app.ts';

describe('GET /api/v1/landing/example', () => {
  const t = useTestApp();

  const get = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/landing/example' });
    return { status: res.statusCode, body: res.json() as Envelope<LandingExample> };
  };

  it('is computed by the loan engine from the seeded cash loan on today’s business date', async () => {
    const { status, body } = await get();
    expect(status).toBe(200);
    expect(body.code).toBe(200);

    const today = '2026-03-02'; // the test clock's date in Asia/Jakarta
    const expected = plan(
      cashLoanProduct,
      rupiah(3_000_000),
      { unit: 'month', length: 3, instalments: 3 },
      today,
    );
    expect(checkPlan(expected, today).ok).toBe(true);
    expect(body.data).toEqual({
      product_name: cashLoanProduct.name,
      amount: 3_000_000,
      tenor_months: 3,
      instalments: 3,
      total_interest_and_fees: expected.totals.repayment - 3_000_000,
      instalment: expected.instalments[0]!.total,
      total_repayment: expected.totals.repayment,
      amount_received: 3_000_000,
      daily_interest_percent: '0.03',
      daily_service_fee_percent: '0.07',
      daily_late_fee_percent: '0.1',
      daily_cost_percent: '0.1',
      origination_fee_percent: '0',
      origination_fee_fixed: 0,
      min_amount: 400_000,
      max_amount: 30_000_000,
      max_tenor_months: 6,
    });
    // Within today's cap: at most 0.1 % of principal per day over the loan's days.
    expect(body.data.total_interest_and_fees).toBeLessThanOrEqual(3_000_000 * 0.001 * expected.days);
  });

  it('is absent when no cash-loan product is offered', async () => {
    await t.database.db.execute(sql`update loan_products set active = 0 where id = ${cashLoanProduct.id}`);
    try {
      const { status, body } = await get();
      expect(status).toBe(404);
      expect(body.code).toBe(4040);
    } finally {
      await t.database.db.execute(sql`update loan_products set active = 1 where id = ${cashLoanProduct.id}`);
    }
  });
});
