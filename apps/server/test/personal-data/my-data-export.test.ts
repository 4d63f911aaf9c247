import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  MY_DATA_SECTION_KEYS,
  type MyDataExport,
  type MyDataSections,
} from '@kaskita/domain/contract/my-data';
import { auditLog } from '../../src/db/schema.ts';
import { EXPORT_COMMAND, EXPORT_LIMITS } from '../../src/modules/personal-data/my-data-export-service.ts';
import { completedBorrower, type Borrower } from '../application/application-helpers.ts';
import { capturedLogger } from '../helpers/captured-log.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { call, useTestApp } from '../helpers/test-app.ts';
import { get } from '../profile/profile-helpers.ts';

// The app's own logger, captured: a copy of personal data must leave nothing of it in the log.
const log = capturedLogger();
const t = useTestApp({ logger: log.logger });

const myData = (token: string) =>
  call<MyDataExport>(t.app, { method: 'GET', url: '/api/v1/user/my_data', token });
const myPdf = (token: string, lan = 'id-ID') =>
  call<{ content_type: string; file_name: string; data: string }>(t.app, {
    method: 'GET',
    url: '/api/v1/user/my_data/pdf',
    token,
    headers: { lan },
  });
const myImages = (token: string) =>
  call<{ ktp_photo: { data: string } | null; selfie: { data: string } | null }>(t.app, {
    method: 'GET',
    url: '/api/v1/user/my_data/images',
    token,
  });

/** Every leaf value of what a profile call answers, as text: what the profile screens show the borrower. */
function shownValues(view: unknown): string[] {
  if (view === null || view === undefined || view === '') return [];
  if (Array.isArray(view)) return view.flatMap(shownValues);
  if (typeof view === 'object') return Object.values(view).flatMap(shownValues);
  return [String(view)];
}

function leafValues(value: unknown): Set<string> {
  return new Set(shownValues(value));
}

/** A value shown as is, or masked ("3171********0001"): then some value held matches it around the stars. */
function holds(held: Set<string>, shown: string): boolean {
  if (held.has(shown)) return true;
  if (!shown.includes('*')) return false;
  const pattern = new RegExp(
    `^${shown
      .split(/\*+/)
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+')}$`,
  );
  return [...held].some((v) => pattern.test(v));
}

let borrower: Borrower;
let other: Borrower;

describe('the copy of my data (JSON)', () => {
  it('holds every field the profile screens show, the NIK in clear, and every section of the contract', async () => {
    borrower = await completedBorrower(t.app);
    const { body, res } = await myData(borrower.token);
    expect(body.code).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = body.data;
    expect(Object.keys(data.sections).sort()).toEqual([...MY_DATA_SECTION_KEYS].sort());
    expect(data.sections.account).toMatchObject({ uid: borrower.userId, has_password: false });

    const profile = data.sections.profile!;
    expect(profile.ktp).toMatchObject({
      name: 'BUDI SANTOSO',
      gender: 1,
      religion: 1,
      marriage: 2,
      ktp_photo_held: true,
    });
    expect(profile.ktp.nik).toMatch(/^317101\d{10}$/);
    expect(profile.personal.email).toBe('budi@example.com');
    expect(profile.company.company_name).toBe('PT Maju Jaya');
    expect(profile.contacts.list).toHaveLength(2);

    // What each profile screen shows is somewhere in the copy: nothing the borrower saw is left out.
    const held = leafValues(data.sections);
    for (const url of ['/v1/user/base', '/v2/user/work', '/v1/user/social', '/v1/user/bank']) {
      const view = await get(t.app, borrower.token, url);
      expect(view.body.code, url).toBe(200);
      for (const value of shownValues(view.body.data))
        expect([url, holds(held, value) ? value : `missing ${value}`]).toEqual([url, value]);
    }
    expect(data.sections.bank_accounts).toEqual([
      expect.objectContaining({
        bank_code: 'BCA',
        account_number: '1234567890',
        holder_name: 'BUDI SANTOSO',
      }),
    ]);
    expect(data.sections.consents.accepted.map((c) => c.kind).sort()).toEqual(
      ['emergency_contacts', 'privacy', 'terms'].sort(),
    );
    expect(data.sections.messages.map((m) => m.kind)).toContain('sms-code');
    expect(data.sections.devices).toHaveLength(1);
  });

  it("never holds another borrower's data, and answers each borrower their own", async () => {
    other = await completedBorrower(t.app);
    const mine = JSON.stringify((await myData(borrower.token)).body.data);
    const theirs = (await myData(other.token)).body.data;
    expect(theirs.sections.account.uid).toBe(other.userId);
    for (const secret of [other.userId, other.phone.slice(1), theirs.sections.profile!.ktp.nik!])
      expect(mine).not.toContain(secret);
  });

  it('is written to the borrower’s own audit as an access, without the data, and logs no personal data', async () => {
    const before = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.command, EXPORT_COMMAND), eq(auditLog.subjectId, other.userId)));
    const { body } = await call<MyDataExport>(t.app, {
      method: 'GET',
      url: '/api/v1/user/my_data',
      token: other.token,
    });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.command, EXPORT_COMMAND), eq(auditLog.subjectId, other.userId)));
    expect(rows.length).toBe(before.length + 1);
    const row = rows.at(-1)!;
    expect(row).toMatchObject({ actorKind: 'borrower', actorId: other.userId, outcome: 'exported' });
    expect(row.after).toEqual({ format: 'json' });
    const nik = body.data.sections.profile!.ktp.nik!;
    expect(JSON.stringify(row)).not.toContain(nik);
    expect(log.lines.length).toBeGreaterThan(0);
    expect(log.lines.join('')).not.toContain(nik);
  });
});

describe('the readable copy (PDF)', () => {
  it('in the borrower’s language, with the identity and the profile’s values', async () => {
    const json = (await myData(borrower.token)).body.data;
    const id = await myPdf(borrower.token, 'id-ID');
    expect(id.body.code).toBe(200);
    expect(id.body.data.content_type).toBe('application/pdf');
    const text = pdfText(Buffer.from(id.body.data.data, 'base64'));
    expect(text).toContain('Data pribadi Anda di KasKita');
    expect(text).toContain(`NIK: ${json.sections.profile!.ktp.nik}`);
    expect(text).toContain('Nama: BUDI SANTOSO');
    expect(text).toContain('Jenis kelamin: Laki-laki (1)');
    expect(text).toContain('Nama perusahaan: PT Maju Jaya');
    const en = pdfText(Buffer.from((await myPdf(borrower.token, 'en-US')).body.data.data, 'base64'));
    expect(en).toContain('Your personal data at KasKita');
    expect(en).toContain('Gender: Male (1)');
    expect(en).not.toContain('Jenis kelamin');
  });
});

describe('the images, on request', () => {
  it('the KTP photo as stored; no selfie before a face check passed', async () => {
    const { body } = await myImages(other.token);
    expect(body.code).toBe(200);
    const jpeg = Buffer.from(body.data.ktp_photo!.data, 'base64');
    expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const stored = await t.app.profile.service.ktpPhotoJpeg(other.userId);
    expect(jpeg.equals(stored!)).toBe(true);
    expect(body.data.selfie).toBeNull();
    // The copy itself says the photo is held and where to get it.
    const data: MyDataSections = (await myData(other.token)).body.data.sections;
    expect(data.profile!.ktp.ktp_photo_held).toBe(true);
  });
});

describe('limits: exports are costly', () => {
  it(`${EXPORT_LIMITS.exportsPerHour.max} copies an hour, JSON and PDF together; then 4029 with retry_after`, async () => {
    const b = await completedBorrower(t.app);
    for (let i = 0; i < EXPORT_LIMITS.exportsPerHour.max; i++) {
      const res = i % 2 ? await myPdf(b.token) : await myData(b.token);
      expect(res.body.code).toBe(200);
    }
    const refused = await myData(b.token);
    expect(refused.body.code).toBe(4029);
    expect(refused.body.data).toMatchObject({ retry_after: expect.any(Number) });
    expect((await myPdf(b.token)).body.code).toBe(4029);
    // Another borrower is not held back by this one.
    const fresh = await completedBorrower(t.app);
    expect((await myData(fresh.token)).body.code).toBe(200);
    t.clock.advance(3601);
    expect((await myData(b.token)).body.code).toBe(200);
  });

  it(`${EXPORT_LIMITS.imagesPerHour.max} image downloads an hour`, async () => {
    const b = await completedBorrower(t.app);
    for (let i = 0; i < EXPORT_LIMITS.imagesPerHour.max; i++)
      expect((await myImages(b.token)).body.code).toBe(200);
    expect((await myImages(b.token)).body.code).toBe(4029);
  });

  it('a signed-out caller gets nothing (4047)', async () => {
    for (const url of ['/api/v1/user/my_data', '/api/v1/user/my_data/pdf', '/api/v1/user/my_data/images']) {
      const { body } = await call(t.app, { method: 'GET', url });
      expect([url, body.code]).toEqual([url, 4047]);
    }
  });
});
