import { describe, expect, it } from 'vitest';
import { adminCollectionCalls } from '@kaskita/domain/contract/admin-collections';
import { useTestApp } from '../helpers/test-app.ts';
import { guardedCalls } from './guarded-calls.ts';
import { verifiedAdministrator, verifiedStaff } from './staff-helpers.ts';

const t = useTestApp();

/** The collections calls. */
const collections = guardedCalls(t, {
  calls: adminCollectionCalls,
  requests: {
    listCollectionQueue: undefined,
    getCollectionLoan: undefined,
    recordCollectionContact: { channel: 'call', outcome: 'reached', note: 'spoke' },
    recordPromiseToPay: { promised_date: '2026-03-05', amount: 100_000, reason: 'salary' },
  },
});

describe('the collections calls refuse', () => {
  collections.itRefusesWithoutAFullStaffSession('collector');

  it('a member without the permission (4033), before reading the input; collectors and administrators pass', async () => {
    const admin = await verifiedAdministrator(t);
    const auditor = await verifiedStaff(t, admin.token, 'auditor');
    const finance = await verifiedStaff(t, admin.token, 'finance');
    const collector = await verifiedStaff(t, admin.token, 'collector');
    const guarded = collections.closedTo('auditor');
    expect(guarded).toEqual(['recordCollectionContact', 'recordPromiseToPay']);
    expect(collections.closedTo('finance')).toEqual(guarded);
    await collections.expectRefused(auditor, guarded);
    await collections.expectRefused(finance, guarded);
    // Past the guard, what answers is the call itself: the list, or no such loan.
    await collections.expectPastTheGuard(admin);
    await collections.expectPastTheGuard(collector);
  });
});
