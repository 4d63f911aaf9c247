// Staff for a journey, set up through the API (fast: no UI steps), and a browser context that starts signed in as
// one of them. For journeys whose subject is not the sign-in itself (review queue, payments, products ...).
import type { BrowserContext } from 'playwright-core';
import { ENDPOINT, type CallId } from '@kaskita/domain/contract/endpoints';
import type { Role } from '@kaskita/domain/staff/permissions';
import { apiPath } from '../../../web/e2e/support/api-path.ts';
import { totpCode } from './staff.ts';

/** The demo administrator server.ts seeds outside production (apps/server/src/db/demo-seed.ts). */
export const DEMO_ADMINISTRATOR = {
  email: 'admin@kaskita.test',
  name: 'Demo Administrator',
  password: 'BackOffice2026',
};

export interface StaffMember {
  email: string;
  name: string;
  password: string;
  role: Role;
  /** A verified session's token: the member's API calls, or a page opened with `signedInPage`. */
  token: string;
  /** The authenticator app's secret: `totpCode(secret)` for a UI sign-in (a code is accepted once per 30 s). */
  secret: string;
}

async function api<T>(baseUrl: string, id: CallId, token: string | null, body?: object): Promise<T> {
  const { method } = ENDPOINT[id];
  const res = await fetch(baseUrl + apiPath(id), {
    method,
    headers: {
      os: '4',
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${id}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** The server's time: the dev clock a journey may have moved (by days, or on to a time of day: then its 30 s steps
 * no longer line up with ours). */
async function serverNow(baseUrl: string): Promise<Date> {
  return new Date((await api<{ now: string }>(baseUrl, 'getDevClock', null)).now);
}

/** The app's code at the server's time: the server checks codes on its own clock (staff-totp.ts). */
async function serverTotp(baseUrl: string, secret: string): Promise<string> {
  return totpCode(secret, await serverNow(baseUrl));
}

/** A code the server has not accepted yet: after a refusal (the step's code already used), the next step's. */
async function secondFactor(
  baseUrl: string,
  id: 'adminConfirmTotp' | 'adminVerifyTotp',
  token: string,
  secret: string,
) {
  try {
    await api(baseUrl, id, token, { totp_code: await serverTotp(baseUrl, secret) });
  } catch {
    // Until the server's clock enters its next step.
    const ms = (await serverNow(baseUrl)).getTime();
    await new Promise((r) => setTimeout(r, 30_000 - (ms % 30_000) + 200));
    await api(baseUrl, id, token, { totp_code: await serverTotp(baseUrl, secret) });
  }
}

/** Signs a member in past the second factor, setting up the app if they have none; answers token and secret. */
async function signIn(
  baseUrl: string,
  email: string,
  password: string,
  knownSecret?: string,
): Promise<{ token: string; secret: string; passwordChangeRequired: boolean }> {
  const answer = await api<{ token: string; next: string; password_change_required: boolean }>(
    baseUrl,
    'adminSignIn',
    null,
    { email, password },
  );
  let secret = knownSecret;
  if (answer.next === 'enrol_totp') {
    secret = (await api<{ secret: string }>(baseUrl, 'adminEnrolTotp', answer.token)).secret;
    await secondFactor(baseUrl, 'adminConfirmTotp', answer.token, secret);
  } else {
    if (!secret) throw new Error(`${email} has an authenticator app already: pass its secret`);
    await secondFactor(baseUrl, 'adminVerifyTotp', answer.token, secret);
  }
  return { token: answer.token, secret, passwordChangeRequired: answer.password_change_required };
}

const administrators = new Map<string, Promise<StaffMember>>();

/**
 * The demo administrator with a verified API session, once per server. If the journey already set up their app
 * through the UI, pass its secret.
 */
export function apiAdministrator(baseUrl: string, secret?: string): Promise<StaffMember> {
  let admin = administrators.get(baseUrl);
  if (!admin) {
    admin = signIn(baseUrl, DEMO_ADMINISTRATOR.email, DEMO_ADMINISTRATOR.password, secret).then((s) => ({
      ...DEMO_ADMINISTRATOR,
      role: 'administrator' as const,
      token: s.token,
      secret: s.secret,
    }));
    administrators.set(baseUrl, admin);
  }
  return admin;
}

let serial = 0;

/**
 * A new member of a role, created by an administrator (with a reason, as the staff page does), past their
 * first sign-in: authenticator app set up and their own password chosen.
 */
export async function staffMember(
  baseUrl: string,
  role: Role,
  options: { name?: string; adminToken?: string } = {},
): Promise<StaffMember> {
  const name = options.name ?? `E2E ${role}`;
  // An administrator's token the journey already holds (e.g. read from a signed-in page), or the demo one's.
  const adminToken = options.adminToken ?? (await apiAdministrator(baseUrl)).token;
  const email = `${role.replace('_', '.')}.${Date.now()}.${++serial}@kaskita.test`;
  const created = await api<{ one_time_password: string }>(baseUrl, 'createStaff', adminToken, {
    email,
    name,
    role,
    reason: 'e2e journey staff',
  });
  const password = `Own${serial}Password${Date.now() % 1000}`.slice(0, 20);
  const session = await signIn(baseUrl, email, created.one_time_password);
  await api(baseUrl, 'adminChangePassword', session.token, {
    old_password: created.one_time_password,
    password,
    confirm_password: password,
  });
  return { email, name, password, role, token: session.token, secret: session.secret };
}

/**
 * Makes every page of the context start signed in as the member (the token where the app keeps it: sessionStorage,
 * lib/session.ts), so a journey opens `/admin/<page>` directly.
 */
export async function signInContextAs(context: BrowserContext, member: StaffMember): Promise<void> {
  const state = JSON.stringify({ token: member.token, stage: 'ready', passwordChangeRequired: false });
  await context.addInitScript((value) => {
    if (!sessionStorage.getItem('kaskita.admin.session'))
      sessionStorage.setItem('kaskita.admin.session', value);
  }, state);
}

/**
 * The member signed in again, past the second factor: a journey that moved the dev clock by hours has outlived their
 * session.
 */
export async function signInAgain(baseUrl: string, member: StaffMember): Promise<StaffMember> {
  const { token } = await signIn(baseUrl, member.email, member.password, member.secret);
  return { ...member, token };
}
