import { describe, expect, it } from 'vitest';
import { adminBorrowerCalls } from '@kaskita/domain/contract/admin-borrowers';
import { adminReviewCalls } from '@kaskita/domain/contract/admin-review';
import { useTestApp } from '../helpers/test-app.ts';
import { guardedCalls } from './guarded-calls.ts';
import { verifiedAdministrator, verifiedStaff } from './staff-helpers.ts';

const t = useTestApp();

/** The review queue's and the borrowers screens' calls. */
const review = guardedCalls(t, {
  calls: { ...adminReviewCalls, ...adminBorrowerCalls },
  requests: {
    listReviewQueue: undefined,
    getReviewApplication: undefined,
    decideReviewApplication: { outcome: 'reject', reason: 'checked' },
    searchBorrowers: { by: 'phone', q: '081234567890' },
    getBorrower: undefined,
    revealBorrowerPii: { field: 'nik', reason: 'identity check' },
    blockBorrower: { reason: 'fraud' },
    unblockBorrower: { reason: 'cleared' },
  },
});

describe('the review queue and borrowers calls refuse', () => {
  review.itRefusesWithoutAFullStaffSession();

  it('a staff member without the permission (4033), before reading the input; with it the call runs', async () => {
    const admin = await verifiedAdministrator(t);
    const auditor = await verifiedStaff(t, admin.token, 'auditor');
    const guarded = review.closedTo('auditor');
    // loan.read opens the reading calls to every role, the auditor included: nobody holds less.
    expect(guarded).toEqual(
      [
        'blockBorrower',
        'decideReviewApplication',
        'getReviewApplication',
        'listReviewQueue',
        'revealBorrowerPii',
        'unblockBorrower',
      ].sort(),
    );
    await review.expectRefused(auditor, guarded);
    await review.expectPastTheGuard(admin);
  });
});
