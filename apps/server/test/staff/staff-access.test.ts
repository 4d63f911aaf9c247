import { describe, expect, it } from 'vitest';
import { adminCalls } from '@kaskita/domain/contract/admin';
import { adminAdministrationCalls } from '@kaskita/domain/contract/admin-administration';
import { fillPath } from '@kaskita/domain/contract/endpoints';
import { MENU } from '@kaskita/domain/staff/menu-tree';
import { PERMISSIONS, ROLES, type Role } from '@kaskita/domain/staff/permissions';
import { signIn, useTestApp } from '../helpers/test-app.ts';
import { adminCall, enrolTotp, signInStaff, verifiedAdministrator, verifiedStaff } from './staff-helpers.ts';

const t = useTestApp();

interface Tree {
  staff: { role: Role };
  permissions: string[];
  menus: { key: string; pages: { key: string; permission: string }[] }[];
}
const treeOf = async (token: string) =>
  (await adminCall<Tree>(t.app, 'GET', '/permissions/user/tree', { token })).body;

describe('the permissions tree', () => {
  it('an administrator sees every page of the menu', async () => {
    const admin = await verifiedAdministrator(t);
    const tree = await treeOf(admin.token);
    expect(tree.code).toBe(200);
    expect(tree.data.staff.role).toBe('administrator');
    expect(tree.data.menus.map((g) => g.key)).toEqual(MENU.map((g) => g.key));
    expect(tree.data.menus.flatMap((g) => g.pages.map((p) => p.key))).toEqual(
      MENU.flatMap((g) => g.pages.map((p) => p.key)),
    );
  });

  it('an auditor sees only reading pages, and groups with none are left out', async () => {
    const admin = await verifiedAdministrator(t);
    const auditor = await verifiedStaff(t, admin.token, 'auditor');
    const tree = await treeOf(auditor.token);
    expect(tree.data.permissions.sort()).toEqual([PERMISSIONS.auditRead, PERMISSIONS.loanRead].sort());
    expect(tree.data.menus.map((g) => [g.key, g.pages.map((p) => p.key)])).toEqual([
      ['loans', ['loans.dashboard', 'loans.list']],
      ['borrowers', ['borrowers.search']],
      ['care', ['care.messages']],
      // Empty for an auditor, who asks for and decides nothing, but readable like the loans.
      ['approvals', ['approvals.queue']],
      ['products', ['products.list', 'products.caps']],
      ['administration', ['administration.audit']],
    ]);
  });

  it('each role sees exactly the pages its permissions open, labelled in the lan language', async () => {
    const admin = await verifiedAdministrator(t);
    for (const role of ['risk_reviewer', 'finance', 'collector', 'customer_support'] as const) {
      const member = await verifiedStaff(t, admin.token, role);
      const tree = await treeOf(member.token);
      const pages = tree.data.menus.flatMap((g) => g.pages);
      expect(pages.length).toBeGreaterThan(0);
      for (const page of pages) expect(ROLES[role] as readonly string[]).toContain(page.permission);
      const expected = MENU.flatMap((g) => g.pages).filter((p) =>
        (ROLES[role] as readonly string[]).includes(p.permission),
      );
      expect(pages.map((p) => p.key)).toEqual(expected.map((p) => p.key));
    }
    const indonesian = await call(admin.token, 'id-ID');
    expect(indonesian.data.menus[0]).toMatchObject({ label: 'Pinjaman' });
  });
});

const call = async (token: string, lan: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/admin/permissions/user/tree',
      headers: { authorization: token, lan, os: '4' },
    })
  ).json<{ data: { menus: { label: string }[] } }>();

/** A request every protected call would accept from an administrator, so a refusal is the guard's. */
const REQUESTS = {
  adminEnrolTotp: {},
  adminConfirmTotp: { totp_code: '123456' },
  adminVerifyTotp: { totp_code: '123456' },
  adminSignOut: {},
  adminSignOutEverywhere: {},
  adminChangePassword: {
    old_password: 'Kelapa8Muda',
    password: 'Jambu5Merah',
    confirm_password: 'Jambu5Merah',
  },
  getPermissionTree: undefined,
  createStaff: { email: 'new.member@kaskita.test', name: 'New', role: 'collector', reason: 'hired' },
  disableStaff: { reason: 'left' },
  resetStaffAccess: { reason: 'lost their phone' },
  listStaff: undefined,
  listAudit: undefined,
} as const;

const BACK_OFFICE_CALLS = { ...adminCalls, ...adminAdministrationCalls };

const PROTECTED = Object.values(BACK_OFFICE_CALLS).filter((c) => c.staff !== undefined);
const FULLY = PROTECTED.filter((c) => c.staff !== 'password');
const OWN_PASSWORD_NEEDED = FULLY.filter((c) => c.staff !== 'two_factors');
const BY_PERMISSION = OWN_PASSWORD_NEEDED.filter((c) => c.staff !== 'verified');

function request(callId: keyof typeof REQUESTS, token?: string, body: object | undefined = REQUESTS[callId]) {
  const definition = BACK_OFFICE_CALLS[callId];
  return t.app.inject({
    method: definition.method,
    url: `/api${fillPath(definition.path, { id: '00000000-0000-4000-8000-000000000000' })}`,
    headers: { os: '4', ...(token ? { authorization: token } : {}) },
    ...(body ? { payload: body } : {}),
  });
}

describe('every back-office call but sign-in refuses', () => {
  it('covers every protected call', () => {
    expect(PROTECTED.map((c) => c.id).sort()).toEqual(Object.keys(REQUESTS).sort());
    expect(BY_PERMISSION.map((c) => c.id).sort()).toEqual([
      'createStaff',
      'disableStaff',
      'listAudit',
      'listStaff',
      'resetStaffAccess',
    ]);
  });

  it('no token, a made-up token and a borrower token (4047)', async () => {
    const borrower = await signIn(t.app);
    for (const c of PROTECTED) {
      const id = c.id as keyof typeof REQUESTS;
      for (const token of [undefined, 'made-up-token', borrower.token]) {
        const res = await request(id, token);
        expect([c.id, res.statusCode, res.json().code]).toEqual([c.id, 401, 4047]);
      }
    }
  });

  it('a staff token opens no borrower call', async () => {
    const admin = await verifiedAdministrator(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/user/status',
      headers: { authorization: admin.token, os: '4' },
    });
    expect(res.json().code).toBe(4047);
  });

  it('a session whose second factor is not verified (4320), except the second-factor calls', async () => {
    const admin = await verifiedAdministrator(t);
    const pending = (await signInStaff(t.app, admin.email, admin.password)).body.data.token;
    for (const c of FULLY) {
      const res = await request(c.id as keyof typeof REQUESTS, pending);
      expect([c.id, res.statusCode, res.json().code]).toEqual([c.id, 401, 4320]);
    }
  });

  it('a member still on a one-time password (4325), but for changing it', async () => {
    const admin = await verifiedAdministrator(t);
    const created = await adminCall<{ one_time_password: string }>(t.app, 'POST', '/staff', {
      token: admin.token,
      body: { email: 'second.admin@kaskita.test', name: 'Second', role: 'administrator', reason: 'deputy' },
    });
    const token = (await signInStaff(t.app, 'second.admin@kaskita.test', created.body.data.one_time_password))
      .body.data.token;
    await enrolTotp(t, token);
    expect(OWN_PASSWORD_NEEDED.length).toBe(FULLY.length - 1);
    for (const c of OWN_PASSWORD_NEEDED) {
      const res = await request(c.id as keyof typeof REQUESTS, token);
      expect([c.id, res.statusCode, res.json().code]).toEqual([c.id, 403, 4325]);
    }
  });

  it('a verified staff member without the permission (4033), and with it the call runs', async () => {
    const admin = await verifiedAdministrator(t);
    // A reviewer holds neither staff.manage nor audit.read.
    const reviewer = await verifiedStaff(t, admin.token, 'risk_reviewer');
    for (const c of BY_PERMISSION) {
      const res = await request(c.id as keyof typeof REQUESTS, reviewer.token);
      expect([c.id, res.statusCode, res.json().code]).toEqual([c.id, 403, 4033]);
      // Refused by the guard, before the input is read (the command would refuse a valid one again).
      const unread = await request(c.id as keyof typeof REQUESTS, reviewer.token, {});
      expect([c.id, unread.json().code]).toEqual([c.id, 4033]);
    }
    // Past the guard: each runs (disabling and resetting answer NOT_FOUND, their made-up id naming nobody).
    const onNobody = ['disableStaff', 'resetStaffAccess'];
    for (const c of BY_PERMISSION) {
      const res = await request(c.id as keyof typeof REQUESTS, admin.token);
      expect([c.id, res.json().code]).toEqual([c.id, onNobody.includes(c.id) ? 4040 : 200]);
    }
  });
});
