import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, ENDPOINT } from '@kaskita/domain/contract/endpoints';
import { profileCalls } from '@kaskita/domain/contract/profile';
import { EMERGENCY_CONTACT_CONSENT_VERSION } from '@kaskita/domain/legal/versions';
import { agreementAcceptances, users } from '../../src/modules/user/user-schema.ts';
import { bankAccounts } from '../../src/modules/bank-cards/bank-cards-schema.ts';
import { borrowerProfiles } from '../../src/modules/profile/profile-schema.ts';
import { DEV_DATA_ENCRYPTION_KEY, loadEnv } from '../../src/env.ts';
import { createDataProtection } from '../../src/security/data-protection.ts';
import { KeyRotationService } from '../../src/security/key-rotation-service.ts';
import { call, newPhone, signIn, TEST_ENV, useTestApp } from '../helpers/test-app.ts';
import {
  ADDRESS,
  BASE,
  JOB,
  KTP,
  SOCIAL,
  get,
  plainPhoto,
  post,
  socials,
  uploadKtp,
} from './profile-helpers.ts';

const storageDir = mkdtempSync(join(tmpdir(), 'kaskita-profile-'));
const t = useTestApp({ env: { STORAGE_DIR: storageDir } });

async function borrower(phone = newPhone()) {
  const { token } = await signIn(t.app, phone);
  const account = await get<{ uid: string }>(t.app, token, '/v1/user/account');
  return { token, phone, userId: account.body.data.uid };
}

async function withKtp(ktp = KTP) {
  const b = await borrower();
  const upload = await uploadKtp(t.app, b.token, {
    filename: 'ktp.jpg',
    contentType: 'image/jpeg',
    bytes: await plainPhoto(),
  });
  expect(upload.body.code).toBe(200);
  const saved = await post(t.app, b.token, '/v1/user/ktp', ktp);
  expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
  return b;
}

/** A NIK for a man born on `birthDate`, registered in Coblong. */
const nikFor = (birthDate: string, female = false) => {
  const [y, m, d] = birthDate.split('-') as [string, string, string];
  return `327302${String(Number(d) + (female ? 40 : 0)).padStart(2, '0')}${m}${y.slice(2)}0001`;
};

describe('onboarding: progress and sessions', () => {
  it('starts every borrower at the KTP step', async () => {
    const { token } = await borrower();
    const { body } = await get(t.app, token, '/v1/user/profile_progress');
    expect(body.data).toEqual({
      steps: {
        ktp: 'todo',
        'person-info': 'todo',
        'job-info': 'todo',
        'work-info': 'todo',
        contacts: 'todo',
        bank: 'todo',
      },
      next: 'ktp',
      locked: false,
    });
  });

  it('answers 4047 without a token on every call that needs one', async () => {
    for (const c of Object.values(profileCalls)) {
      if (!ENDPOINT[c.id as keyof typeof ENDPOINT].auth) continue;
      const { body } = await call(t.app, { method: c.method, url: `${API_PREFIX}${c.path}`, payload: {} });
      expect(body.code, c.path).toBe(4047);
    }
  });
});

describe('KTP step', () => {
  it('refuses files that are not what they say, with their own codes', async () => {
    const { token } = await borrower();
    const png = await plainPhoto('png');
    const jpeg = await plainPhoto('jpeg');
    const cases = [
      { filename: 'ktp.txt', contentType: 'text/plain', bytes: Buffer.from('not an image at all') },
      { filename: 'ktp.jpg', contentType: 'image/jpeg', bytes: Buffer.from('GIF89a fake jpeg') },
      { filename: 'ktp.jpg', contentType: 'image/jpeg', bytes: png },
      { filename: 'ktp.png', contentType: 'image/png', bytes: jpeg },
    ];
    const codes = [];
    for (const file of cases) codes.push((await uploadKtp(t.app, token, file)).body.code);
    expect(codes).toEqual([4151, 4151, 4152, 4152]);
    const progress = await get(t.app, token, '/v1/user/base');
    expect(progress.body.data).toMatchObject({ ktp_photo: false });
  });

  it('refuses an image over the size limit', async () => {
    const { token } = await borrower();
    const big = Buffer.concat([await plainPhoto(), Buffer.alloc(6 * 1024 * 1024)]);
    const { res, body } = await uploadKtp(t.app, token, {
      filename: 'ktp.jpg',
      contentType: 'image/jpeg',
      bytes: big,
    });
    expect(res.statusCode).toBe(413);
    expect(body.code).toBe(4130);
  });

  it('asks for the file when the part is missing or misnamed', async () => {
    const { token } = await borrower();
    const { body } = await call(t.app, { method: 'POST', url: '/api/v1/user/ocr_check', token, payload: {} });
    expect(body).toMatchObject({ code: 4000, data: { fields: { id_card: 'id_card.required' } } });
  });

  it('wants the photo before the identity (4260)', async () => {
    const { token } = await borrower();
    const { body } = await post(t.app, token, '/v1/user/ktp', KTP);
    expect(body.code).toBe(4260);
  });

  it('stores the photo encrypted, without metadata, readable only by its owner', async () => {
    const owner = await borrower();
    const upload = await uploadKtp(t.app, owner.token, {
      filename: 'ktp.jpg',
      contentType: 'image/jpeg',
      bytes: await plainPhoto(),
    });
    expect(upload.body.code).toBe(200);
    expect(upload.body.data).toHaveProperty('ktp_id_number');

    const photo = await get<{ content_type: string; data: string }>(t.app, owner.token, '/v1/user/ktp_photo');
    expect(photo.res.headers['cache-control']).toContain('no-store');
    expect(photo.body.data.content_type).toBe('image/jpeg');
    expect(Buffer.from(photo.body.data.data, 'base64').subarray(0, 3)).toEqual(
      Buffer.from([0xff, 0xd8, 0xff]),
    );

    const files = readdirSync(join(storageDir, 'ktp', owner.userId));
    expect(files).toHaveLength(1);
    const onDisk = readFileSync(join(storageDir, 'ktp', owner.userId, files[0]!));
    expect(onDisk.subarray(0, 3)).not.toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const other = await borrower();
    expect((await get(t.app, other.token, '/v1/user/ktp_photo')).body.code).toBe(4040);
  });

  it('saves the identity once, encrypted, and then refuses changes (4261)', async () => {
    const b = await withKtp();
    const [row] = await t.database.db
      .select()
      .from(borrowerProfiles)
      .where(eq(borrowerProfiles.userId, b.userId));
    expect(row?.nikEnc).toBeTruthy();
    expect(row?.nikEnc).not.toContain(KTP.cardid);
    expect(JSON.stringify(row)).not.toContain(KTP.cardid);

    const base = await get(t.app, b.token, '/v1/user/base');
    expect(base.body.data).toMatchObject({
      ktp_submitted: true,
      cardid_masked: '3273********0001',
      name: 'BUDI SANTOSO',
      birth_date: '1990-08-17',
      gender: 1,
    });
    expect((await post(t.app, b.token, '/v1/user/ktp', { ...KTP, name: 'Someone Else' })).body.code).toBe(
      4261,
    );
    const upload = await uploadKtp(t.app, b.token, {
      filename: 'ktp.jpg',
      contentType: 'image/jpeg',
      bytes: await plainPhoto(),
    });
    expect(upload.body.code).toBe(4261);
  });

  it('checks each NIK rule with its own message', async () => {
    const b = await borrower();
    await uploadKtp(t.app, b.token, {
      filename: 'k.jpg',
      contentType: 'image/jpeg',
      bytes: await plainPhoto(),
    });
    const fieldOf = async (ktp: Record<string, string>) => {
      const { body } = await post<{ fields: Record<string, string> }>(t.app, b.token, '/v1/user/ktp', ktp);
      expect(body.code, JSON.stringify(body)).toBe(4000);
      return body.data.fields;
    };
    expect(await fieldOf({ ...KTP, cardid: '327302170890001' })).toEqual({ cardid: 'nik.invalid' });
    expect(await fieldOf({ ...KTP, cardid: '9999991708900001' })).toEqual({ cardid: 'nik.region' });
    expect(await fieldOf({ ...KTP, cardid: '3273021713900001' })).toEqual({ cardid: 'nik.date' });
    expect(await fieldOf({ ...KTP, birth_date: '1990-08-18' })).toEqual({
      cardid: 'nik.birth_date_mismatch',
    });
    expect(await fieldOf({ ...KTP, gender: '2' })).toEqual({ cardid: 'nik.gender_mismatch' });
    // Clock: 2026-03-02. Born 2005-03-03: 20 years old.
    expect(await fieldOf({ ...KTP, cardid: nikFor('2005-03-03'), birth_date: '2005-03-03' })).toEqual({
      birth_date: 'birth_date.age',
    });
    expect(await fieldOf({ ...KTP, cardid: nikFor('1965-03-02'), birth_date: '1965-03-02' })).toEqual({
      birth_date: 'birth_date.age',
    });
    // A woman's NIK has 40 added to the day.
    const woman = { ...KTP, cardid: nikFor('1990-08-17', true), gender: '2' };
    expect((await post(t.app, b.token, '/v1/user/ktp', woman)).body.code).toBe(200);
  });

  it("answers 4263 when the NIK belongs to another account, in the borrower's language", async () => {
    await withKtp({ ...KTP, cardid: nikFor('1991-01-05'), birth_date: '1991-01-05' });
    const b = await borrower();
    await uploadKtp(t.app, b.token, {
      filename: 'k.jpg',
      contentType: 'image/jpeg',
      bytes: await plainPhoto(),
    });
    const { body } = await call(t.app, {
      method: 'POST',
      url: '/api/v1/user/ktp',
      token: b.token,
      headers: { lan: 'id-ID' },
      payload: { ...KTP, cardid: nikFor('1991-01-05'), birth_date: '1991-01-05' },
    });
    expect(body.code).toBe(4263);
    expect(body.msg).toContain('sudah terdaftar');
    // On the NIK field, so the form shows it beside the number typed.
    expect(body.data).toEqual({ fields: { cardid: 'nik.registered' } });
  });
});

describe('personal, job and work information', () => {
  it('saves personal information with a real region chain and shows it back', async () => {
    const b = await withKtp({ ...KTP, cardid: nikFor('1992-02-02'), birth_date: '1992-02-02' });
    expect((await post(t.app, b.token, '/v1/user/base', BASE)).body.code).toBe(200);
    const other = await post(t.app, b.token, '/v5/user/user_other_info', {
      email: 'budi@example.com',
      residential_status: '1',
    });
    expect(other.body.data).toMatchObject({ next: 'job-info', steps: { 'person-info': 'done' } });
    const { body } = await get(t.app, b.token, '/v1/user/base');
    expect(body.data).toMatchObject({
      education: 6,
      sub_districts: '32.73.02.1004',
      region_label: 'Jawa Barat / Kota Bandung / Coblong / Dago',
      zip_code: '40135',
      email: 'budi@example.com',
      residential_status: 1,
    });
  });

  it('names the field that breaks the region chain, and every missing field', async () => {
    const { token } = await borrower();
    const wrongVillage = await post<{ fields: Record<string, string> }>(t.app, token, '/v1/user/base', {
      ...BASE,
      sub_districts: '31.71.01.1001', // Gambir, Jakarta: not in Coblong
    });
    expect(wrongVillage.body.data.fields).toEqual({ sub_districts: 'region.chain' });
    const empty = await post<{ fields: Record<string, string> }>(t.app, token, '/v1/user/base', {});
    expect(Object.keys(empty.body.data.fields).sort()).toEqual(
      [
        'address',
        'city',
        'districts',
        'education',
        'live_duration',
        'mother_maiden_name',
        'province',
        'sub_districts',
        'zip_code',
      ].sort(),
    );
    const badEmail = await post<{ fields: Record<string, string> }>(
      t.app,
      token,
      '/v5/user/user_other_info',
      {
        email: 'budi@',
        residential_status: '1',
      },
    );
    expect(badEmail.body.data.fields).toEqual({ email: 'email.invalid' });
  });

  it('skips work information for a borrower without a job, and asks for it otherwise', async () => {
    const jobless = await borrower();
    const saved = await post(t.app, jobless.token, '/v2/user/work', { ...JOB, has_job: '0', career: '' });
    expect(saved.body.data).toMatchObject({ steps: { 'job-info': 'done', 'work-info': 'skipped' } });

    const employed = await borrower();
    expect(
      (await post(t.app, employed.token, '/v1/user/company', { company_name: 'PT Maju', ...ADDRESS })).body
        .code,
    ).toBe(4264);
    await post(t.app, employed.token, '/v2/user/work', JOB);
    const company = await post(t.app, employed.token, '/v1/user/company', {
      company_name: 'PT Maju Jaya',
      company_phone: '022-2501234',
      ...ADDRESS,
    });
    expect(company.body.data).toMatchObject({ steps: { 'work-info': 'done' } });
    const work = await get(t.app, employed.token, '/v1/user/work');
    expect(work.body.data).toMatchObject({ has_job: true, income: 6_500_000, company_phone: '0222501234' });
    expect((await get(t.app, employed.token, '/v2/user/work')).body.data).toEqual(work.body.data);
  });
});

describe('emergency contacts', () => {
  it('saves two contacts and records the consent with its version and address', async () => {
    const b = await borrower();
    const { body } = await call(t.app, {
      method: 'POST',
      url: '/api/v1/user/social',
      token: b.token,
      payload: SOCIAL,
      ip: '10.9.8.7',
    });
    expect(body.data).toMatchObject({ steps: { contacts: 'done' } });
    const consent = await t.database.db
      .select()
      .from(agreementAcceptances)
      .where(eq(agreementAcceptances.userId, b.userId));
    expect(consent.find((c) => c.document === 'emergency_contacts')).toMatchObject({
      version: EMERGENCY_CONTACT_CONSENT_VERSION,
      ip: '10.9.8.7',
    });
    const view = await get(t.app, b.token, '/v1/user/social');
    expect(view.body.data).toMatchObject({
      contact_consent: true,
      expect_amount: 3_000_000,
      expect_period: 6,
    });
  });

  it("refuses the same phone twice, the borrower's own phone, and no consent", async () => {
    const b = await borrower();
    const fields = async (payload: Record<string, unknown>) =>
      (await post<{ fields: Record<string, string> }>(t.app, b.token, '/v1/user/social', payload)).body.data
        .fields;
    expect(await fields({ ...SOCIAL, socials: socials('081234560001', '0812-3456-0001') })).toEqual({
      'socials.1.phone': 'contact.same_phone',
    });
    expect(await fields({ ...SOCIAL, socials: socials(b.phone) })).toEqual({
      'socials.0.phone': 'contact.own_phone',
    });
    expect(await fields({ ...SOCIAL, contact_consent: '0' })).toEqual({
      contact_consent: 'contact_consent.required',
    });
  });
});

describe('bank account', () => {
  it('lists the banks without a session', async () => {
    const { body } = await call<{ list: Array<{ code: string }> }>(t.app, {
      method: 'GET',
      url: '/api/v2/config/banklist',
    });
    expect(body.data.list.map((bank) => bank.code)).toEqual(
      expect.arrayContaining(['BCA', 'BRI', 'BNI', 'MANDIRI']),
    );
  });

  it('needs the KTP name first (4264)', async () => {
    const { token } = await borrower();
    const { body } = await post(t.app, token, '/v1/user/bank', {
      bank: 'BCA',
      card_num: '1234567890',
      name: 'Budi',
    });
    expect(body.code).toBe(4264);
  });

  it("saves only an open account in the borrower's own name, encrypted, shown masked", async () => {
    const b = await withKtp({ ...KTP, cardid: nikFor('1993-03-03'), birth_date: '1993-03-03' });
    const tryAccount = async (card_num: string) =>
      (await post(t.app, b.token, '/v1/user/bank', { bank: 'BCA', card_num, name: 'Budi Santoso' })).body;
    expect((await tryAccount('1234567111')).code).toBe(4270);
    expect((await tryAccount('1234567000')).code).toBe(4271);
    expect((await tryAccount('1234567999')).code).toBe(4272);
    expect(await t.database.db.select().from(bankAccounts).where(eq(bankAccounts.userId, b.userId))).toEqual(
      [],
    );

    const saved = await tryAccount('1234567890');
    expect(saved).toMatchObject({
      code: 200,
      data: { account: { bank: 'BCA', card_num_masked: '****7890', name: 'BUDI SANTOSO' } },
    });
    const [row] = await t.database.db.select().from(bankAccounts).where(eq(bankAccounts.userId, b.userId));
    expect(JSON.stringify(row)).not.toContain('1234567890');
    // GET answers the saved account as the default card, and the list of cards (one, the same account, not in use).
    expect((await get(t.app, b.token, '/v1/user/bank')).body.data).toEqual({
      ...saved.data,
      cards: [
        {
          id: row!.id,
          bank: 'BCA',
          bank_name: 'Bank Central Asia (BCA)',
          card_num_masked: '****7890',
          name: 'BUDI SANTOSO',
          is_default: true,
          in_use: false,
        },
      ],
    });
    expect((await get(t.app, b.token, '/v1/user/profile_progress')).body.data).toMatchObject({
      steps: { bank: 'done' },
    });
  });

  it('takes an e-wallet as the account: its registered phone in any spelling, kept in the local form', async () => {
    const { body } = await call<{ list: Array<{ code: string; kind: string }> }>(t.app, {
      method: 'GET',
      url: '/api/v2/config/banklist',
    });
    expect(body.data.list.filter((b) => b.kind === 'ewallet').map((b) => b.code)).toEqual([
      'DANA',
      'OVO',
      'GOPAY',
      'SHOPEEPAY',
      'LINKAJA',
    ]);
    const b = await withKtp({ ...KTP, cardid: nikFor('1993-05-05'), birth_date: '1993-05-05' });
    const tryWallet = async (card_num: string) =>
      (await post(t.app, b.token, '/v1/user/bank', { bank: 'DANA', card_num, name: 'Budi Santoso' })).body;
    // Digits, but no Indonesian mobile number.
    const refused = await tryWallet('1234567890');
    expect(refused.code).toBe(4000);
    expect((refused.data as unknown as { fields: Record<string, string> }).fields).toEqual({
      card_num: 'card_num.ewallet',
    });
    // The sandbox's test numbers answer the same way for a wallet: held by someone else.
    expect((await tryWallet('6281234567111')).code).toBe(4270);
    const saved = await tryWallet('6281234560077');
    expect(saved).toMatchObject({
      code: 200,
      data: { account: { bank: 'DANA', bank_name: 'DANA (e-wallet)', card_num_masked: '****0077' } },
    });
    const [row] = await t.database.db.select().from(bankAccounts).where(eq(bankAccounts.userId, b.userId));
    expect(row!.accountNumberHash).toBe(
      t.app.dataProtection.lookup.hash('bank_accounts.account_number', '081234560077'),
    );
  });
});

describe("another borrower's data", () => {
  it("is never reachable: every read is the session's own", async () => {
    const owner = await withKtp({ ...KTP, cardid: nikFor('1994-04-04'), birth_date: '1994-04-04' });
    await post(t.app, owner.token, '/v1/user/base', BASE);
    await post(t.app, owner.token, '/v2/user/work', JOB);
    await post(t.app, owner.token, '/v1/user/social', SOCIAL);
    const stranger = await borrower();
    for (const url of [
      '/v1/user/base',
      '/v1/user/work',
      '/v2/user/work',
      '/v1/user/social',
      '/v1/user/bank',
    ]) {
      const { body } = await call(t.app, {
        method: 'GET',
        url: `/api${url}?uid=${owner.userId}&user_id=${owner.userId}`,
        token: stranger.token,
      });
      expect(JSON.stringify(body.data), url).not.toMatch(/BUDI|Siti|Dewi|6500000|3273/);
    }
    const info = await post<{ user_info: { username: string } }>(
      t.app,
      owner.token,
      '/v5/user/user_info',
      {},
    );
    expect(info.body.data.user_info.username).toBe('BUDI SANTOSO');
  });
});

describe('after the application is submitted', () => {
  it('keeps the profile read-only (4262)', async () => {
    const b = await borrower();
    await t.database.db.update(users).set({ verify: 1 }).where(eq(users.id, b.userId));
    expect((await post(t.app, b.token, '/v1/user/base', BASE)).body.code).toBe(4262);
    expect((await post(t.app, b.token, '/v2/user/work', JOB)).body.code).toBe(4262);
    expect((await get(t.app, b.token, '/v1/user/profile_progress')).body.data).toMatchObject({
      locked: true,
    });
    expect(await t.database.db.execute(sql`select 1`)).toBeTruthy();
  });
});

describe('key rotation', () => {
  it('re-encrypts NIKs, OCR readings, account numbers and KTP photos, which stay readable under the new key', async () => {
    const b = await withKtp({ ...KTP, cardid: nikFor('1995-05-05'), birth_date: '1995-05-05' });
    await post(t.app, b.token, '/v1/user/bank', {
      bank: 'BRI',
      card_num: '5556667778',
      name: 'Budi Santoso',
    });

    const newKey = { id: 'k2', secret: 'profile-rotation-key-two-0123456789abcdefghij' };
    const rotatingEnv = loadEnv(
      {},
      {
        ...TEST_ENV,
        STORAGE_DIR: storageDir,
        DATA_ENCRYPTION_KEY: newKey.secret,
        DATA_ENCRYPTION_KEY_ID: newKey.id,
        DATA_ENCRYPTION_OLD_KEYS: [{ id: 'k1', secret: DEV_DATA_ENCRYPTION_KEY }],
      },
    );
    const protection = createDataProtection(rotatingEnv);
    const report = await new KeyRotationService(t.database.db, protection.cipher, protection.files).run();
    const rotated = Object.fromEntries(report.columns.map((c) => [c.column.column, c.counts.rotated]));
    expect(rotated.nik_enc).toBeGreaterThan(0);
    expect(rotated.ocr_text_enc).toBeGreaterThan(0);
    expect(rotated.account_number_enc).toBeGreaterThan(0);
    expect(report.files.failed).toEqual([]);

    // An app holding only the new key reads everything.
    const app = await t.rebuild({
      env: { STORAGE_DIR: storageDir, DATA_ENCRYPTION_KEY: newKey.secret, DATA_ENCRYPTION_KEY_ID: newKey.id },
    });
    expect((await get(app, b.token, '/v1/user/base')).body.data).toMatchObject({
      cardid_masked: '3273********0001',
    });
    expect((await get(app, b.token, '/v1/user/ktp_photo')).body.code).toBe(200);
  });
});
