import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import type { Role } from '@kaskita/domain/staff/permissions';
import { createAdministrator } from '../../src/cli/create-admin-command.ts';
import { loadEnv } from '../../src/env.ts';
import { call, newIp, TEST_ENV, type TestApp, type TestClock } from '../helpers/test-app.ts';

export interface StaffLogin {
  staffId: string;
  email: string;
  password: string;
  token: string;
  secret: string;
  recoveryCodes: string[];
}

let serial = 0;
export const newStaffEmail = (prefix = 'staff') => `${prefix}.${Date.now()}.${++serial}@kaskita.test`;

export function adminCall<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; body?: Record<string, unknown>; ip?: string } = {},
) {
  return call<T>(app, {
    method,
    url: `/api/admin${path}`,
    ...(options.body ? { payload: options.body } : {}),
    ...(options.token ? { token: options.token } : {}),
    ip: options.ip ?? '10.9.0.1',
  });
}

/** The authenticator app's current code, on the app's clock. */
export const totpNow = (secret: string, clock: TestClock) =>
  generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });

export function signInStaff(app: FastifyInstance, email: string, password: string, ip = newIp()) {
  return adminCall<{ token: string; next: string; idle_seconds: number; password_change_required: boolean }>(
    app,
    'POST',
    '/sign_in',
    {
      body: { email, password },
      ip,
    },
  );
}

/** Sets up the authenticator app of a freshly signed-in member and confirms it: the session is then verified. */
export async function enrolTotp(
  t: TestApp,
  token: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const enrolled = await adminCall<{ secret: string }>(t.app, 'POST', '/totp/enrol', { token });
  if (enrolled.body.code !== 200) throw new Error(`enrol: ${JSON.stringify(enrolled.body)}`);
  const secret = enrolled.body.data.secret;
  const confirmed = await adminCall<{ recovery_codes: string[] }>(t.app, 'POST', '/totp/confirm', {
    token,
    body: { totp_code: await totpNow(secret, t.clock) },
  });
  if (confirmed.body.code !== 200) throw new Error(`confirm: ${JSON.stringify(confirmed.body)}`);
  // The code just used is spent: the next one comes from the next 30 s step.
  t.clock.advance(30);
  return { secret, recoveryCodes: confirmed.body.data.recovery_codes };
}

/** A first administrator made by `npm run admin:create`'s command, signed in with a verified second factor. */
export async function verifiedAdministrator(t: TestApp): Promise<StaffLogin> {
  const email = newStaffEmail('admin');
  const password = 'Kelapa8Muda';
  const lines: string[] = [];
  const code = await createAdministrator(
    loadEnv({}, TEST_ENV),
    { email, name: 'Ayu Administrator', password },
    { database: t.database, clock: t.clock, write: (line) => lines.push(line) },
  );
  if (code !== 0) throw new Error(lines.join('\n'));
  return firstSignIn(t, email, password);
}

/**
 * A member of a role, created by an administrator through the API, signed in with the one-time password, past the
 * second factor and with a password of their own.
 */
export async function verifiedStaff(t: TestApp, adminToken: string, role: Role): Promise<StaffLogin> {
  const email = newStaffEmail(role);
  const created = await adminCall<{ one_time_password: string }>(t.app, 'POST', '/staff', {
    token: adminToken,
    body: { email, name: `A ${role}`, role, reason: 'joined the team' },
  });
  if (created.body.code !== 200) throw new Error(`create: ${JSON.stringify(created.body)}`);
  return firstSignIn(t, email, created.body.data.one_time_password);
}

/** The password a member chooses in place of an administrator's one-time password. */
export const OWN_PASSWORD = 'Manggis3Ungu';

async function firstSignIn(t: TestApp, email: string, oneTimeOrOwn: string): Promise<StaffLogin> {
  let password = oneTimeOrOwn;
  const signedIn = await signInStaff(t.app, email, password);
  if (signedIn.body.code !== 200) throw new Error(`sign in: ${JSON.stringify(signedIn.body)}`);
  const { token, password_change_required } = signedIn.body.data;
  const { secret, recoveryCodes } = await enrolTotp(t, token);
  if (password_change_required) {
    const changed = await adminCall(t.app, 'POST', '/password', {
      token,
      body: { old_password: password, password: OWN_PASSWORD, confirm_password: OWN_PASSWORD },
    });
    if (changed.body.code !== 200) throw new Error(`password: ${JSON.stringify(changed.body)}`);
    password = OWN_PASSWORD;
  }
  const tree = await adminCall<{ staff: { id: string } }>(t.app, 'GET', '/permissions/user/tree', { token });
  return { staffId: tree.body.data.staff.id, email, password, token, secret, recoveryCodes };
}

/** A new verified session of a member who has signed in before (after the clock outran their session's idle time). */
export async function freshSession(t: TestApp, member: StaffLogin): Promise<string> {
  const signedIn = await signInStaff(t.app, member.email, member.password);
  if (signedIn.body.code !== 200) throw new Error(`sign in: ${JSON.stringify(signedIn.body)}`);
  const token = signedIn.body.data.token;
  const verified = await adminCall(t.app, 'POST', '/totp/verify', {
    token,
    body: { totp_code: await totpNow(member.secret, t.clock) },
  });
  if (verified.body.code !== 200) throw new Error(`verify: ${JSON.stringify(verified.body)}`);
  // The code just used is spent: the next one comes from the next 30 s step.
  t.clock.advance(30);
  return token;
}
