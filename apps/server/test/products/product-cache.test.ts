import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LoanPlanView, LoanProducts } from '@kaskita/domain/contract/loans';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import { cashLoanProduct } from '@kaskita/domain/pricing/default-products';
import type { FastifyInstance } from 'fastify';
import { loanProducts, loanProductVersions } from '../../src/modules/loans/loans-schema.ts';
import { approvedBorrower, ORDER, planOf } from '../loans/loan-helpers.ts';
import { call, signIn, TestClock, useTestApp } from '../helpers/test-app.ts';
import { adminCall, verifiedAdministrator, verifiedStaff } from '../staff/staff-helpers.ts';

// Issue 23: the products are parsed and cap-checked once per change of the stored catalogue, not per request. These
// tests warm that cache, change what it holds (staff through maker-checker, another app on the same database, the
// business date crossing a cap change, a hand-made UPDATE) and expect the very next request to see it.

// 31 December 2025: the 0.2 %/day consumptive cap is in force; from 1 January 2026 it is 0.1 %/day.
const clock = new TestClock('2025-12-31T03:00:00.000Z');
const t = useTestApp({ clock });

/** Priced for December only: 0.03 + 0.12 %/day passes 2025's cap and breaks 2026's (stored, never proposed). */
const december = {
  ...cashLoanProduct,
  id: 'cash-loan-december',
  name: 'Pinjaman Desember',
  validFrom: '2025-12-01',
  pricing: { ...cashLoanProduct.pricing, serviceFee: '0.12' },
};

/** Moves the clock to 10:00 in Jakarta on `date`. */
function moveTo(date: string) {
  clock.advance((Date.parse(`${date}T03:00:00.000Z`) - clock.now().getTime()) / 1000);
  expect(businessDateAt(clock.now())).toBe(date);
}

/** Each offered product's id and daily service fee, as `app` answers a signed-in borrower. */
async function offered(app: FastifyInstance, token: string): Promise<Record<string, string>> {
  const { body } = await call<LoanProducts>(app, { method: 'GET', url: '/api/v1/loan_products', token });
  expect(body.code, JSON.stringify(body)).toBe(200);
  return Object.fromEntries(body.data.list.map((p) => [p.pid, p.daily_service_fee_percent]));
}

async function planned(app: FastifyInstance, token: string): Promise<LoanPlanView> {
  const { body } = await planOf(app, token, { pid: ORDER.pid, money: ORDER.money, period: ORDER.period });
  expect(body.code, JSON.stringify(body)).toBe(200);
  return body.data;
}

describe('the cached catalogue', () => {
  it('follows the business date across a cap change, with no stored row changed', async () => {
    await t.database.db.insert(loanProducts).values({ id: december.id, data: december, sort: -1 });
    const { token } = await signIn(t.app);
    // The seeded cash loan starts on 1 January.
    expect(await offered(t.app, token)).toEqual({ 'cash-loan-december': '0.12' });
    moveTo('2026-01-01');
    // A day later the session has expired: another sign-in, the same cached catalogue.
    expect(await offered(t.app, (await signIn(t.app)).token)).toEqual({ 'cash-loan': '0.07' });
  });

  it('offers a version approved by a second member from the next request, on this app and another one', async () => {
    moveTo('2026-01-05');
    // A second server process on the same database: its cache is its own, no message reaches it.
    const other = await t.rebuild();
    const borrower = await approvedBorrower(t.app, t.database.db, clock.now());
    for (const app of [t.app, other]) {
      expect(await offered(app, borrower.token)).toEqual({ 'cash-loan': '0.07' });
      expect((await planned(app, borrower.token)).caps.daily_cost_percent).toBe('0.1');
    }
    const before = await planned(t.app, borrower.token);

    t.clock = clock; // the staff helpers read the authenticator's code from it
    const admin = await verifiedAdministrator(t);
    const proposer = await verifiedStaff(t, admin.token, 'risk_reviewer');
    const approver = await verifiedStaff(t, admin.token, 'finance');
    const asked = await adminCall<{ request_id: string }>(t.app, 'POST', '/products/proposals', {
      token: proposer.token,
      body: {
        product: {
          ...cashLoanProduct,
          validFrom: '2026-01-05',
          pricing: { ...cashLoanProduct.pricing, serviceFee: '0.05' },
        },
        reason: 'cheaper service fee from today',
      },
    });
    expect(asked.body.code, JSON.stringify(asked.body)).toBe(200);
    // Not yet approved: still the seeded price.
    expect(await offered(other, borrower.token)).toEqual({ 'cash-loan': '0.07' });
    const approved = await adminCall(t.app, 'POST', `/approvals/${asked.body.data.request_id}/approve`, {
      token: approver.token,
      body: { reason: 'checked against the caps' },
    });
    expect(approved.body.code, JSON.stringify(approved.body)).toBe(200);

    for (const app of [t.app, other]) {
      expect(await offered(app, borrower.token)).toEqual({ 'cash-loan': '0.05' });
      const after = await planned(app, borrower.token);
      expect(after.caps.daily_cost_percent).toBe('0.08');
      expect(after.totals.fee).toBeLessThan(before.totals.fee);
    }
  });

  it('sees a hand-made UPDATE of a published version (no column of it says when) on the next request', async () => {
    const { token } = await signIn(t.app);
    expect(await offered(t.app, token)).toEqual({ 'cash-loan': '0.05' });
    const data = {
      ...cashLoanProduct,
      validFrom: '2026-01-05',
      pricing: { ...cashLoanProduct.pricing, serviceFee: '0.04' },
    };
    await t.database.db
      .update(loanProductVersions)
      .set({ data })
      .where(eq(loanProductVersions.productId, 'cash-loan'));
    expect(await offered(t.app, token)).toEqual({ 'cash-loan': '0.04' });
  });
});
