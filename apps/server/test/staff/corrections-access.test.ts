import { describe, expect, it } from 'vitest';
import { adminCorrectionCalls } from '@kaskita/domain/contract/admin-corrections';
import { ROLES } from '@kaskita/domain/staff/permissions';
import { useTestApp } from '../helpers/test-app.ts';
import { guardedCalls } from './guarded-calls.ts';
import { verifiedAdministrator, verifiedStaff } from './staff-helpers.ts';

const t = useTestApp();

/** Borrowers' correction requests of locked KTP fields (h/rights). */
const corrections = guardedCalls(t, {
  calls: adminCorrectionCalls,
  requests: {
    listCorrectionRequests: undefined,
    approveCorrection: { reason: 'matches the KTP photo' },
    refuseCorrection: { reason: 'not what the KTP says' },
  },
});

describe('the correction request calls refuse', () => {
  corrections.itRefusesWithoutAFullStaffSession();

  it('a staff member without personal_data.correct (4033), before reading the input; with it the call runs', async () => {
    const admin = await verifiedAdministrator(t);
    const collector = await verifiedStaff(t, admin.token, 'collector');
    expect(corrections.closedTo('collector')).toEqual(
      ['approveCorrection', 'listCorrectionRequests', 'refuseCorrection'].sort(),
    );
    await corrections.expectRefused(collector, corrections.closedTo('collector'));
    await corrections.expectPastTheGuard(admin);
    const support = await verifiedStaff(t, admin.token, 'customer_support');
    await corrections.expectPastTheGuard(support);
  });
});

describe('the correction permission', () => {
  it('personal_data.correct belongs to customer support and credit reviewers (identity checks), and administrators', () => {
    const holders = Object.entries(ROLES)
      .filter(([, permissions]) => (permissions as readonly string[]).includes('personal_data.correct'))
      .map(([role]) => role)
      .sort();
    expect(holders).toEqual(['administrator', 'customer_support', 'risk_reviewer']);
  });
});
