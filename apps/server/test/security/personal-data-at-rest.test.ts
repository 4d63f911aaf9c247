import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MyDataExport } from '@kaskita/domain/contract/my-data';
import { normalisePhone } from '@kaskita/domain/validation/phone';
import { CLEAR_MOVES, encryptClearColumns } from '../../src/db/encrypt-clear-columns.ts';
import type { Db } from '../../src/db/client.ts';
import { DEV_DATA_ENCRYPTION_KEY } from '../../src/env.ts';
import { openLocation } from '../../src/modules/application/application-schema.ts';
import { HOLDER_NAME_PURPOSE } from '../../src/modules/bank-cards/bank-cards-service.ts';
import { nameWordHashes, openProfile } from '../../src/modules/profile/profile-fields-schema.ts';
import { borrowerProfiles } from '../../src/modules/profile/profile-schema.ts';
import { DataCipher, fieldContext } from '../../src/security/data-cipher.ts';
import { ENCRYPTED_COLUMNS } from '../../src/security/encrypted-columns.ts';
import { openRecipient } from '../../src/jobs/outbox-recipient.ts';
import { openPhone } from '../../src/modules/user/user-phone-schema.ts';
import { openWhatsappPhone } from '../../src/modules/verification/whatsapp-phone-schema.ts';
import { phoneLookupHash } from '../../src/security/phone-lookup.ts';
import { KeyRotationService } from '../../src/security/key-rotation-service.ts';
import {
  completedBorrower,
  JAKARTA,
  markChecksPassed,
  submit,
  type Borrower,
} from '../application/application-helpers.ts';
import { call, newPhone, useTestApp } from '../helpers/test-app.ts';
import { ADDRESS, BASE } from '../profile/profile-helpers.ts';
import { adminCall, verifiedAdministrator, verifiedStaff } from '../staff/staff-helpers.ts';

const t = useTestApp();

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** Every personal value completedBorrower types (application-helpers.ts), as typed and as stored (upper-case name). */
const TYPED = [
  'Budi Santoso',
  'Siti Aminah',
  ADDRESS.address,
  'budi@example.com',
  'PT Maju Jaya',
  // The employer's number as typed (022-2501234) and as stored (0222501234).
  '2501234',
  'Dewi Lestari',
  'Andi Wijaya',
  // The contacts' numbers as typed and as stored (62...).
  '81234560001',
  '81234560002',
  JAKARTA.lon,
  JAKARTA.lat,
];

async function tablesWithUserId(db: Db): Promise<Set<string>> {
  const rows = rowsOf(
    await db.execute(sql`select table_name from information_schema.columns
      where table_schema = current_schema() and column_name = 'user_id'`),
  );
  return new Set(rows.map((r) => String(r.table_name)));
}

/** Each row of the borrower's in the tables of the encrypted columns, as the JSON of all its columns. */
async function rawRows(db: Db, userId: string): Promise<Map<string, string[]>> {
  const owned = await tablesWithUserId(db);
  const tables = [...new Set(ENCRYPTED_COLUMNS.map((c) => c.table))].filter((table) => owned.has(table));
  const found = new Map<string, string[]>();
  for (const table of tables) {
    const rows = rowsOf(
      await db.execute(
        sql`select row_to_json(r)::text as json from ${sql.identifier(table)} r where r.user_id = ${userId}`,
      ),
    );
    found.set(
      table,
      rows.map((r) => String(r.json)),
    );
  }
  return found;
}

let borrower: Borrower;
let exported: MyDataExport;

describe('personal data at rest', () => {
  it('holds no value the borrower typed in clear in any table of an encrypted column', async () => {
    borrower = await completedBorrower(t.app);
    await markChecksPassed(t.database.db, borrower.userId, t.clock.now());
    expect((await submit(t.app, borrower.token)).body.code).toBe(200);
    exported = (
      await call<MyDataExport>(t.app, { method: 'GET', url: '/api/v1/user/my_data', token: borrower.token })
    ).body.data;
    const ktp = exported.sections.profile!.ktp;
    const typed = [...TYPED, ktp.nik!, ktp.birth_date!];

    const rows = await rawRows(t.database.db, borrower.userId);
    // The flow wrote a row in each table it touches: the scan is not vacuous.
    for (const table of ['borrower_profiles', 'bank_accounts', 'credit_applications'])
      expect(rows.get(table), table).toHaveLength(1);
    for (const [table, jsons] of rows)
      for (const json of jsons)
        for (const value of typed)
          expect(json.toLowerCase(), `${table} holds ${value}`).not.toContain(value.toLowerCase());
  });

  it("holds the borrower's phone nowhere in clear: the account, the messages sent to it, its sign-in codes", async () => {
    const db = t.database.db;
    // The sign-in sent a code (sms_codes, message_outbox), counted the attempt (rate_events) and registered the number
    // (users): none keeps it readable.
    const local = borrower.phone.replace(/^62/, '0');
    const number = `62${local.slice(1)}`;
    const scans = {
      users: sql`select row_to_json(r)::text as json from users r where r.id = ${borrower.userId}`,
      message_outbox: sql`select row_to_json(r)::text as json from message_outbox r`,
      sms_codes: sql`select row_to_json(r)::text as json from sms_codes r`,
      borrower_verifications: sql`select row_to_json(r)::text as json from borrower_verifications r`,
      // The sign-in counted an attempt per phone and address (auth-limits.ts): by a keyed hash only.
      rate_events: sql`select row_to_json(r)::text as json from rate_events r`,
    };
    for (const [table, query] of Object.entries(scans)) {
      const jsons = rowsOf(await db.execute(query)).map((r) => String(r.json));
      expect(jsons.length, table).toBeGreaterThan(0);
      for (const json of jsons) {
        expect(json, `${table} holds the phone`).not.toContain(number);
        expect(json, `${table} holds the phone`).not.toContain(local.slice(1));
      }
    }
    // Yet the app reads it back: the export shows the number the borrower registered.
    expect(normalisePhone(exported.sections.account!.phone)).toBe(number);
  });

  it('shows the borrower every value as typed (profile screens and the personal-data export)', async () => {
    const { profile, bank_accounts: cards, applications } = exported.sections;
    expect(profile!.ktp).toMatchObject({ name: 'BUDI SANTOSO' });
    expect(profile!.personal).toMatchObject({
      mother_maiden_name: BASE.mother_maiden_name,
      address: ADDRESS.address,
      email: 'budi@example.com',
    });
    expect(profile!.company).toMatchObject({
      company_name: 'PT Maju Jaya',
      company_phone: '0222501234',
      company_address: ADDRESS.address,
    });
    expect(profile!.contacts.list.map((c) => c.name)).toEqual(['Dewi Lestari', 'Andi Wijaya']);
    expect(cards![0]).toMatchObject({ holder_name: 'BUDI SANTOSO' });
    expect(applications![0]).toMatchObject({ longitude: JAKARTA.lon, latitude: JAKARTA.lat });

    const info = await call<{ user_info: { username: string } }>(t.app, {
      method: 'POST',
      url: '/api/v5/user/user_info',
      token: borrower.token,
    });
    expect(info.body.data.user_info.username).toBe('BUDI SANTOSO');
  });

  it('lets the back office find the borrower by whole words of the name, and reveal the values', async () => {
    const admin = await verifiedAdministrator(t);
    const support = await verifiedStaff(t, admin.token, 'customer_support');
    const search = (q: string) =>
      adminCall<{ total: number; rows: { id: string; name_masked: string }[] }>(
        t.app,
        'POST',
        '/borrowers/search',
        {
          token: support.token,
          body: { by: 'name', q },
        },
      );
    for (const q of ['santoso', 'Budi Santoso', 'SANTOSO  budi']) {
      const found = await search(q);
      expect(
        found.body.data.rows.map((r) => r.id),
        q,
      ).toContain(borrower.userId);
      expect(found.body.data.rows.find((r) => r.id === borrower.userId)?.name_masked).toBe('B*** S******');
    }
    // Keyed hashes match whole words only: a part of one finds nothing, nor does another word beside the name.
    expect((await search('santo')).body.data.rows.map((r) => r.id)).not.toContain(borrower.userId);
    expect((await search('budi wijaya')).body.data.rows.map((r) => r.id)).not.toContain(borrower.userId);

    const reveal = (field: string) =>
      adminCall<{ text: string | null }>(t.app, 'POST', `/borrowers/${borrower.userId}/reveal`, {
        token: support.token,
        body: { field, reason: 'borrower on the phone, identity check' },
      });
    expect((await reveal('name')).body.data.text).toBe('BUDI SANTOSO');
    expect((await reveal('birth_date')).body.data.text).toBe(exported.sections.profile!.ktp.birth_date);
    expect((await reveal('address')).body.data.text).toBe(`${ADDRESS.address}, ${BASE.zip_code}`);
  });

  it('registers every *_enc column of the schema for key rotation', async () => {
    const rows = rowsOf(
      await t.database.db.execute(sql`select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and column_name like '%\\_enc'`),
    );
    const registered = new Set(ENCRYPTED_COLUMNS.map((c) => `${c.table}.${c.column}`));
    const found = rows.map((r) => `${String(r.table_name)}.${String(r.column_name)}`);
    expect(found.length).toBeGreaterThan(10);
    expect(found.filter((column) => !registered.has(column))).toEqual([]);
  });

  // Last: the values move to a key the app was not built with.
  it('keys:rotate moves every new column to the new key, each value still the same', async () => {
    const appKey = { id: 'k1', secret: DEV_DATA_ENCRYPTION_KEY };
    const next = new DataCipher({ id: 'k9', secret: 'rotation-test-key-nine-0123456789abcdefghij' }, [
      appKey,
    ]);
    const report = await new KeyRotationService(t.database.db, next, t.app.infra.dataProtection.files).run({
      batchSize: 2,
    });
    for (const { column, counts } of report.columns) expect(counts.failed, column.column).toEqual([]);
    const rotated = new Set(report.columns.filter((c) => c.counts.rotated > 0).map((c) => c.column.column));
    for (const column of [
      'name_enc',
      'birth_date_enc',
      'contacts_enc',
      'holder_name_enc',
      'location_enc',
      'phone_enc',
      'recipient_enc',
    ])
      expect(rotated, column).toContain(column);

    const onlyNext = new DataCipher({ id: 'k9', secret: 'rotation-test-key-nine-0123456789abcdefghij' });
    const [stored] = await t.database.db
      .select()
      .from(borrowerProfiles)
      .where(sql`${borrowerProfiles.userId} = ${borrower.userId}`);
    const profile = openProfile(onlyNext, stored!);
    expect(profile).toMatchObject({
      name: 'BUDI SANTOSO',
      email: 'budi@example.com',
      companyName: 'PT Maju Jaya',
    });
    expect(profile.contacts?.map((c) => c.name)).toEqual(['Dewi Lestari', 'Andi Wijaya']);
    const [card] = rowsOf(
      await t.database.db.execute(
        sql`select id, holder_name_enc from bank_accounts where user_id = ${borrower.userId}`,
      ),
    );
    expect(
      onlyNext.decryptField(
        String(card!.holder_name_enc),
        fieldContext(HOLDER_NAME_PURPOSE, String(card!.id)),
      ),
    ).toBe('BUDI SANTOSO');
    const [application] = rowsOf(
      await t.database.db.execute(
        sql`select id, location_enc from credit_applications where user_id = ${borrower.userId}`,
      ),
    );
    expect(openLocation(onlyNext, String(application!.id), String(application!.location_enc))).toEqual({
      longitude: JAKARTA.lon,
      latitude: JAKARTA.lat,
    });
  });
});

/**
 * A database as migration 0038 leaves it before the app's first start: the clear columns back beside the encrypted
 * ones, nullable. The test database has had the step already (test-database.ts), so they are added back here.
 */
async function restoreClearColumns(db: Db): Promise<void> {
  await db.execute(sql`alter table borrower_profiles
    add column name text, add column birth_date text, add column mother_maiden_name text, add column address text,
    add column email text, add column company_name text, add column company_phone text,
    add column company_address text, add column contacts jsonb`);
  await db.execute(sql`alter table bank_accounts add column holder_name text,
    alter column holder_name_enc drop not null`);
  await db.execute(sql`alter table credit_applications add column longitude text, add column latitude text,
    alter column location_enc drop not null`);
  // And as 0042 leaves it: the phone numbers in clear beside their sealed columns.
  await db.execute(sql`alter table users add column phone text unique,
    alter column phone_enc drop not null, alter column phone_hash drop not null`);
  await db.execute(sql`alter table borrower_verifications add column whatsapp_phone text`);
  await db.execute(sql`alter table message_outbox add column recipient text`);
  await db.execute(sql`alter table sms_codes add column phone text, alter column phone_hash drop not null`);
}

async function columnsOf(db: Db, table: string): Promise<Map<string, boolean>> {
  const rows = rowsOf(
    await db.execute(sql`select column_name, is_nullable from information_schema.columns
      where table_schema = current_schema() and table_name = ${table}`),
  );
  return new Map(rows.map((r) => [String(r.column_name), r.is_nullable === 'YES']));
}

describe('the encrypt-clear-columns step (after migrations 0038 and 0042)', () => {
  const PEOPLE = 5;

  it('encrypts the clear values of rows from before the migration, then drops the clear columns', async () => {
    const db = t.database.db;
    await restoreClearColumns(db);
    const now = new Date();
    const ids = Array.from({ length: PEOPLE }, (_, i) => `pre-0038-${i}`);
    const phones = ids.map(() => `62${newPhone().slice(1)}`);
    for (const [i, id] of ids.entries()) {
      const phone = phones[i]!;
      await db.execute(
        sql`insert into users (id, phone, created_at, updated_at) values (${id}, ${phone}, ${now}, ${now})`,
      );
      await db.execute(sql`insert into message_outbox (id, channel, recipient, status, idempotency_key, created_at,
          updated_at) values (${`msg-${id}`}, 'sms', ${phone}, 'sent', ${`pre-0042:${id}`}, ${now}, ${now})`);
      await db.execute(sql`insert into sms_codes (id, phone, purpose, code_hash, ip, expires_at, created_at)
        values (${`code-${id}`}, ${phone}, 'login', 'h', '10.0.0.1', ${now}, ${now})`);
      await db.execute(sql`insert into borrower_verifications (user_id, whatsapp_phone, whatsapp_verified_at, updated_at)
        values (${id}, ${i === 0 ? null : phone}, ${now}, ${now})`);
      // Person 0 saved nothing but the KTP photo: no value to encrypt.
      if (i === 0) {
        await db.execute(
          sql`insert into borrower_profiles (user_id, created_at, updated_at) values (${id}, ${now}, ${now})`,
        );
        continue;
      }
      await db.execute(sql`insert into borrower_profiles (user_id, name, birth_date, mother_maiden_name, address, email,
          company_name, company_phone, company_address, contacts, created_at, updated_at)
        values (${id}, ${`SRI WAHYUNI ${i}`}, '1991-02-03', 'Ibu Kartini', ${`Jl. Melati ${i}`}, ${`sri${i}@example.com`},
          'CV Sumber Rejeki', '0274-551122', 'Jl. Malioboro 1',
          ${JSON.stringify([{ relation: 2, name: 'Rina Kusuma', phone: '6281200000001' }])}::jsonb, ${now}, ${now})`);
      await db.execute(sql`insert into bank_accounts (id, user_id, bank_code, account_number_enc, account_number_hash,
          holder_name, last_digits, verified_at, created_at)
        values (${`card-${id}`}, ${id}, 'BCA', 'x', ${`hash-${id}`}, ${`SRI WAHYUNI ${i}`}, '0000', ${now}, ${now})`);
      await db.execute(sql`insert into credit_applications (id, user_id, state, submitted_at, decide_after, longitude,
          latitude, locale, created_at)
        values (${`app-${id}`}, ${id}, 'rejected', ${now}, ${now}, '110.3695', '-7.7956', 'id-ID', ${now})`);
    }

    const cipher = t.app.infra.dataProtection.cipher;
    const protection = { cipher, lookup: t.app.infra.dataProtection.lookup };
    const report = await encryptClearColumns(db, protection, { batchSize: 2 });
    expect(report.encrypted).toMatchObject({
      'borrower_profiles.name_enc': PEOPLE - 1,
      'borrower_profiles.contacts_enc': PEOPLE - 1,
      'bank_accounts.holder_name_enc': PEOPLE - 1,
      'credit_applications.location_enc': PEOPLE - 1,
      'users.phone_enc': PEOPLE,
      'borrower_verifications.whatsapp_phone_enc': PEOPLE - 1,
      'sms_codes.phone_hash': PEOPLE,
    });
    // Erased stays erased: the eraser's '-' is no number to seal.
    expect(report.encrypted['message_outbox.recipient_enc']).toBeGreaterThanOrEqual(PEOPLE);
    expect(report.dropped).toEqual(
      expect.arrayContaining([
        'borrower_profiles.name',
        'bank_accounts.holder_name',
        'credit_applications.latitude',
      ]),
    );

    const profiles = await columnsOf(db, 'borrower_profiles');
    const cards = await columnsOf(db, 'bank_accounts');
    const applications = await columnsOf(db, 'credit_applications');
    for (const move of CLEAR_MOVES) {
      const columns = await columnsOf(db, move.table);
      for (const clear of move.clear) expect(columns.has(clear), `${move.table}.${clear}`).toBe(false);
    }
    expect(profiles.get('name_enc')).toBe(true);
    expect(cards.get('holder_name_enc')).toBe(false); // NOT NULL again, as the schema says
    expect(applications.get('location_enc')).toBe(false);

    const users = await columnsOf(db, 'users');
    expect([users.get('phone_enc'), users.get('phone_hash')]).toEqual([false, false]);
    expect((await columnsOf(db, 'sms_codes')).get('phone_hash')).toBe(false);
    const { lookup } = protection;
    for (const [i, id] of ids.entries()) {
      const phone = phones[i]!;
      const [user] = rowsOf(await db.execute(sql`select phone_enc, phone_hash from users where id = ${id}`));
      expect(openPhone(cipher, id, String(user!.phone_enc))).toBe(phone);
      expect(user!.phone_hash).toBe(phoneLookupHash(lookup, phone));
      const [message] = rowsOf(
        await db.execute(
          sql`select id, recipient_enc, recipient_hash from message_outbox where id = ${`msg-${id}`}`,
        ),
      );
      expect(openRecipient(cipher, { id: `msg-${id}`, recipientEnc: String(message!.recipient_enc) })).toBe(
        phone,
      );
      expect(message!.recipient_hash).toBe(phoneLookupHash(lookup, phone));
      const [code] = rowsOf(
        await db.execute(sql`select phone_hash from sms_codes where id = ${`code-${id}`}`),
      );
      expect(code!.phone_hash).toBe(phoneLookupHash(lookup, phone));
      const [verification] = rowsOf(
        await db.execute(sql`select whatsapp_phone_enc from borrower_verifications where user_id = ${id}`),
      );
      const sealed = verification!.whatsapp_phone_enc;
      expect(openWhatsappPhone(cipher, id, sealed === null ? null : String(sealed))).toBe(
        i === 0 ? null : phone,
      );
    }

    for (const [i, id] of ids.entries()) {
      const [stored] = await db
        .select()
        .from(borrowerProfiles)
        .where(sql`${borrowerProfiles.userId} = ${id}`);
      const profile = openProfile(cipher, stored!);
      if (i === 0) {
        expect(profile).toMatchObject({ name: null, contacts: null, email: null });
        continue;
      }
      expect(profile).toMatchObject({
        name: `SRI WAHYUNI ${i}`,
        birthDate: '1991-02-03',
        motherMaidenName: 'Ibu Kartini',
        address: `Jl. Melati ${i}`,
        email: `sri${i}@example.com`,
        companyName: 'CV Sumber Rejeki',
        companyPhone: '0274-551122',
        companyAddress: 'Jl. Malioboro 1',
        contacts: [{ relation: 2, name: 'Rina Kusuma', phone: '6281200000001' }],
      });
      // The name is found by its words, as if the KTP step had saved it.
      expect(stored!.nameWordHashes).toEqual(nameWordHashes(protection.lookup, `SRI WAHYUNI ${i}`));
      const [card] = rowsOf(
        await db.execute(sql`select holder_name_enc from bank_accounts where user_id = ${id}`),
      );
      expect(
        cipher.decryptField(String(card!.holder_name_enc), fieldContext(HOLDER_NAME_PURPOSE, `card-${id}`)),
      ).toBe(`SRI WAHYUNI ${i}`);
      const [application] = rowsOf(
        await db.execute(sql`select location_enc from credit_applications where user_id = ${id}`),
      );
      expect(openLocation(cipher, `app-${id}`, String(application!.location_enc))).toEqual({
        longitude: '110.3695',
        latitude: '-7.7956',
      });
    }
  });

  it('is idempotent: a second run finds no clear column and changes nothing', async () => {
    const db = t.database.db;
    const before = rowsOf(
      await db.execute(sql`select row_to_json(p)::text as json from borrower_profiles p order by user_id`),
    );
    expect(await encryptClearColumns(db, t.app.infra.dataProtection, { batchSize: 2 })).toEqual({
      encrypted: {},
      dropped: [],
    });
    const after = rowsOf(
      await db.execute(sql`select row_to_json(p)::text as json from borrower_profiles p order by user_id`),
    );
    expect(after).toEqual(before);
  });
});
