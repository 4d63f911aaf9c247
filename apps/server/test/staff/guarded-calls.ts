// The refusals every permission-guarded back-office call shares, written once for the access tests of each area
// (review, products, collections, care ...): no staff session, an unverified one, a one-time password, a missing
// permission. Each area's file lists its calls with a request that passes the guard, and keeps what is its own.
import { expect, it } from 'vitest';
import { fillPath, type Endpoint } from '@kaskita/domain/contract/endpoints';
import { ROLES, type Role } from '@kaskita/domain/staff/permissions';
import { signIn, type TestApp } from '../helpers/test-app.ts';
import {
  adminCall,
  enrolTotp,
  signInStaff,
  verifiedAdministrator,
  type StaffLogin,
} from './staff-helpers.ts';

/** An id that names nothing: past the guard, a call on it answers 4040 rather than being refused. */
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

export interface GuardedCalls<Id extends string> {
  calls: Record<Id, Endpoint>;
  /** Per call, a body an administrator gets past the guard with (undefined: none). */
  requests: Record<Id, object | undefined>;
  /** The path's parameters; `id` is NO_SUCH_ID unless given. */
  params?: Record<string, string>;
}

export function guardedCalls<Id extends string>(t: TestApp, spec: GuardedCalls<Id>) {
  const ids = Object.keys(spec.calls) as Id[];
  const request = (id: Id, token?: string, body = spec.requests[id]) => {
    const definition = spec.calls[id];
    return t.app.inject({
      method: definition.method,
      url: `/api${fillPath(definition.path, { id: NO_SUCH_ID, ...spec.params })}`,
      headers: { os: '4', ...(token ? { authorization: token } : {}) },
      ...(body ? { payload: body } : {}),
    });
  };

  return {
    ids,
    request,
    /** The calls a role's permissions do not open. */
    closedTo: (role: Role) =>
      ids.filter((id) => !(ROLES[role] as readonly string[]).includes(spec.calls[id].staff ?? '')).sort(),

    /**
     * Adds the shared refusals to the describe block it is called in. `oneTimeRole`: the role of the member made to
     * sign in with a one-time password (any role: the refusal comes before the permission).
     */
    itRefusesWithoutAFullStaffSession(oneTimeRole: Role = 'administrator') {
      it('every one of them needs a staff permission', () => {
        for (const id of ids) expect([id, typeof spec.calls[id].staff]).toEqual([id, 'string']);
        const bySession = ids.filter((id) =>
          ['password', 'two_factors', 'verified'].includes(spec.calls[id].staff ?? ''),
        );
        expect(bySession).toEqual([]);
      });

      it('no token, a made-up token and a borrower token (4047)', async () => {
        const borrower = await signIn(t.app);
        for (const id of ids) {
          for (const token of [undefined, 'made-up-token', borrower.token]) {
            const res = await request(id, token);
            expect([id, res.statusCode, res.json().code]).toEqual([id, 401, 4047]);
          }
        }
      });

      it('a session whose second factor is not verified (4320)', async () => {
        const admin = await verifiedAdministrator(t);
        const pending = (await signInStaff(t.app, admin.email, admin.password)).body.data.token;
        for (const id of ids) {
          const res = await request(id, pending);
          expect([id, res.statusCode, res.json().code]).toEqual([id, 401, 4320]);
        }
      });

      it('a member still on a one-time password (4325)', async () => {
        const admin = await verifiedAdministrator(t);
        const email = `otp.${oneTimeRole}.${Date.now()}@kaskita.test`;
        const created = await adminCall<{ one_time_password: string }>(t.app, 'POST', '/staff', {
          token: admin.token,
          body: { email, name: 'OTP', role: oneTimeRole, reason: 'hired' },
        });
        const token = (await signInStaff(t.app, email, created.body.data.one_time_password)).body.data.token;
        await enrolTotp(t, token);
        for (const id of ids) {
          const res = await request(id, token);
          expect([id, res.statusCode, res.json().code]).toEqual([id, 403, 4325]);
        }
      });
    },

    /** Each call is refused to the member (4033), with its request and with an empty body: before reading input. */
    async expectRefused(member: StaffLogin, callIds: readonly Id[]) {
      for (const id of callIds) {
        for (const body of [spec.requests[id], {}]) {
          const res = await request(id, member.token, body);
          expect([id, res.statusCode, res.json().code]).toEqual([id, 403, 4033]);
        }
      }
    },

    /** Every call gets past the guard for the member: what answers is the call itself (`codes`). */
    async expectPastTheGuard(member: StaffLogin, codes: readonly number[] = [200, 4040]) {
      for (const id of ids) {
        const code = (await request(id, member.token)).json().code;
        expect([id, code, codes.includes(code)]).toEqual([id, code, true]);
      }
    },
  };
}
