import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditRepository } from '../../src/commands/audit-repository.ts';
import { CommandExecutor } from '../../src/commands/command-executor.ts';
import { auditLog, staff } from '../../src/db/schema.ts';
import { StaffAccountsService } from '../../src/modules/staff/staff-accounts-service.ts';
import { StaffRepository } from '../../src/modules/staff/staff-repository.ts';
import { StaffSessionRepository } from '../../src/modules/staff/staff-session-repository.ts';
import { StaffSessionService } from '../../src/modules/staff/staff-session-service.ts';
import { useTestApp } from '../helpers/test-app.ts';
import {
  adminCall,
  enrolTotp,
  freshSession,
  newStaffEmail,
  signInStaff,
  totpNow,
  verifiedAdministrator,
  verifiedStaff,
} from './staff-helpers.ts';

const t = useTestApp();

const auditRowsFor = (staffId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'staff'), eq(auditLog.subjectId, staffId)));

describe('staff accounts', () => {
  it('creating a member is a command: the row and its audit row (who, why, no personal data) commit together', async () => {
    const admin = await verifiedAdministrator(t);
    const email = newStaffEmail('collector');
    const created = await adminCall<{ id: string; one_time_password: string }>(t.app, 'POST', '/staff', {
      token: admin.token,
      body: { email, name: 'Citra Penagih', role: 'collector', reason: 'collections team' },
    });
    expect(created.body).toMatchObject({ code: 200, data: { email, role: 'collector' } });
    expect(created.body.data.one_time_password).toMatch(/^[A-Za-z0-9]{16}$/);
    const { id } = created.body.data;

    const [row] = await t.database.db.select().from(staff).where(eq(staff.id, id));
    expect(row).toMatchObject({ email, role: 'collector', passwordIsOneTime: true });
    const audit = await auditRowsFor(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      command: 'staff.create',
      actorKind: 'staff',
      actorId: admin.staffId,
      outcome: 'created',
      reason: 'collections team',
      input: { staffId: id, role: 'collector' },
    });
    // Same transaction: the row's creation time is the audit row's (both from the one command run).
    expect(audit[0]!.createdAt.getTime()).toBe(row!.createdAt.getTime());
    expect(JSON.stringify(audit[0])).not.toContain(email);
    expect(JSON.stringify(audit[0])).not.toContain('Citra');
  });

  it('when the audit row cannot be written, the member is not created either', async () => {
    const { db } = t.database;
    const { infra } = t.app;
    const failingAudit = {
      append: async () => {
        throw new Error('audit log unavailable');
      },
    } as unknown as AuditRepository;
    const accounts = new StaffAccountsService({
      db,
      repo: new StaffRepository(),
      sessions: new StaffSessionService(db, new StaffSessionRepository(), infra.secretHasher, t.clock),
      passwords: infra.passwordHasher,
      commands: new CommandExecutor(db, t.clock, { info: () => {} }, failingAudit),
    });
    const email = newStaffEmail('orphan');
    await expect(
      accounts.createWithOneTimePassword(
        { kind: 'operator', tool: 'test' },
        { email, name: 'Fajar', role: 'auditor' },
        { reason: 'test' },
      ),
    ).rejects.toThrow('audit log unavailable');
    expect(await db.select().from(staff).where(eq(staff.email, email))).toEqual([]);
  });

  it('an e-mail is taken whatever its case, and a refused creation leaves no row and no audit row', async () => {
    const admin = await verifiedAdministrator(t);
    const email = newStaffEmail('finance');
    const body = { email, name: 'Dewi', role: 'finance', reason: 'hired' };
    expect((await adminCall(t.app, 'POST', '/staff', { token: admin.token, body })).body.code).toBe(200);
    const before = await t.database.db.select().from(auditLog).where(eq(auditLog.command, 'staff.create'));
    const again = await adminCall(t.app, 'POST', '/staff', {
      token: admin.token,
      body: { ...body, email: email.toUpperCase() },
    });
    expect(again.body.code).toBe(4322);
    const after = await t.database.db.select().from(auditLog).where(eq(auditLog.command, 'staff.create'));
    expect(after).toHaveLength(before.length);
  });

  it('the reason is required: a staff command says why', async () => {
    const admin = await verifiedAdministrator(t);
    const res = await adminCall(t.app, 'POST', '/staff', {
      token: admin.token,
      body: { email: newStaffEmail(), name: 'Eka', role: 'auditor', reason: '  ' },
    });
    expect(res.body.code).toBe(4000);
  });

  it('a one-time password opens nothing until the member chooses their own; then it is spent', async () => {
    const admin = await verifiedAdministrator(t);
    const email = newStaffEmail('risk');
    const created = await adminCall<{ one_time_password: string }>(t.app, 'POST', '/staff', {
      token: admin.token,
      body: { email, name: 'Gita', role: 'risk_reviewer', reason: 'risk team' },
    });
    const oneTime = created.body.data.one_time_password;
    const signedIn = await signInStaff(t.app, email, oneTime);
    expect(signedIn.body.data).toMatchObject({ next: 'enrol_totp', password_change_required: true });
    const { token } = signedIn.body.data;
    const { secret } = await enrolTotp(t, token);
    const other = (await signInStaff(t.app, email, oneTime)).body.data.token;
    await adminCall(t.app, 'POST', '/totp/verify', {
      token: other,
      body: { totp_code: await totpNow(secret, t.clock) },
    });
    const tree = () => adminCall(t.app, 'GET', '/permissions/user/tree', { token });
    expect((await tree()).body.code).toBe(4325);

    const change = (body: Record<string, string>) => adminCall(t.app, 'POST', '/password', { token, body });
    const own = 'Sawo7Manila';
    expect(
      (await change({ old_password: 'Wrong1Pass', password: own, confirm_password: own })).body.code,
    ).toBe(4018);
    expect(
      (await change({ old_password: oneTime, password: oneTime, confirm_password: oneTime })).body.code,
    ).toBe(4000);
    expect(
      (await change({ old_password: oneTime, password: '123456', confirm_password: '123456' })).body.code,
    ).toBe(4000);
    expect((await change({ old_password: oneTime, password: own, confirm_password: own })).body.code).toBe(
      200,
    );
    expect((await tree()).body.code).toBe(200);
    // The member's other session ended with the change; the one-time password is spent.
    expect((await adminCall(t.app, 'GET', '/permissions/user/tree', { token: other })).body.code).toBe(4047);
    expect((await signInStaff(t.app, email, oneTime)).body.code).toBe(4014);
    expect((await signInStaff(t.app, email, own)).body.data).toMatchObject({
      next: 'verify_totp',
      password_change_required: false,
    });
  });

  it('disabling a member ends their sessions and refuses their sign-in; an administrator cannot disable themselves', async () => {
    const admin = await verifiedAdministrator(t);
    const member = await verifiedStaff(t, admin.token, 'customer_support');
    const disabled = await adminCall(t.app, 'POST', `/staff/${member.staffId}/disable`, {
      token: admin.token,
      body: { reason: 'left the company' },
    });
    expect(disabled.body).toMatchObject({ code: 200, data: { id: member.staffId, disabled: true } });
    expect((await adminCall(t.app, 'GET', '/permissions/user/tree', { token: member.token })).body.code).toBe(
      4047,
    );
    expect((await signInStaff(t.app, member.email, member.password)).body.code).toBe(4014);
    const audit = await auditRowsFor(member.staffId);
    expect(audit.map((a) => [a.command, a.outcome])).toEqual([
      ['staff.create', 'created'],
      ['staff.disable', 'disabled'],
    ]);

    const self = await adminCall(t.app, 'POST', `/staff/${admin.staffId}/disable`, {
      token: admin.token,
      body: { reason: 'oops' },
    });
    expect(self.body.code).toBe(4033);
    const unknown = await adminCall(t.app, 'POST', '/staff/00000000-0000-4000-8000-000000000000/disable', {
      token: admin.token,
      body: { reason: 'nobody' },
    });
    expect(unknown.body.code).toBe(4040);
  });

  it('resetting a member who lost their phone: a new one-time password, the app and recovery codes forgotten, sessions ended', async () => {
    const admin = await verifiedAdministrator(t);
    const member = await verifiedStaff(t, admin.token, 'finance');
    const reset = await adminCall<{ id: string; one_time_password: string }>(
      t.app,
      'POST',
      `/staff/${member.staffId}/reset_access`,
      { token: admin.token, body: { reason: 'lost their phone' } },
    );
    expect(reset.body.code).toBe(200);
    expect(reset.body.data).toEqual({
      id: member.staffId,
      one_time_password: expect.stringMatching(/^[A-Za-z0-9]{16}$/),
    });
    expect(reset.res.headers['cache-control']).toBe('no-store');
    // The old session, password and recovery codes are gone.
    expect((await adminCall(t.app, 'GET', '/permissions/user/tree', { token: member.token })).body.code).toBe(
      4047,
    );
    expect((await signInStaff(t.app, member.email, member.password)).body.code).toBe(4014);
    const fresh = await signInStaff(t.app, member.email, reset.body.data.one_time_password);
    expect(fresh.body.data).toMatchObject({ next: 'enrol_totp', password_change_required: true });
    const byOldCode = await adminCall(t.app, 'POST', '/totp/verify', {
      token: fresh.body.data.token,
      body: { recovery_code: member.recoveryCodes[0] },
    });
    expect(byOldCode.body.code).not.toBe(200);
    // They set the app up again and choose their own password, as on their first day.
    await enrolTotp(t, fresh.body.data.token);
    const own = await adminCall(t.app, 'POST', '/password', {
      token: fresh.body.data.token,
      body: {
        old_password: reset.body.data.one_time_password,
        password: 'Durian4Kuning',
        confirm_password: 'Durian4Kuning',
      },
    });
    expect(own.body.code).toBe(200);

    const audit = await auditRowsFor(member.staffId);
    const row = audit.find((a) => a.command === 'staff.reset_access')!;
    expect(row).toMatchObject({ outcome: 'reset', reason: 'lost their phone' });
    expect(row.before).toEqual({ authenticatorApp: true, oneTimePassword: false });
    expect(row.after).toEqual({ authenticatorApp: false, oneTimePassword: true });
    // Never the password, in any form.
    expect(JSON.stringify(row)).not.toContain(reset.body.data.one_time_password);
  });

  it('refuses to reset oneself (4033), a disabled member (4090) and nobody (4040), changing nothing', async () => {
    const admin = await verifiedAdministrator(t);
    const self = await adminCall(t.app, 'POST', `/staff/${admin.staffId}/reset_access`, {
      token: admin.token,
      body: { reason: 'oops' },
    });
    expect(self.body.code).toBe(4033);
    expect((await adminCall(t.app, 'GET', '/permissions/user/tree', { token: admin.token })).body.code).toBe(
      200,
    );

    const member = await verifiedStaff(t, admin.token, 'collector');
    await adminCall(t.app, 'POST', `/staff/${member.staffId}/disable`, {
      token: admin.token,
      body: { reason: 'left' },
    });
    const disabled = await adminCall(t.app, 'POST', `/staff/${member.staffId}/reset_access`, {
      token: admin.token,
      body: { reason: 'came back?' },
    });
    expect(disabled.body.code).toBe(4090);
    expect((await signInStaff(t.app, member.email, member.password)).body.code).toBe(4014);

    const unknown = await adminCall(
      t.app,
      'POST',
      '/staff/00000000-0000-4000-8000-000000000000/reset_access',
      {
        token: admin.token,
        body: { reason: 'nobody' },
      },
    );
    expect(unknown.body.code).toBe(4040);
    expect((await auditRowsFor(member.staffId)).map((a) => a.command)).toEqual([
      'staff.create',
      'staff.disable',
    ]);
  });

  it('a one-time password signs in for 72 hours; after that only to be told so, and a reset gives a new one', async () => {
    const admin = await verifiedAdministrator(t);
    const email = newStaffEmail('late');
    const created = await adminCall<{ id: string; one_time_password: string }>(t.app, 'POST', '/staff', {
      token: admin.token,
      body: { email, name: 'Late Starter', role: 'auditor', reason: 'joins on Monday' },
    });
    const oneTime = created.body.data.one_time_password;
    t.clock.advance(72 * 3600 - 60);
    expect((await signInStaff(t.app, email, oneTime)).body.code).toBe(200);
    t.clock.advance(60);
    const expired = await signInStaff(t.app, email, oneTime);
    expect([expired.res.statusCode, expired.body.code]).toEqual([401, 4326]);
    // A wrong password is still just wrong: the expiry is told only to whoever holds the password.
    expect((await signInStaff(t.app, email, 'Wrong1Password')).body.code).toBe(4014);

    const admin2 = await freshSession(t, admin);
    const reset = await adminCall<{ one_time_password: string }>(
      t.app,
      'POST',
      `/staff/${created.body.data.id}/reset_access`,
      { token: admin2, body: { reason: 'the first one expired' } },
    );
    const fresh = await signInStaff(t.app, email, reset.body.data.one_time_password);
    expect(fresh.body.code).toBe(200);
    // Once they choose their own password, time no longer matters.
    await enrolTotp(t, fresh.body.data.token);
    await adminCall(t.app, 'POST', '/password', {
      token: fresh.body.data.token,
      body: {
        old_password: reset.body.data.one_time_password,
        password: 'Salak5Pondoh',
        confirm_password: 'Salak5Pondoh',
      },
    });
    t.clock.advance(100 * 3600);
    expect((await signInStaff(t.app, email, 'Salak5Pondoh')).body.code).toBe(200);
  });
});
