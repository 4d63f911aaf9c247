import { describe, expect, it } from 'vitest';
import { adminCareCalls } from '@kaskita/domain/contract/admin-care';
import { ROLES } from '@kaskita/domain/staff/permissions';
import { useTestApp } from '../helpers/test-app.ts';
import { guardedCalls } from './guarded-calls.ts';
import { verifiedAdministrator, verifiedStaff } from './staff-helpers.ts';

const t = useTestApp();

/** The care desk's calls (messages, feedback and complaints, disbursements). */
const care = guardedCalls(t, {
  calls: adminCareCalls,
  requests: {
    listOutbox: undefined,
    listFeedback: undefined,
    getFeedback: undefined,
    replyFeedback: { reply: 'We have looked into it' },
    closeFeedback: { resolution: 'Resolved' },
    listDisbursements: undefined,
    retryDisbursement: { reason: 'bank back up' },
    cancelDisbursement: { reason: 'borrower asked' },
  },
});

describe('the care desk calls refuse', () => {
  care.itRefusesWithoutAFullStaffSession();

  it('a staff member without the permission (4033), before reading the input; with it the call runs', async () => {
    const admin = await verifiedAdministrator(t);
    const auditor = await verifiedStaff(t, admin.token, 'auditor');
    const guarded = care.closedTo('auditor');
    // loan.read opens the outbox to every role, the auditor included: nobody holds less.
    expect(guarded).toEqual(
      [
        'cancelDisbursement',
        'closeFeedback',
        'getFeedback',
        'listDisbursements',
        'listFeedback',
        'replyFeedback',
        'retryDisbursement',
      ].sort(),
    );
    await care.expectRefused(auditor, guarded);
    await care.expectPastTheGuard(admin);
  });
});

describe('the care desk permissions', () => {
  it('complaint.answer belongs to customer support, disbursement.manage to finance, both to administrators', () => {
    const holders = (permission: string) =>
      Object.entries(ROLES)
        .filter(([, permissions]) => (permissions as readonly string[]).includes(permission))
        .map(([role]) => role)
        .sort();
    expect(holders('complaint.answer')).toEqual(['administrator', 'customer_support']);
    expect(holders('disbursement.manage')).toEqual(['administrator', 'finance']);
  });
});
