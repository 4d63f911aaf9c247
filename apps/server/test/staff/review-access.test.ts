import { describe, expect, it } from 'vitest';
import { adminBorrowerCalls } from '@kaskita/domain/contract/admin-borrowers';
import { adminReviewCalls } from '@kaskita/domain/contract/admin-review';
import { fillPath } from '@kaskita/domain/contract/endpoints';
import { ROLES } from '@kaskita/domain/staff/permissions';
import { signIn, useTestApp } from '../helpers/test-app.ts';
import { adminCall, enrolTotp, signInStaff, verifiedAdministrator, verifiedStaff } from './staff-helpers.ts';

const t = useTestApp();

/** The review queue's and the borrowers screens' calls, each with a request an administrator would get past the guard. */
const CALLS = { ...adminReviewCalls, ...adminBorrowerCalls };
const REQUESTS: Record<keyof typeof CALLS, object | undefined> = {
  listReviewQueue: undefined,
  getReviewApplication: undefined,
  decideReviewApplication: { outcome: 'reject', reason: 'checked' },
  searchBorrowers: { by: 'phone', q: '081234567890' },
  getBorrower: undefined,
  revealBorrowerPii: { field: 'nik', reason: 'identity check' },
  blockBorrower: { reason: 'fraud' },
  unblockBorrower: { reason: 'cleared' },
};

function request(id: keyof typeof CALLS, token?: string, body = REQUESTS[id]) {
  const definition = CALLS[id];
  return t.app.inject({
    method: definition.method,
    url: `/api${fillPath(definition.path, { id: '00000000-0000-4000-8000-000000000000' })}`,
    headers: { os: '4', ...(token ? { authorization: token } : {}) },
    ...(body ? { payload: body } : {}),
  });
}

const IDS = Object.keys(CALLS) as (keyof typeof CALLS)[];

describe('the review queue and borrowers calls refuse', () => {
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

  it('a member still on a one-time password (4325)', async () => {
    const admin = await verifiedAdministrator(t);
    const created = await adminCall<{ one_time_password: string }>(t.app, 'POST', '/staff', {
      token: admin.token,
      body: { email: 'otp.reviewer@kaskita.test', name: 'OTP', role: 'administrator', reason: 'deputy' },
    });
    const token = (await signInStaff(t.app, 'otp.reviewer@kaskita.test', created.body.data.one_time_password))
      .body.data.token;
    await enrolTotp(t, token);
    for (const id of IDS) {
      const res = await request(id, token);
      expect([id, res.statusCode, res.json().code]).toEqual([id, 403, 4325]);
    }
  });

  it('a staff member without the permission (4033), before reading the input; with it the call runs', async () => {
    const admin = await verifiedAdministrator(t);
    const auditor = await verifiedStaff(t, admin.token, 'auditor');
    const auditorMay = ROLES.auditor as readonly string[];
    const guarded = IDS.filter((id) => !auditorMay.includes(CALLS[id].staff));
    // loan.read opens the reading calls to every role, the auditor included: nobody holds less.
    expect(guarded.sort()).toEqual(
      [
        'blockBorrower',
        'decideReviewApplication',
        'getReviewApplication',
        'listReviewQueue',
        'revealBorrowerPii',
        'unblockBorrower',
      ].sort(),
    );
    for (const id of guarded) {
      for (const body of [REQUESTS[id], {}]) {
        const res = await request(id, auditor.token, body);
        expect([id, res.statusCode, res.json().code]).toEqual([id, 403, 4033]);
      }
    }
    // The same requests from an administrator pass the guard: what answers is the call itself.
    for (const id of IDS) {
      const code = (await request(id, admin.token)).json().code;
      expect([id, [200, 4040].includes(code)]).toEqual([id, true]);
    }
  });
});
