import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminCorrectionRow } from '@kaskita/domain/contract/admin-corrections';
import type { CorrectionView, MyDataExport } from '@kaskita/domain/contract/my-data';
import { auditLog } from '../../src/db/schema.ts';
import { completedBorrower, testNik, type Borrower } from '../application/application-helpers.ts';
import { call, signIn, useTestApp } from '../helpers/test-app.ts';
import { get } from '../profile/profile-helpers.ts';
import { adminCall, verifiedAdministrator, verifiedStaff, type StaffLogin } from '../staff/staff-helpers.ts';

const t = useTestApp();

const ask = (token: string, field: string, value: string, reason = 'the KTP says otherwise') =>
  call<CorrectionView>(t.app, {
    method: 'POST',
    url: '/api/v1/user/corrections',
    token,
    payload: { field, value, reason },
  });
const mine = (token: string) =>
  call<{ list: CorrectionView[]; locked: boolean }>(t.app, {
    method: 'GET',
    url: '/api/v1/user/corrections',
    token,
  });
const staffList = (token: string, status?: string) =>
  adminCall<{ items: AdminCorrectionRow[]; total: number }>(
    t.app,
    'GET',
    `/corrections${status ? `?status=${status}` : ''}`,
    { token },
  );
const decide = (token: string, id: string, decision: 'approve' | 'refuse', reason: string) =>
  adminCall<AdminCorrectionRow>(t.app, 'POST', `/corrections/${id}/${decision}`, { token, body: { reason } });
const nikOf = async (b: Borrower) =>
  (await call<MyDataExport>(t.app, { method: 'GET', url: '/api/v1/user/my_data', token: b.token })).body.data
    .sections.profile!.ktp.nik;

let support: StaffLogin;
let borrower: Borrower;

describe('asking to correct a locked identity field', () => {
  it('before the KTP step there is nothing locked: the borrower changes it on the step (4401)', async () => {
    const fresh = await signIn(t.app);
    expect((await ask(fresh.token, 'name', 'Budi Santosa')).body.code).toBe(4401);
    expect((await mine(fresh.token)).body.data).toEqual({ list: [], locked: false });
  });

  it('once the KTP is saved: the request is open, one per field, for a value other than the one held', async () => {
    borrower = await completedBorrower(t.app);
    const { body } = await ask(borrower.token, 'name', 'Budi Santosa', 'my name is misspelt');
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({
      field: 'name',
      proposed_value: 'BUDI SANTOSA',
      reason: 'my name is misspelt',
      status: 'open',
      answer: null,
    });
    expect((await ask(borrower.token, 'name', 'Budi Santosi')).body.code).toBe(4402);
    // The value held, however it is typed, is nothing to correct.
    expect((await ask(borrower.token, 'religion', '1')).body.code).toBe(4403);
    const bad = await ask(borrower.token, 'nik', '123');
    expect(bad.body.code).toBe(4000);
    expect(bad.body.data).toMatchObject({ fields: { value: 'nik.invalid' } });
    expect((await ask(borrower.token, 'name', 'Budi', 'x')).body.code).toBe(4000);
    const listed = await mine(borrower.token);
    expect(listed.body.data.locked).toBe(true);
    expect(listed.body.data.list.map((c) => [c.field, c.status])).toEqual([['name', 'open']]);
  });

  it("lists only the borrower's own requests", async () => {
    const other = await completedBorrower(t.app);
    expect((await mine(other.token)).body.data.list).toEqual([]);
  });
});

describe('staff deciding a correction', () => {
  it('approving changes the field through an audited command that names the field, never the value', async () => {
    const admin = await verifiedAdministrator(t);
    support = await verifiedStaff(t, admin.token, 'customer_support');
    const list = await staffList(support.token, 'open');
    expect(list.body.code).toBe(200);
    const row = list.body.data.items.find((r) => r.user_id === borrower.userId)!;
    expect(row).toMatchObject({
      field: 'name',
      current_value: 'BUDI SANTOSO',
      proposed_value: 'BUDI SANTOSA',
      reason: 'my name is misspelt',
      borrower_name_masked: 'B*** S******',
    });
    const approved = await decide(support.token, row.id, 'approve', 'matches the KTP photo');
    expect(approved.body.code).toBe(200);
    expect(approved.body.data).toMatchObject({
      status: 'approved',
      answer: 'matches the KTP photo',
      current_value: 'BUDI SANTOSA',
    });
    const base = await get<{ name: string }>(t.app, borrower.token, '/v1/user/base');
    expect(base.body.data.name).toBe('BUDI SANTOSA');
    expect((await mine(borrower.token)).body.data.list[0]).toMatchObject({
      status: 'approved',
      answer: 'matches the KTP photo',
    });

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.command, 'personal_data.correct'), eq(auditLog.subjectId, borrower.userId)));
    expect(audit).toMatchObject({
      actorKind: 'staff',
      actorId: support.staffId,
      outcome: 'approved',
      reason: 'matches the KTP photo',
    });
    expect(audit!.after).toEqual({ field: 'name', status: 'approved' });
    expect(JSON.stringify(audit)).not.toContain('SANTOSA');

    expect((await decide(support.token, row.id, 'refuse', 'again')).body.code).toBe(4404);
    expect(
      (await decide(support.token, '00000000-0000-4000-8000-000000000000', 'approve', 'x')).body.code,
    ).toBe(4040);
  });

  it('refusing answers the borrower with the reason; the field stays', async () => {
    expect((await ask(borrower.token, 'birth_date', '1991-01-01', 'wrong year')).body.code).toBe(200);
    const row = (await staffList(support.token, 'open')).body.data.items.find(
      (r) => r.user_id === borrower.userId,
    )!;
    const refused = await decide(support.token, row.id, 'refuse', 'the KTP photo shows 1990');
    expect(refused.body.data).toMatchObject({ status: 'refused', answer: 'the KTP photo shows 1990' });
    const held = (await mine(borrower.token)).body.data.list.find((c) => c.field === 'birth_date')!;
    expect(held).toMatchObject({ status: 'refused', answer: 'the KTP photo shows 1990' });
    const base = await get<{ birth_date: string }>(t.app, borrower.token, '/v1/user/base');
    expect(base.body.data.birth_date).not.toBe('1991-01-01');
  });

  it('a NIK another account holds is refused (4263); another is encrypted and found by its new hash', async () => {
    const other = await completedBorrower(t.app);
    const taken = (await nikOf(other))!;
    expect((await ask(borrower.token, 'nik', taken)).body.code).toBe(200);
    let row = (await staffList(support.token, 'open')).body.data.items.find(
      (r) => r.user_id === borrower.userId,
    )!;
    expect(row.current_value).toMatch(/^\*{12}\d{4}$/);
    expect((await decide(support.token, row.id, 'approve', 'checked')).body.code).toBe(4263);
    expect((await decide(support.token, row.id, 'refuse', 'that NIK is someone else’s')).body.code).toBe(200);

    const { nik } = testNik('0077');
    expect((await ask(borrower.token, 'nik', nik)).body.code).toBe(200);
    row = (await staffList(support.token, 'open')).body.data.items.find(
      (r) => r.user_id === borrower.userId,
    )!;
    expect((await decide(support.token, row.id, 'approve', 'new KTP issued')).body.code).toBe(200);
    expect(await nikOf(borrower)).toBe(nik);
    const found = await adminCall<{ rows: { id: string }[] }>(t.app, 'POST', '/borrowers/search', {
      token: support.token,
      body: { by: 'nik', q: nik },
    });
    expect(found.body.data.rows.map((r) => r.id)).toEqual([borrower.userId]);
  });

  it('a role without personal_data.correct is refused (4033)', async () => {
    const admin = await verifiedAdministrator(t);
    const auditor = await verifiedStaff(t, admin.token, 'auditor');
    expect((await staffList(auditor.token)).body.code).toBe(4033);
  });
});
