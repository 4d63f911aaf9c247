import { describe, expect, it } from 'vitest';
import { adminCollectionCalls as CALLS } from '@kaskita/domain/contract/admin-collections';
import { fillPath } from '@kaskita/domain/contract/endpoints';
import { ROLES } from '@kaskita/domain/staff/permissions';
import { signIn, useTestApp } from '../helpers/test-app.ts';
import { adminCall, enrolTotp, signInStaff, verifiedAdministrator, verifiedStaff } from './staff-helpers.ts';

const t = useTestApp();

/** The collections calls, each with a request an administrator would get past the guard. */
const REQUESTS: Record<keyof typeof CALLS, object | undefined> = {
  listCollectionQueue: undefined,
  getCollectionLoan: undefined,
  recordCollectionContact: { channel: 'call', outcome: 'reached', note: 'spoke' },
  recordPromiseToPay: { promised_date: '2026-03-05', amount: 100_000, reason: 'salary' },
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

describe('the collections calls refuse', () => {
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
      body: { email: 'otp.collector@kaskita.test', name: 'OTP', role: 'collector', reason: 'hired' },
    });
    const token = (
      await signInStaff(t.app, 'otp.collector@kaskita.test', created.body.data.one_time_password)
    ).body.data.token;
    await enrolTotp(t, token);
    for (const id of IDS) {
      const res = await request(id, token);
      expect([id, res.statusCode, res.json().code]).toEqual([id, 403, 4325]);
    }
  });

  it('a member without the permission (4033), before reading the input; collectors and administrators pass', async () => {
    const admin = await verifiedAdministrator(t);
    const auditor = await verifiedStaff(t, admin.token, 'auditor');
    const finance = await verifiedStaff(t, admin.token, 'finance');
    const collector = await verifiedStaff(t, admin.token, 'collector');
    const auditorMay = ROLES.auditor as readonly string[];
    const guarded = IDS.filter((id) => !auditorMay.includes(CALLS[id].staff));
    expect(guarded.sort()).toEqual(['recordCollectionContact', 'recordPromiseToPay']);
    for (const member of [auditor, finance]) {
      for (const id of guarded) {
        for (const body of [REQUESTS[id], {}]) {
          const res = await request(id, member.token, body);
          expect([id, res.statusCode, res.json().code]).toEqual([id, 403, 4033]);
        }
      }
    }
    // Past the guard, what answers is the call itself: the list, or no such loan.
    for (const member of [admin, collector]) {
      for (const id of IDS) {
        const code = (await request(id, member.token)).json().code;
        expect([id, [200, 4040].includes(code)]).toEqual([id, true]);
      }
    }
  });
});
