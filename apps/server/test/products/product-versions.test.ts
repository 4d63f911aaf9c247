import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalView } from '@kaskita/domain/contract/admin-approvals';
import type { LoanProducts } from '@kaskita/domain/contract/loans';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import { cashLoanProduct } from '@kaskita/domain/pricing/default-products';
import { auditLog } from '../../src/commands/audit-schema.ts';
import { approvalRequests } from '../../src/modules/approvals/approvals-schema.ts';
import { call, signIn, TestClock, useTestApp } from '../helpers/test-app.ts';
import {
  adminCall,
  freshSession,
  verifiedAdministrator,
  verifiedStaff,
  type StaffLogin,
} from '../staff/staff-helpers.ts';

// December 2025: the 0.2 %/day consumptive cap is in force and the 0.1 % step of 1 January 2026 is still to come.
const clock = new TestClock('2025-12-01T03:00:00.000Z');
const t = useTestApp({ clock });

let admin: StaffLogin;
let proposer: StaffLogin;
let approver: StaffLogin;
beforeAll(async () => {
  // The staff helpers read the authenticator's code from t.clock: the app's own clock.
  t.clock = clock;
  admin = await verifiedAdministrator(t);
  proposer = await verifiedStaff(t, admin.token, 'risk_reviewer');
  approver = await verifiedStaff(t, admin.token, 'finance');
});

/** The seeded cash loan with other prices and days. */
const cashLoan = (fee: string, validFrom: string, extra: Record<string, unknown> = {}) => ({
  ...cashLoanProduct,
  validFrom,
  pricing: { ...cashLoanProduct.pricing, serviceFee: fee },
  ...extra,
});

interface CapViolationData {
  date: string;
  code: string;
  rows: string[];
  message: { 'en-US': string; 'id-ID': string };
}

const propose = (token: string, product: object, reason = 'cheaper service fee for the new year') =>
  adminCall<{ request_id: string; state: string }>(t.app, 'POST', '/products/proposals', {
    token,
    body: { product, reason },
  });
const decide = (token: string, id: string, how: 'approve' | 'withdraw') =>
  adminCall<{ id: string; state: string }>(t.app, 'POST', `/approvals/${id}/${how}`, {
    token,
    body: { reason: `${how}: checked against the caps` },
  });

/** Moves the clock to 10:00 in Jakarta on `date`; staff sessions idle that long are gone, so everyone signs in again. */
async function moveTo(date: string) {
  clock.advance((Date.parse(`${date}T03:00:00.000Z`) - clock.now().getTime()) / 1000);
  expect(businessDateAt(clock.now())).toBe(date);
  for (const member of [admin, proposer, approver]) member.token = await freshSession(t, member);
}

/** The cash-loan service fee a signed-in borrower is offered today, or null when no cash loan is offered. */
async function offeredFee(): Promise<string | null> {
  const { token } = await signIn(t.app);
  const { body } = await call<LoanProducts>(t.app, { method: 'GET', url: '/api/v1/loan_products', token });
  expect(body.code, JSON.stringify(body)).toBe(200);
  return body.data.list.find((p) => p.pid === 'cash-loan')?.daily_service_fee_percent ?? null;
}

const publishRequests = () =>
  t.database.db.select().from(approvalRequests).where(eq(approvalRequests.command, 'product.publish'));

describe('proposing a product version checks the caps over its whole offer', () => {
  it('refuses one over the cap in force on its start day, naming the day and the rule in both languages', async () => {
    const res = await propose(proposer.token, cashLoan('0.25', '2025-12-05'));
    expect([res.res.statusCode, res.body.code]).toEqual([422, 4380]);
    const violations = (res.body as unknown as { data: { cap_violations: CapViolationData[] } }).data
      .cap_violations;
    const benefit = violations.filter(
      (v) => v.code === 'economic-benefit-over-cap' && v.date === '2025-12-05',
    );
    // Every tenor of the product is above it on its first day, under 2025's consumptive step (and again from 2026).
    expect(benefit.length).toBe(cashLoanProduct.tenors.length);
    expect(violations.length).toBe(2 * cashLoanProduct.tenors.length);
    expect(benefit[0]!.rows).toEqual(['seojk-2025-consumptive']);
    expect(benefit[0]!.message['en-US']).toBe(
      'From 2025-12-05, the daily economic benefit (interest and fees) for 14 days is 0.28 %, above the cap of 0.2 % (seojk-2025-consumptive)',
    );
    expect(benefit[0]!.message['id-ID']).toBe(
      'Mulai 2025-12-05, manfaat ekonomi harian (bunga dan biaya) untuk 14 hari adalah 0.28 %, di atas batas 0.2 % (seojk-2025-consumptive)',
    );
    expect(await publishRequests()).toEqual([]);
  });

  it('refuses one that passes today but breaks a cap row coming into force later, unless it ends before', async () => {
    const december = { id: 'cash-loan-december', name: 'Pinjaman Desember' };
    const open = await propose(proposer.token, cashLoan('0.12', '2025-12-10', december));
    expect([open.res.statusCode, open.body.code]).toEqual([422, 4380]);
    const violations = (open.body as unknown as { data: { cap_violations: CapViolationData[] } }).data
      .cap_violations;
    expect(new Set(violations.map((v) => `${v.date} ${v.code} ${v.rows.join()}`))).toEqual(
      new Set(['2026-01-01 economic-benefit-over-cap seojk-2026-consumptive']),
    );

    const ending = await propose(
      proposer.token,
      cashLoan('0.12', '2025-12-10', { ...december, validTo: '2025-12-31' }),
    );
    expect(ending.body.code, JSON.stringify(ending.body)).toBe(200);
    expect(ending.body.data.state).toBe('pending');
    expect((await decide(proposer.token, ending.body.data.request_id, 'withdraw')).body.code).toBe(200);
  });

  it('refuses a start day in the past (4381)', async () => {
    const res = await propose(proposer.token, cashLoan('0.06', '2025-11-30'));
    expect([res.res.statusCode, res.body.code]).toEqual([409, 4381]);
  });

  it('refuses an invalid product with the field that is wrong', async () => {
    const res = await propose(proposer.token, { ...cashLoan('0.06', '2026-01-10'), tenors: [] });
    expect(res.body.code).toBe(4000);
    expect(JSON.stringify(res.body.data)).toContain('tenors');
  });
});

describe('a proposal approved by a second member is offered from its start day', () => {
  let firstRequest = '';

  it('nobody approves their own proposal; the approver sees what will change', async () => {
    // The administrator holds product.propose and product.approve: only the second-person rule stops them.
    const asked = await propose(admin.token, cashLoan('0.06', '2026-01-10'));
    expect(asked.body.code, JSON.stringify(asked.body)).toBe(200);
    firstRequest = asked.body.data.request_id;
    const own = await decide(admin.token, firstRequest, 'approve');
    expect([own.res.statusCode, own.body.code]).toEqual([403, 4350]);

    const seen = await adminCall<ApprovalView>(t.app, 'GET', `/approvals/${firstRequest}`, {
      token: approver.token,
    });
    expect(seen.body.data.can_decide).toBe(true);
    expect(seen.body.data.preview).toMatchObject({
      product_id: 'cash-loan',
      version: 1,
      starts_on: '2026-01-10',
      ends_on: null,
      replaces: { version: 0, ends_on: null, now_ends_on: '2026-01-09' },
      cap_checked_on: ['2026-01-10'],
      changes: { 'pricing.serviceFee': { before: '0.07', after: '0.06' }, validFrom: expect.any(Object) },
    });
  });

  it('after approval the borrower is offered the seeded product until the day before, the new one from its day', async () => {
    const approved = await decide(approver.token, firstRequest, 'approve');
    expect(approved.body.code, JSON.stringify(approved.body)).toBe(200);

    expect(await offeredFee()).toBeNull(); // December: the seeded cash loan starts on 1 January
    await moveTo('2026-01-09');
    expect(await offeredFee()).toBe('0.07');
    await moveTo('2026-01-10');
    expect(await offeredFee()).toBe('0.06');

    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          inArray(auditLog.command, ['approval.request', 'approval.approve', 'product.publish']),
          inArray(auditLog.subjectId, [firstRequest, 'cash-loan']),
        ),
      );
    const byCommand = Object.fromEntries(rows.map((r) => [r.command, r]));
    expect(byCommand['approval.request']).toMatchObject({ actorId: admin.staffId, outcome: 'requested' });
    expect(byCommand['approval.approve']).toMatchObject({ actorId: approver.staffId, outcome: 'approved' });
    expect(byCommand['product.publish']).toMatchObject({
      actorId: approver.staffId,
      subjectType: 'product',
      outcome: 'published',
      reason: `approval ${firstRequest}: cheaper service fee for the new year`,
      after: { version: 1, starts_on: '2026-01-10', ends_on: null },
    });
  });

  it('a new version replaces the old one from its start day; the product shows every version', async () => {
    const early = await propose(proposer.token, cashLoan('0.05', '2026-01-10'));
    expect([early.res.statusCode, early.body.code]).toEqual([409, 4381]); // not after version 1's start

    const asked = await propose(proposer.token, cashLoan('0.05', '2026-02-01'));
    expect(asked.body.code, JSON.stringify(asked.body)).toBe(200);
    const approved = await decide(approver.token, asked.body.data.request_id, 'approve');
    expect(approved.body.code, JSON.stringify(approved.body)).toBe(200);

    const detail = await adminCall<{
      versions: { version: number; state: string; starts_on: string | null; ends_on: string | null }[];
    }>(t.app, 'GET', '/products/cash-loan', { token: approver.token });
    expect(
      detail.body.data.versions.map(({ version, state, starts_on, ends_on }) => ({
        version,
        state,
        starts_on,
        ends_on,
      })),
    ).toEqual([
      { version: 0, state: 'ended', starts_on: '2026-01-01', ends_on: '2026-01-09' },
      { version: 1, state: 'offered', starts_on: '2026-01-10', ends_on: '2026-01-31' },
      { version: 2, state: 'scheduled', starts_on: '2026-02-01', ends_on: null },
    ]);

    await moveTo('2026-01-31');
    expect(await offeredFee()).toBe('0.06');
    await moveTo('2026-02-01');
    expect(await offeredFee()).toBe('0.05');

    const list = await adminCall<{ items: { product_id: string; current_version: number | null }[] }>(
      t.app,
      'GET',
      '/products',
      { token: approver.token },
    );
    expect(list.body.data.items.find((p) => p.product_id === 'cash-loan')?.current_version).toBe(2);
    const caps = await adminCall<{
      rows: { id: string; products: { product_id: string; version: number; allowed: boolean }[] }[];
    }>(t.app, 'GET', '/product_caps', { token: approver.token });
    const row2026 = caps.body.data.rows.find((r) => r.id === 'seojk-2026-consumptive')!;
    expect(row2026.products.filter((p) => p.product_id === 'cash-loan')).toEqual([
      { product_id: 'cash-loan', version: 2, allowed: true, violations: [] },
    ]);
  });
});

describe('approval checks the proposal again', () => {
  it('refuses to publish a version whose start day has passed while it waited; the request stays pending', async () => {
    const asked = await propose(proposer.token, cashLoan('0.04', '2026-02-02'));
    expect(asked.body.code, JSON.stringify(asked.body)).toBe(200);
    await moveTo('2026-02-03');
    const late = await decide(approver.token, asked.body.data.request_id, 'approve');
    expect([late.res.statusCode, late.body.code]).toEqual([409, 4381]);
    const [row] = (await publishRequests()).filter((r) => r.id === asked.body.data.request_id);
    expect(row?.state).toBe('pending');
    expect(await offeredFee()).toBe('0.05');
  });
});
