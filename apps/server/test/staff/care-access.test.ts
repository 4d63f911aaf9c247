import { describe, expect, it } from 'vitest';
import { adminCareCalls } from '@kaskita/domain/contract/admin-care';
import { fillPath } from '@kaskita/domain/contract/endpoints';
import { ROLES } from '@kaskita/domain/staff/permissions';
import { signIn, useTestApp } from '../helpers/test-app.ts';
import { adminCall, enrolTotp, signInStaff, verifiedAdministrator, verifiedStaff } from './staff-helpers.ts';

const t = useTestApp();

/** The care desk's calls (messages, feedback and complaints, disbursements), each with a request that passes the guard. */
const CALLS = adminCareCalls;
const REQUESTS: Record<keyof typeof CALLS, object | undefined> = {
  listOutbox: undefined,
  listFeedback: undefined,
  getFeedback: undefined,
  replyFeedback: { reply: 'We have looked into it' },
  closeFeedback: { resolution: 'Resolved' },
  listDisbursements: undefined,
  retryDisbursement: { reason: 'bank back up' },
  cancelDisbursement: { reason: 'borrower asked' },
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

describe('the care desk calls refuse', () => {
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
      body: { email: 'otp.care@kaskita.test', name: 'OTP', role: 'administrator', reason: 'deputy' },
    });
    const token = (await signInStaff(t.app, 'otp.care@kaskita.test', created.body.data.one_time_password))
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
    // loan.read opens the outbox to every role, the auditor included: nobody holds less.
    expect(guarded.sort()).toEqual(
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
