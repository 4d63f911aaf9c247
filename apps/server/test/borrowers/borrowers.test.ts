import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { DataAccess } from '@kaskita/domain/contract/data-access';
import { CONSENT_VERSIONS } from '@kaskita/domain/legal/versions';
import { auditLog } from '../../src/db/schema.ts';
import { CommandExecutor } from '../../src/commands/command-executor.ts';
import { BorrowersRepository } from '../../src/modules/borrowers/borrowers-repository.ts';
import { PiiRevealService } from '../../src/modules/borrowers/pii-reveal-service.ts';
import { completedBorrower, type Borrower } from '../application/application-helpers.ts';
import { approvedBorrower, order } from '../loans/loan-helpers.ts';
import { users } from '../../src/modules/user/user-schema.ts';
import {
  call,
  latestCode,
  login,
  newPhone,
  refreshTokens,
  requestCode,
  signIn,
  signUpWithPassword,
  useTestApp,
} from '../helpers/test-app.ts';
import { adminCall, verifiedAdministrator, verifiedStaff, type StaffLogin } from '../staff/staff-helpers.ts';

const t = useTestApp();

interface SearchPage {
  total: number;
  rows: { id: string; name_masked: string | null; phone_masked: string; nik_masked: string | null }[];
}

let admin: StaffLogin;
let support: StaffLogin;
let auditor: StaffLogin;
let borrower: Borrower;
let nik: string;

const search = (token: string, by: string, q: string) =>
  adminCall<SearchPage>(t.app, 'POST', '/borrowers/search', { token, body: { by, q } });

const reveal = (
  token: string,
  userId: string,
  field: string,
  reason = 'borrower on the phone, identity check',
) =>
  adminCall<{ text: string | null; image: { data: string } | null; ocr: unknown }>(
    t.app,
    'POST',
    `/borrowers/${userId}/reveal`,
    { token, body: { field, reason } },
  );

const auditRows = (command: string, subjectId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.command, command), eq(auditLog.subjectId, subjectId)));

describe('finding a borrower', () => {
  it('by phone, name part or NIK, masked; the NIK through its keyed hash only', async () => {
    admin = await verifiedAdministrator(t);
    support = await verifiedStaff(t, admin.token, 'customer_support');
    auditor = await verifiedStaff(t, admin.token, 'auditor');
    borrower = await completedBorrower(t.app);
    const [profile] = await t.database.db
      .execute<{ nik_enc: string }>(
        sql`select nik_enc from borrower_profiles where user_id = ${borrower.userId}`,
      )
      .then((r) => (r as unknown as { rows: { nik_enc: string }[] }).rows);
    nik = t.app.borrowers.reveals.nik(borrower.userId, profile!.nik_enc)!;

    const byPhone = await search(support.token, 'phone', borrower.phone);
    expect(byPhone.body.data.rows.map((r) => r.id)).toEqual([borrower.userId]);
    expect(byPhone.body.data.rows[0]).toMatchObject({
      name_masked: 'B*** S******',
      nik_masked: `************${nik.slice(-4)}`,
      phone_masked: `${borrower.phone.slice(0, 3)}*****${borrower.phone.slice(-4)}`,
    });
    const byName = await search(support.token, 'name', 'santoso');
    expect(byName.body.data.rows.map((r) => r.id)).toContain(borrower.userId);
    expect((await search(support.token, 'name', '%%')).body.data.total).toBe(0); // a wildcard is a character

    // Every statement the search sends, with its parameters: the NIK is in none, its keyed hash is.
    const pglite = t.database.pglite;
    const spy = pglite ? vi.spyOn(pglite, 'query') : null;
    const byNik = await search(support.token, 'nik', `${nik.slice(0, 6)} ${nik.slice(6)}`);
    expect(byNik.body.data.rows.map((r) => r.id)).toEqual([borrower.userId]);
    if (spy) {
      const sent = JSON.stringify(spy.mock.calls);
      spy.mockRestore();
      expect(sent).toContain('nik_hash');
      expect(sent).not.toContain(nik);
    }
    // And no column of the borrower's row holds it in plain.
    const row = await t.database.db.execute(
      sql`select row_to_json(p)::text as json from borrower_profiles p where user_id = ${borrower.userId}`,
    );
    expect(JSON.stringify(row)).not.toContain(nik);
    expect(JSON.stringify(byNik.body)).not.toContain(nik);
  });

  it("shows the borrower's record masked: consents, messages sent (never their text), applications", async () => {
    const detail = await adminCall<{
      borrower: { name_masked: string };
      consents: { document: string }[];
      messages: { kind: string; channel: string }[];
    }>(t.app, 'GET', `/borrowers/${borrower.userId}`, { token: auditor.token });
    expect(detail.body.code).toBe(200);
    expect(detail.body.data.consents.map((c) => c.document).sort()).toEqual([
      'emergency_contacts',
      'privacy',
      'terms',
    ]);
    expect(detail.body.data.messages.map((m) => m.kind)).toContain('sms-code');
    const text = JSON.stringify(detail.body);
    expect(text).not.toContain(nik);
    expect(text).not.toContain('SANTOSO');
    expect(text).not.toMatch(/\d{6} adalah|kode/i); // no message text, so no sign-in code
  });
});

describe('revealing personal data', () => {
  it('answers one field and writes an audit row naming it, with the reason and without the value', async () => {
    const name = await reveal(support.token, borrower.userId, 'name');
    expect(name.body).toMatchObject({ code: 200, data: { text: 'BUDI SANTOSO' } });
    const nikAnswer = await reveal(support.token, borrower.userId, 'nik');
    expect(nikAnswer.body.data.text).toBe(nik);
    const photo = await reveal(support.token, borrower.userId, 'ktp_photo');
    expect(Buffer.from(photo.body.data.image!.data, 'base64').subarray(0, 2)).toEqual(
      Buffer.from([0xff, 0xd8]),
    );

    const rows = await auditRows('borrower.pii.reveal', borrower.userId);
    expect(rows.map((r) => [r.actorId, (r.after as { field: string }).field, r.reason])).toEqual([
      [support.staffId, 'name', 'borrower on the phone, identity check'],
      [support.staffId, 'nik', 'borrower on the phone, identity check'],
      [support.staffId, 'ktp_photo', 'borrower on the phone, identity check'],
    ]);
    expect(JSON.stringify(rows)).not.toContain(nik);
    expect(JSON.stringify(rows)).not.toContain('SANTOSO');

    // The borrower sees each of them: when, what, and the role of who saw it (never who).
    const seen = await call<DataAccess>(t.app, {
      method: 'GET',
      url: '/api/v1/user/data_access',
      token: borrower.token,
    });
    expect(seen.body.data.list.map((a) => [a.field, a.role])).toEqual([
      ['ktp_photo', 'customer_support'],
      ['nik', 'customer_support'],
      ['name', 'customer_support'],
    ]);
    expect(JSON.stringify(seen.body)).not.toContain(support.staffId);
    // Nobody else's reveals are in another borrower's list.
    const other = await signIn(t.app);
    const theirs = await call<DataAccess>(t.app, {
      method: 'GET',
      url: '/api/v1/user/data_access',
      token: other.token,
    });
    expect(theirs.body.data.list).toEqual([]);
  });

  it('reveals nothing without pii.reveal or without a reason, and audits nothing then', async () => {
    const before = (await auditRows('borrower.pii.reveal', borrower.userId)).length;
    const refused = await reveal(auditor.token, borrower.userId, 'nik');
    expect(refused.body.code).toBe(4033);
    expect(refused.body.data).toBeFalsy();
    expect((await reveal(support.token, borrower.userId, 'nik', ' ')).body.code).toBe(4000);
    // Nothing to show (no selfie was taken): refused, and its audit row rolled back with it.
    expect((await reveal(support.token, borrower.userId, 'selfie')).body.code).toBe(4342);
    expect(await auditRows('borrower.pii.reveal', borrower.userId)).toHaveLength(before);
  });

  it('answers nothing when its audit row cannot be written: the row and the read share one transaction', async () => {
    const failingAudit = {
      append: () => Promise.reject(new Error('audit log unavailable')),
    } as unknown as ConstructorParameters<typeof CommandExecutor>[3];
    const reveals = new PiiRevealService({
      db: t.database.db,
      commands: new CommandExecutor(t.database.db, t.clock, { info: () => {} }, failingAudit),
      protection: t.app.infra.dataProtection,
      repo: new BorrowersRepository(),
      selfieKey: async () => null,
    });
    const actor = { kind: 'staff' as const, staffId: support.staffId, permissions: ['pii.reveal'] };
    await expect(reveals.reveal(actor, borrower.userId, 'nik', 'check')).rejects.toThrow(
      'audit log unavailable',
    );
  });
});

describe('blocking a borrower', () => {
  it("ends the borrower's sessions and refuses sign-in in both languages; unblocking restores it", async () => {
    const { phone, session } = await signUpWithPassword(t.app);
    const account = await call<{ uid: string }>(t.app, {
      method: 'GET',
      url: '/api/v1/user/account',
      token: session.token,
    });
    const userId = account.body.data.uid;

    const blocked = await adminCall(t.app, 'POST', `/borrowers/${userId}/block`, {
      token: support.token,
      body: { reason: 'identity fraud reported by the bank' },
    });
    expect(blocked.body).toMatchObject({ code: 200, data: { blocked: true } });
    const status = await call(t.app, { method: 'GET', url: '/api/v2/user/status', token: session.token });
    expect(status.body.code).toBe(4047);
    expect((await refreshTokens(t.app, session.refresh_token)).body.code).toBe(4047);

    const byPassword = await call(t.app, {
      method: 'POST',
      url: '/api/v1/login',
      headers: { lan: 'en-US' },
      payload: { phone, password: 'kopi7Susu', ...CONSENT_VERSIONS },
    });
    expect([byPassword.body.code, byPassword.body.msg]).toEqual([4340, expect.stringMatching(/blocked/)]);
    t.clock.advance(120); // past the cooldown of the code that signed them up
    expect((await requestCode(t.app, phone)).body.code).toBe(200);
    const indonesian = await call(t.app, {
      method: 'POST',
      url: '/api/v1/login',
      headers: { lan: 'id-ID' },
      payload: { phone, sms_code: await latestCode(t.app, phone), ...CONSENT_VERSIONS },
    });
    expect([indonesian.body.code, indonesian.body.msg]).toEqual([4340, expect.stringMatching(/diblokir/)]);
    // The support pages a blocked borrower needs stay open: the contacts come without a session.
    const config = await call<{ support_phone: string }>(t.app, { method: 'GET', url: '/api/v1/config' });
    expect(config.body.data.support_phone).toBeTruthy();

    const unblocked = await adminCall(t.app, 'POST', `/borrowers/${userId}/unblock`, {
      token: support.token,
      body: { reason: 'bank confirmed it was a mistake' },
    });
    expect(unblocked.body).toMatchObject({ code: 200, data: { blocked: false } });
    expect((await login(t.app, { phone, password: 'kopi7Susu' })).body.code).toBe(200);

    const audit = [
      ...(await auditRows('borrower.block', userId)),
      ...(await auditRows('borrower.unblock', userId)),
    ];
    expect(audit.map((r) => [r.command, r.outcome, r.reason])).toEqual([
      ['borrower.block', 'blocked', 'identity fraud reported by the bank'],
      ['borrower.unblock', 'unblocked', 'bank confirmed it was a mistake'],
    ]);
  });

  it('refuses a new loan to a blocked account even through a session that outlived the block (a race)', async () => {
    const approved = await approvedBorrower(t.app, t.database.db, t.clock.now());
    // As if the order's request had passed the session check just before the block committed: the order's own
    // transaction reads the block under the borrower's row lock, which the block command takes too.
    await t.database.db.update(users).set({ blockedAt: t.clock.now() }).where(eq(users.id, approved.userId));
    const refused = await order(t.app, approved.token);
    expect(refused.body.code).toBe(4340);
    await t.database.db.update(users).set({ blockedAt: null }).where(eq(users.id, approved.userId));
    expect((await order(t.app, approved.token)).body.code).toBe(200);
  });

  it('is refused to a role without borrower.block, and an unknown borrower is NOT_FOUND', async () => {
    const someone = await signIn(t.app, newPhone());
    const account = await call<{ uid: string }>(t.app, {
      method: 'GET',
      url: '/api/v1/user/account',
      token: someone.token,
    });
    const refused = await adminCall(t.app, 'POST', `/borrowers/${account.body.data.uid}/block`, {
      token: auditor.token,
      body: { reason: 'x' },
    });
    expect(refused.body.code).toBe(4033);
    expect(
      (await call(t.app, { method: 'GET', url: '/api/v2/user/status', token: someone.token })).body.code,
    ).toBe(200);
    const unknown = await adminCall(t.app, 'POST', '/borrowers/00000000-0000-4000-8000-000000000000/block', {
      token: support.token,
      body: { reason: 'x' },
    });
    expect(unknown.body.code).toBe(4040);
  });
});
