import { describe, expect, it } from 'vitest';
import { adminProductCalls } from '@kaskita/domain/contract/admin-products';
import { fillPath } from '@kaskita/domain/contract/endpoints';
import { cashLoanProduct } from '@kaskita/domain/pricing/default-products';
import { ROLES } from '@kaskita/domain/staff/permissions';
import { signIn, useTestApp } from '../helpers/test-app.ts';
import { signInStaff, verifiedAdministrator, verifiedStaff } from './staff-helpers.ts';

const t = useTestApp();

/** The products and caps calls, each with a request an administrator would get past the guard. */
const CALLS = adminProductCalls;
const REQUESTS: Record<keyof typeof CALLS, object | undefined> = {
  listAdminProducts: undefined,
  getAdminProduct: undefined,
  listProductCaps: undefined,
  proposeProduct: { product: { ...cashLoanProduct, validFrom: '2026-04-01' }, reason: 'new prices' },
};
const IDS = Object.keys(CALLS) as (keyof typeof CALLS)[];

function request(id: keyof typeof CALLS, token?: string, body = REQUESTS[id]) {
  const definition = CALLS[id];
  return t.app.inject({
    method: definition.method,
    url: `/api${fillPath(definition.path, { id: 'cash-loan' })}`,
    headers: { os: '4', ...(token ? { authorization: token } : {}) },
    ...(body ? { payload: body } : {}),
  });
}

describe('the products and caps calls refuse', () => {
  it('every one of them needs a staff permission', () => {
    for (const id of IDS) expect([id, typeof CALLS[id].staff]).toEqual([id, 'string']);
    expect(IDS.filter((id) => !['password', 'two_factors', 'verified'].includes(CALLS[id].staff))).toEqual(
      IDS,
    );
  });

  it('no token, a made-up token and a borrower token (4047)', async () => {
    const borrower = await signIn(t.app);
    for (const id of IDS) {
      for (const token of [undefined, 'made-up-token', borrower.token]) {
        const res = await request(id, token);
        expect([id, res.statusCode, res.json().code]).toEqual([id, 401, 4047]);
      }
    }
  });

  it('a session whose second factor is not verified (4320)', async () => {
    const admin = await verifiedAdministrator(t);
    const pending = (await signInStaff(t.app, admin.email, admin.password)).body.data.token;
    for (const id of IDS) {
      const res = await request(id, pending);
      expect([id, res.statusCode, res.json().code]).toEqual([id, 401, 4320]);
    }
  });

  it('a staff member without the permission (4033), before reading the input; with it the call runs', async () => {
    const admin = await verifiedAdministrator(t);
    const auditor = await verifiedStaff(t, admin.token, 'auditor');
    const auditorMay = ROLES.auditor as readonly string[];
    const guarded = IDS.filter((id) => !auditorMay.includes(CALLS[id].staff));
    // The reading calls are loan.read, which every role holds; proposing is product.propose.
    expect(guarded).toEqual(['proposeProduct']);
    for (const body of [REQUESTS.proposeProduct, {}]) {
      const res = await request('proposeProduct', auditor.token, body);
      expect([res.statusCode, res.json().code]).toEqual([403, 4033]);
    }
    // Finance approves products but does not propose them: maker and checker are different roles.
    const finance = await verifiedStaff(t, admin.token, 'finance');
    expect((await request('proposeProduct', finance.token)).json().code).toBe(4033);
    for (const id of IDS) {
      const res = await request(id, admin.token);
      expect([id, res.statusCode, res.json().code]).toEqual([id, 200, 200]);
    }
  });
});
