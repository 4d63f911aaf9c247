import { describe, expect, it } from 'vitest';
import { adminApprovalCalls } from '@kaskita/domain/contract/admin-approvals';
import { fillPath } from '@kaskita/domain/contract/endpoints';
import { signIn, useTestApp } from '../helpers/test-app.ts';
import { signInStaff, verifiedAdministrator, verifiedStaff } from '../staff/staff-helpers.ts';

const t = useTestApp();

/** A request each call would accept from a member allowed to make it, so a refusal is the guard's. */
const REQUESTS: Record<keyof typeof adminApprovalCalls, object | undefined> = {
  listApprovals: undefined,
  getApproval: undefined,
  approveApproval: { reason: 'checked' },
  rejectApproval: { reason: 'checked' },
  withdrawApproval: { reason: 'checked' },
  listReviewPayments: undefined,
  listOpenClaims: undefined,
  requestPaymentApply: { order_id: 'loan-1', reason: 'checked' },
  requestPaymentReturn: { reason: 'paid twice' },
  listClaimPayments: undefined,
  creditClaim: { payment_id: 'payment-1', reason: 'checked' },
  rejectClaim: { reason: 'no such transfer' },
  requestLateFeeWaiver: { reason: 'checked' },
  requestWriteOff: { reason: 'checked' },
  listStaffRefunds: undefined,
  requestRefundApproval: { reason: 'checked' },
  retryRefund: { reason: 'checked' },
  cancelRefund: { reason: 'checked' },
};

const CALLS = Object.values(adminApprovalCalls);
const BY_PERMISSION = CALLS.filter((c) => c.staff !== 'verified');

function request(callId: keyof typeof REQUESTS, token?: string, body = REQUESTS[callId]) {
  const definition = adminApprovalCalls[callId];
  return t.app.inject({
    method: definition.method,
    url: `/api${fillPath(definition.path, { id: '00000000-0000-4000-8000-000000000000' })}`,
    headers: { os: '4', ...(token ? { authorization: token } : {}) },
    ...(body ? { payload: body } : {}),
  });
}

describe('every maker-checker and payments-to-resolve call refuses', () => {
  it('covers every call, each a back-office one', () => {
    expect(CALLS.every((c) => c.staff !== undefined && !c.auth)).toBe(true);
    expect(CALLS.map((c) => c.id).sort()).toEqual(Object.keys(REQUESTS).sort());
  });

  it('no token, a made-up token and a borrower token (4047)', async () => {
    const borrower = await signIn(t.app);
    for (const c of CALLS) {
      for (const token of [undefined, 'made-up-token', borrower.token]) {
        const res = await request(c.id as keyof typeof REQUESTS, token);
        expect([c.id, res.statusCode, res.json().code]).toEqual([c.id, 401, 4047]);
      }
    }
  });

  it('a session whose second factor is not verified (4320)', async () => {
    const admin = await verifiedAdministrator(t);
    const pending = (await signInStaff(t.app, admin.email, admin.password)).body.data.token;
    for (const c of CALLS) {
      const res = await request(c.id as keyof typeof REQUESTS, pending);
      expect([c.id, res.statusCode, res.json().code]).toEqual([c.id, 401, 4320]);
    }
  });

  it('a verified member without the permission (4033), before the input is read', async () => {
    const admin = await verifiedAdministrator(t);
    const auditor = await verifiedStaff(t, admin.token, 'auditor');
    for (const c of BY_PERMISSION) {
      const res = await request(c.id as keyof typeof REQUESTS, auditor.token);
      expect([c.id, res.statusCode, res.json().code]).toEqual([c.id, 403, 4033]);
      const unread = await request(c.id as keyof typeof REQUESTS, auditor.token, {});
      expect([c.id, unread.json().code]).toEqual([c.id, 4033]);
    }
    // Open to any verified member, the approval calls decide per request: an auditor sees none and decides none.
    const list = await request('listApprovals', auditor.token);
    expect(list.json()).toMatchObject({ code: 200, data: { items: [], total: 0 } });
    for (const id of ['getApproval', 'approveApproval', 'rejectApproval', 'withdrawApproval'] as const)
      expect([id, (await request(id, auditor.token)).json().code]).toEqual([id, 4040]);
    // With the permission, the guard lets the call through to its own answer.
    const finance = await verifiedStaff(t, admin.token, 'finance');
    expect((await request('listReviewPayments', finance.token)).json().code).toBe(200);
    expect((await request('requestWriteOff', finance.token)).json().code).toBe(4310);
  });

  it('bad input answers a clear error code, never a 500', async () => {
    const admin = await verifiedAdministrator(t);
    const bad = [
      ['listApprovals', { scope: 'everyone' }],
      ['listReviewPayments', { page_size: '1000' }],
    ] as const;
    for (const [id, query] of bad) {
      const definition = adminApprovalCalls[id];
      const res = await t.app.inject({
        method: 'GET',
        url: `/api${definition.path}?${new URLSearchParams(query as Record<string, string>)}`,
        headers: { os: '4', authorization: admin.token },
      });
      expect([id, res.json().code]).toEqual([id, 4000]);
    }
    expect((await request('rejectClaim', admin.token, { reason: '' })).json().code).toBe(4000);
    expect(
      (await request('requestLateFeeWaiver', admin.token, { reason: 'x', amount: -5 })).json().code,
    ).toBe(4000);
    expect((await request('requestRefundApproval', admin.token)).json().code).toBe(4040);
  });
});
