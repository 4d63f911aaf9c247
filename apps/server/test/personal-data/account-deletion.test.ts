import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AccountDeletion, MyDataExport } from '@kaskita/domain/contract/my-data';
import { CONSENT_VERSIONS } from '@kaskita/domain/legal/versions';
import {
  accountClosures,
  agreementAcceptances,
  auditLog,
  creditApplications,
  borrowerProfiles,
  messageOutbox,
  sessions,
  signInDevices,
  users,
} from '../../src/db/schema.ts';
import { BOOK_FIGURES } from '../../src/modules/reporting/book-figures-service.ts';
import {
  completedBorrower,
  markChecksPassed,
  submit,
  type Borrower,
} from '../application/application-helpers.ts';
import { openProfile } from '../../src/modules/profile/profile-fields-schema.ts';
import { call, newIp, signIn, useTestApp } from '../helpers/test-app.ts';
import { approvedBorrower, order } from '../loans/loan-helpers.ts';
import { get, plainPhoto, post, uploadKtp } from '../profile/profile-helpers.ts';
import { phoneHash, sentTo } from '../helpers/sealed-phones.ts';

const t = useTestApp();

const preview = (token: string, lan = 'en-US') =>
  call<AccountDeletion>(t.app, {
    method: 'GET',
    url: '/api/v1/user/account_deletion',
    token,
    headers: { lan },
  });
const remove = (token: string, confirm: string | null = 'DELETE') =>
  call<AccountDeletion>(t.app, {
    method: 'POST',
    url: '/api/v1/user/account_delete',
    token,
    payload: confirm === null ? {} : { confirm },
    headers: { lan: 'en-US' },
  });
const setPassword = (token: string, password: string) =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/alter/login_pass',
    token,
    payload: { password, confirm_password: password },
  });
const profileRow = async (userId: string) =>
  (await t.database.db.select().from(borrowerProfiles).where(eq(borrowerProfiles.userId, userId)))[0];
const nikOf = async (b: Borrower) =>
  (await call<MyDataExport>(t.app, { method: 'GET', url: '/api/v1/user/my_data', token: b.token })).body.data
    .sections.profile!.ktp.nik!;

describe('deleting an account while something is owed', () => {
  it('is refused (4400) and says what stands in the way; nothing changes', async () => {
    const b = await approvedBorrower(t.app, t.database.db, t.clock.now());
    expect((await order(t.app, b.token)).body.code).toBe(200);
    const seen = await preview(b.token);
    expect(seen.body.data).toMatchObject({
      allowed: false,
      blockers: ['loan_open'],
      retention: 'relationship',
    });
    const refused = await remove(b.token);
    expect(refused.body.code).toBe(4400);
    expect(refused.body.data).toEqual({ blockers: ['loan_open'] });
    expect(
      (await call(t.app, { method: 'GET', url: '/api/v1/user/account', token: b.token })).body.code,
    ).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, b.userId));
    expect(user!.closedAt).toBeNull();
  });

  it('is refused while an application waits for its decision', async () => {
    const b = await completedBorrower(t.app);
    await markChecksPassed(t.database.db, b.userId, t.clock.now());
    expect((await submit(t.app, b.token)).body.code).toBe(200);
    await t.app.jobs.whenIdle();
    // As when the rules hand the decision to a credit reviewer: the application waits in the review queue.
    await t.database.db
      .update(creditApplications)
      .set({ state: 'review', queuedAt: t.clock.now() })
      .where(eq(creditApplications.userId, b.userId));
    const refused = await remove(b.token);
    expect(refused.body.code).toBe(4400);
    expect(refused.body.data).toEqual({ blockers: ['application_pending'] });
  });

  it('needs the word DELETE typed', async () => {
    const b = await completedBorrower(t.app);
    expect((await remove(b.token, null)).body.code).toBe(4000);
    expect((await remove(b.token, 'yes')).body.code).toBe(4000);
    expect(
      (await call(t.app, { method: 'GET', url: '/api/v1/user/account', token: b.token })).body.code,
    ).toBe(200);
  });
});

describe('deleting an account that never applied', () => {
  it('erases everything at once; the old sign-in is gone and the number registers anew as a new account', async () => {
    const b = await completedBorrower(t.app);
    expect((await setPassword(b.token, 'kopi7Susu')).body.code).toBe(200);
    const token = b.token;
    const ktpKey = (await profileRow(b.userId))!.ktpPhotoKey!;
    expect(await t.app.dataProtection.files.get(ktpKey)).not.toBeNull();

    const seen = await preview(token);
    expect(seen.body.data).toMatchObject({
      allowed: true,
      blockers: [],
      retention: 'none',
      kept: [],
      kept_until: null,
    });
    const { body } = await remove(token);
    expect(body.code).toBe(200);
    expect(body.data.retention).toBe('none');

    // Signed out everywhere, and the old password opens nothing.
    expect((await call(t.app, { method: 'GET', url: '/api/v1/user/account', token })).body.code).toBe(4047);
    const byPassword = await call(t.app, {
      method: 'POST',
      url: '/api/v1/login',
      payload: { phone: b.phone, password: 'kopi7Susu', ...CONSENT_VERSIONS },
      ip: newIp(),
    });
    expect(byPassword.body.code).toBe(4014);

    // Erased: the profile, the KTP photo, the consents, the devices and sessions; the row stays, closed.
    expect(await profileRow(b.userId)).toBeUndefined();
    expect(await t.app.dataProtection.files.get(ktpKey)).toBeNull();
    expect(
      await t.database.db
        .select()
        .from(agreementAcceptances)
        .where(eq(agreementAcceptances.userId, b.userId)),
    ).toEqual([]);
    expect(
      await t.database.db.select().from(signInDevices).where(eq(signInDevices.userId, b.userId)),
    ).toEqual([]);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, b.userId))).toEqual([]);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, b.userId));
    expect(user).toMatchObject({
      phoneHash: phoneHash(t.app, `closed:${b.userId}`),
      passwordHash: null,
      closedAt: t.clock.now(),
    });
    const [closure] = await t.database.db
      .select()
      .from(accountClosures)
      .where(eq(accountClosures.userId, b.userId));
    expect(closure).toMatchObject({
      retention: 'none',
      retainUntil: null,
      phoneEnc: null,
      purgedAt: t.clock.now(),
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.command, 'account.close'), eq(auditLog.subjectId, b.userId)));
    expect(audit).toMatchObject({ actorKind: 'borrower', outcome: 'closed' });

    // The same number signs up again: a new account, with nothing of the old one.
    const again = await signIn(t.app, b.phone);
    expect(again.is_new).toBe(true);
    const account = await get<{ uid: string }>(t.app, again.token, '/v1/user/account');
    expect(account.body.data.uid).not.toBe(b.userId);
    const copy = await call<MyDataExport>(t.app, {
      method: 'GET',
      url: '/api/v1/user/my_data',
      token: again.token,
    });
    expect(copy.body.data.sections.profile).toBeNull();
    expect(JSON.stringify(copy.body.data)).not.toContain(b.userId);
    // Only the new account's own messages: its sign-in code.
    expect(copy.body.data.sections.messages.every((m) => m.created_at >= t.clock.now().toISOString())).toBe(
      true,
    );
  });
});

describe('deleting an account whose application was approved', () => {
  it('keeps what the law asks for 5 years, listed with its reason; the KTP may open a new account', async () => {
    const b = await approvedBorrower(t.app, t.database.db, t.clock.now());
    const nik = await nikOf(b);
    const seen = await preview(b.token);
    expect(seen.body.data).toMatchObject({
      allowed: true,
      retention: 'relationship',
      kept_until: '2031-03-02',
    });
    expect(seen.body.data.kept.map((k) => k.record)).toEqual(
      expect.arrayContaining([
        'identity',
        'kyc_images',
        'consents',
        'applications',
        'bank_accounts',
        'messages',
      ]),
    );
    expect(seen.body.data.kept_because).toContain('Law 8/2010');
    expect(seen.body.data.erased).toContain('Emergency contacts');
    const idText = await preview(b.token, 'id-ID');
    expect(idText.body.data.kept_because).toContain('UU 8/2010');

    expect((await remove(b.token)).body.code).toBe(200);
    const kept = (await profileRow(b.userId))!;
    expect(kept).toMatchObject({ contactsEnc: null, emailEnc: null, ocrTextEnc: null, nikHash: null });
    expect(openProfile(t.app.infra.dataProtection.cipher, kept).name).toBe('BUDI SANTOSO');
    expect(kept.nikEnc).not.toBeNull();
    const [closure] = await t.database.db
      .select()
      .from(accountClosures)
      .where(eq(accountClosures.userId, b.userId));
    expect(closure).toMatchObject({ retention: 'relationship', retainUntil: '2031-03-02', purgedAt: null });
    expect(closure!.phoneEnc).not.toContain(b.phone.slice(1));

    // The person signs up again with the same number and KTP: a new account, not refused as a second one.
    const again = await signIn(t.app, b.phone);
    expect(
      (
        await uploadKtp(t.app, again.token, {
          filename: 'ktp.jpg',
          contentType: 'image/jpeg',
          bytes: await plainPhoto(),
        })
      ).body.code,
    ).toBe(200);
    const saved = await post(t.app, again.token, '/v1/user/ktp', {
      cardid: nik,
      name: 'Budi Santoso',
      birth_date: `19${nik.slice(10, 12)}-${nik.slice(8, 10)}-${nik.slice(6, 8)}`,
      gender: '1',
      religion: '1',
      marriage: '2',
    });
    expect(saved.body.code).toBe(200);
  });

  it('the nightly job destroys what was kept once its period ends, and nothing of the new account', async () => {
    const b = await approvedBorrower(t.app, t.database.db, t.clock.now());
    const ktpKey = (await profileRow(b.userId))!.ktpPhotoKey!;
    t.clock.advance(60);
    expect((await remove(b.token)).body.code).toBe(200);
    t.clock.advance(60);
    const again = await signIn(t.app, b.phone);
    const newUid = (await get<{ uid: string }>(t.app, again.token, '/v1/user/account')).body.data.uid;

    // The day before the end: nothing happens.
    t.clock.advance((5 * 365 + 1 - 1) * 24 * 3600);
    await t.app.jobs.trigger(BOOK_FIGURES);
    await t.app.jobs.whenIdle();
    expect(await profileRow(b.userId)).toBeDefined();

    t.clock.advance(2 * 24 * 3600);
    await t.app.jobs.trigger(BOOK_FIGURES);
    await t.app.jobs.whenIdle();
    expect(await profileRow(b.userId)).toBeUndefined();
    expect(await t.app.dataProtection.files.get(ktpKey)).toBeNull();
    const [closure] = await t.database.db
      .select()
      .from(accountClosures)
      .where(eq(accountClosures.userId, b.userId));
    expect(closure).toMatchObject({ phoneEnc: null, purgedAt: expect.any(Date) });
    const [purge] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.command, 'account.retention_end'), eq(auditLog.subjectId, b.userId)));
    expect(purge).toMatchObject({ actorKind: 'job', outcome: 'purged' });
    const oldMessages = await t.database.db.select().from(messageOutbox).where(sentTo(t.app, b.phone));
    // What is left to the number is the new account's: sent after the old one closed.
    expect(oldMessages.length).toBeGreaterThan(0);
    expect(oldMessages.every((m) => m.createdAt >= closure!.closedAt)).toBe(true);
    // The new account is untouched: its number signs in to it (its session of five years ago has long expired).
    const later = await signIn(t.app, b.phone);
    expect(later.is_new).toBe(false);
    const uid = async (token: string) =>
      (await get<{ uid: string }>(t.app, token, '/v1/user/account')).body.data.uid;
    expect(await uid(later.token)).toBe(newUid);
  });
});
