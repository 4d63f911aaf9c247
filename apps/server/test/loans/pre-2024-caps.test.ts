import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LandingExample } from '@kaskita/domain/contract/landing';
import type { LoanProducts } from '@kaskita/domain/contract/loans';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import { cashLoanProduct } from '@kaskita/domain/pricing/default-products';
import { legacyLandingProduct } from '@kaskita/domain/pricing/legacy-products';
import { parseProduct } from '@kaskita/domain/pricing/product';
import { CAP_TABLE } from '@kaskita/domain/pricing/regulatory-caps';
import { checkProduct } from '@kaskita/domain/pricing/regulatory-check';
import { loanProducts } from '../../src/modules/loans/loans-schema.ts';
import { call, signIn, TestClock, useTestApp } from '../helpers/test-app.ts';

/**
 * Issue case 7, through the API: on a business date in 2023 a product is held to the industry ceiling then in force
 * (AFPI's code of conduct, 0.4 %/day of interest plus fees), not offered at 1 %/day with only a warning because no OJK
 * cap was tabled yet. The seeded products start in 2026, so in 2023 only the two stored here can be offered.
 */
const clock = new TestClock('2023-06-15T03:00:00.000Z');
const t = useTestApp({ clock });
const DATE = '2023-06-15';

/** Valid through 2023 at 1 %/day in total (0.3 % interest + 0.7 % service fee), its late fee within the cap. */
const onePercentADay = parseProduct({
  ...cashLoanProduct,
  id: 'priced-2023-one-percent',
  name: 'Pinjaman tunai 1% per hari (2023)',
  validFrom: '2023-01-01',
  validTo: '2023-12-31',
  tenors: [
    { unit: 'day', length: 30, instalments: 1 },
    { unit: 'month', length: 3, instalments: 3 },
  ],
  pricing: {
    interest: '0.3',
    serviceFee: '0.7',
    originationFee: { percent: '0', fixed: 0 },
    lateFee: { daily: '0.1', base: 'overdue-principal' },
  },
});

const getLanding = () => call<LandingExample>(t.app, { method: 'GET', url: '/api/v1/landing/example' });

async function setActive(id: string, active: boolean) {
  await t.database.db
    .update(loanProducts)
    .set({ active: active ? 1 : 0 })
    .where(eq(loanProducts.id, id));
}

beforeAll(async () => {
  expect(businessDateAt(clock.now())).toBe(DATE);
  // Sorted first, so the landing example would pick the 1 %/day product if it were offered at all.
  await t.database.db.insert(loanProducts).values([
    { id: onePercentADay.id, data: onePercentADay, sort: -2 },
    { id: legacyLandingProduct.id, data: legacyLandingProduct, sort: -1 },
  ]);
});

describe('before 2024 (case 7): a stored product is held to the 0.4 %/day AFPI ceiling', () => {
  it('the 1 %/day product breaks only the 2023 ceiling: without that row it would pass with a warning', () => {
    const check = checkProduct(onePercentADay, DATE);
    expect(check.ok).toBe(false);
    expect(check.violations.map((v) => [v.code, v.actual, v.limit, v.rows.map((r) => r.id)])).toContainEqual([
      'economic-benefit-over-cap',
      '1',
      '0.4',
      ['afpi-coc-consumptive'],
    ]);
    // So the API below refuses it for the ceiling, not for a malformed product or its dates.
    const withoutAfpi = checkProduct(onePercentADay, DATE, {
      table: CAP_TABLE.filter((r) => r.id !== 'afpi-coc-consumptive'),
    });
    expect(withoutAfpi).toMatchObject({ ok: true, violations: [] });
    expect(withoutAfpi.warnings.length).toBeGreaterThan(0);
  });

  it('the landing example skips the 1 %/day product and shows the legacy product priced within 0.4 %/day', async () => {
    const { body } = await getLanding();
    expect(body.code, JSON.stringify(body)).toBe(200);
    // The legacy product's figures (legacy-products.ts): 3,000,000 over 3 months costs 886,302.
    expect(body.data).toMatchObject({
      product_name: legacyLandingProduct.name,
      amount: 3_000_000,
      tenor_months: 3,
      total_interest_and_fees: 886_302,
      instalment: 1_295_434,
      total_repayment: 3_886_302,
      daily_cost_percent: '0.32826',
    });
  });

  it('with the legacy product withdrawn, no cash loan is offered: the landing example is absent', async () => {
    await setActive(legacyLandingProduct.id, false);
    try {
      const { res, body } = await getLanding();
      expect(res.statusCode).toBe(404);
      expect(body.code).toBe(4040);
    } finally {
      await setActive(legacyLandingProduct.id, true);
    }
  });

  it("a borrower's product list holds the legacy product only", async () => {
    const { token } = await signIn(t.app);
    const { body } = await call<LoanProducts>(t.app, { method: 'GET', url: '/api/v1/loan_products', token });
    expect(body.code, JSON.stringify(body)).toBe(200);
    expect(body.data.list.map((p) => p.pid)).toEqual([legacyLandingProduct.id]);
  });
});
