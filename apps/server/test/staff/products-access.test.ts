import { describe, expect, it } from 'vitest';
import { adminProductCalls } from '@kaskita/domain/contract/admin-products';
import { cashLoanProduct } from '@kaskita/domain/pricing/default-products';
import { useTestApp } from '../helpers/test-app.ts';
import { guardedCalls } from './guarded-calls.ts';
import { verifiedAdministrator, verifiedStaff } from './staff-helpers.ts';

const t = useTestApp();

/** The products and caps calls. */
const products = guardedCalls(t, {
  calls: adminProductCalls,
  requests: {
    listAdminProducts: undefined,
    getAdminProduct: undefined,
    listProductCaps: undefined,
    proposeProduct: { product: { ...cashLoanProduct, validFrom: '2026-04-01' }, reason: 'new prices' },
  },
  params: { id: 'cash-loan' },
});

describe('the products and caps calls refuse', () => {
  products.itRefusesWithoutAFullStaffSession();

  it('a staff member without the permission (4033), before reading the input; with it the call runs', async () => {
    const admin = await verifiedAdministrator(t);
    const auditor = await verifiedStaff(t, admin.token, 'auditor');
    // The reading calls are loan.read, which every role holds; proposing is product.propose.
    expect(products.closedTo('auditor')).toEqual(['proposeProduct']);
    await products.expectRefused(auditor, ['proposeProduct']);
    // Finance approves products but does not propose them: maker and checker are different roles.
    const finance = await verifiedStaff(t, admin.token, 'finance');
    expect(products.closedTo('finance')).toEqual(['proposeProduct']);
    await products.expectRefused(finance, ['proposeProduct']);
    await products.expectPastTheGuard(admin, [200]);
  });
});
