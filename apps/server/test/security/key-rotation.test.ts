import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rotateKeys } from '../../src/cli/rotate-keys-command.ts';
import type { Db } from '../../src/db/client.ts';
import { loadEnv } from '../../src/env.ts';
import { EncryptedFileStore } from '../../src/providers/storage/encrypted-file-store.ts';
import { LocalFileStorage } from '../../src/providers/storage/local-file-storage.ts';
import { DataCipher, fieldContext, type DataKeySecret } from '../../src/security/data-cipher.ts';
import type { EncryptedColumn } from '../../src/security/encrypted-columns.ts';
import { KeyRotationService } from '../../src/security/key-rotation-service.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

const K0: DataKeySecret = { id: 'k0', secret: 'rotation-key-zero-0123456789abcdefghijklmno' };
const K1: DataKeySecret = { id: 'k1', secret: 'rotation-key-one-0123456789abcdefghijklmnop' };
const K2: DataKeySecret = { id: 'k2', secret: 'rotation-key-two-0123456789abcdefghijklmnop' };
/** Before the rotation the app wrote under k0, then under k1; now k2 is current and both are retired. */
const rotating = new DataCipher(K2, [K0, K1]);
const onlyK2 = new DataCipher(K2);

// Two tables registered as encrypted columns: integer ids and text ids, as later features will have.
const NIKS: EncryptedColumn = { table: 't_rot_people', idColumn: 'id', column: 'nik', purpose: 'people.nik' };
const ACCOUNTS: EncryptedColumn = {
  table: 't_rot_accounts',
  idColumn: 'code',
  column: 'number',
  purpose: 'accounts.number',
};
const COLUMNS = [NIKS, ACCOUNTS];
const PEOPLE = 230;
const nikOf = (id: number) => `3171${String(id).padStart(12, '0')}`;
const accountOf = (code: string) => `0012-${code}-7788`;
const ACCOUNT_CODES = ['acc-a', 'acc-b', 'acc-c', 'acc-d', 'acc-e'];
/** How many people have a NIK under byKey[keyIndex] after seed(). */
const peopleUnder = (keyIndex: number) =>
  Array.from({ length: PEOPLE }, (_, i) => i + 1).filter((id) => id % 7 !== 0 && id % 3 === keyIndex).length;

let testDb: TestDatabase;
let db: Db;
let storageRoot: string;
const FILE_KEYS = ['kyc/1/ktp.jpg', 'kyc/1/selfie.jpg', 'kyc/2/ktp.jpg', 'kyc/3/ktp.jpg'];
const photoOf = (key: string) => Buffer.from(`photo of ${key} `.repeat(50));

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** People 1..230 under k0, k1 or k2 (every 7th has no NIK yet), accounts under k0 or k1, files under k0/k1/k2. */
async function seed(): Promise<void> {
  const byKey = [new DataCipher(K0), new DataCipher(K1), new DataCipher(K2)];
  await db.execute(sql`delete from t_rot_people`);
  await db.execute(sql`delete from t_rot_accounts`);
  const people = Array.from({ length: PEOPLE }, (_, i) => i + 1).map((id) => {
    const cipher = byKey[id % 3] ?? onlyK2;
    const nik = id % 7 === 0 ? null : cipher.encryptField(nikOf(id), fieldContext(NIKS.purpose, id));
    return sql`(${id}, ${nik})`;
  });
  await db.execute(sql`insert into t_rot_people (id, nik) values ${sql.join(people, sql`, `)}`);
  for (const [index, code] of ACCOUNT_CODES.entries()) {
    const cipher = byKey[index % 2] ?? onlyK2;
    const number = cipher.encryptField(accountOf(code), fieldContext(ACCOUNTS.purpose, code));
    await db.execute(sql`insert into t_rot_accounts (code, number) values (${code}, ${number})`);
  }
  rmSync(storageRoot, { recursive: true, force: true });
  for (const [index, key] of FILE_KEYS.entries()) {
    const cipher = byKey[index % 3] ?? onlyK2;
    await new EncryptedFileStore(new LocalFileStorage(storageRoot), cipher).put(key, photoOf(key));
  }
}

async function storedPeople(): Promise<{ id: number; nik: string | null }[]> {
  const rows = rowsOf(await db.execute(sql`select id, nik from t_rot_people order by id`));
  return rows.map((row) => ({ id: Number(row.id), nik: row.nik as string | null }));
}

async function storedAccounts(): Promise<{ code: string; number: string }[]> {
  const rows = rowsOf(await db.execute(sql`select code, number from t_rot_accounts order by code`));
  return rows.map((row) => ({ code: String(row.code), number: String(row.number) }));
}

/** Every value and file decrypts to what was written, with the given cipher. */
async function expectAllReadable(cipher: DataCipher): Promise<void> {
  for (const { id, nik } of await storedPeople()) {
    if (id % 7 === 0) expect(nik).toBeNull();
    else expect(cipher.decryptField(nik ?? '', fieldContext(NIKS.purpose, id))).toBe(nikOf(id));
  }
  for (const { code, number } of await storedAccounts())
    expect(cipher.decryptField(number, fieldContext(ACCOUNTS.purpose, code))).toBe(accountOf(code));
  const store = new EncryptedFileStore(new LocalFileStorage(storageRoot), cipher);
  for (const key of FILE_KEYS) expect((await store.get(key))?.equals(photoOf(key))).toBe(true);
}

/** Key ids of every stored value and file, counted. */
async function keyIdsInUse(): Promise<Record<string, number>> {
  const ids: string[] = [];
  for (const { nik } of await storedPeople()) if (nik) ids.push(rotating.keyIdOfField(nik));
  for (const { number } of await storedAccounts()) ids.push(rotating.keyIdOfField(number));
  for (const key of FILE_KEYS) ids.push(rotating.keyIdOfFile(readFileSync(join(storageRoot, key))));
  const counts: Record<string, number> = {};
  for (const id of ids) counts[id] = (counts[id] ?? 0) + 1;
  return counts;
}

const service = (cipher = rotating) =>
  new KeyRotationService(
    db,
    cipher,
    new EncryptedFileStore(new LocalFileStorage(storageRoot), cipher),
    COLUMNS,
  );

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
  storageRoot = join(mkdtempSync(join(tmpdir(), 'kaskita-rotation-')), 'files');
  await db.execute(sql`create table t_rot_people (id bigint primary key, nik text)`);
  await db.execute(sql`create table t_rot_accounts (code text primary key, number text not null)`);
});

afterAll(async () => {
  await testDb?.destroy();
  rmSync(join(storageRoot, '..'), { recursive: true, force: true });
});

beforeEach(seed);

describe('key rotation', () => {
  it('moves every column value and file to the current key, each readable before and after', async () => {
    const withNik = PEOPLE - Math.floor(PEOPLE / 7);
    const nikUnderK2 = peopleUnder(2);
    // People, then accounts (index % 2), then files (index % 3).
    expect(await keyIdsInUse()).toEqual({
      k0: peopleUnder(0) + 3 + 2,
      k1: peopleUnder(1) + 2 + 1,
      k2: nikUnderK2 + 1,
    });
    await expectAllReadable(rotating);
    const before = await storedPeople();

    const report = await service().run({ batchSize: 50 });

    expect(report.interrupted).toBe(false);
    expect(report.columns.map(({ counts }) => counts)).toEqual([
      { rotated: withNik - nikUnderK2, current: nikUnderK2, failed: [] },
      { rotated: 5, current: 0, failed: [] },
    ]);
    expect(report.files).toEqual({ rotated: 3, current: 1, failed: [] });
    // Nothing is left under a retired key: the new key alone reads everything.
    expect(await keyIdsInUse()).toEqual({ k2: withNik + 5 + 4 });
    await expectAllReadable(onlyK2);
    // Values already under k2 were not rewritten.
    const after = await storedPeople();
    for (const [index, row] of before.entries())
      if (row.nik?.startsWith('v1.k2.')) expect(after[index]?.nik).toBe(row.nik);
  });

  it('is idempotent: a second run re-encrypts nothing and changes no value', async () => {
    await service().run({ batchSize: 50 });
    const people = await storedPeople();
    const accounts = await storedAccounts();
    const photos = FILE_KEYS.map((key) => readFileSync(join(storageRoot, key)));

    const again = await service().run({ batchSize: 50 });

    expect(again.columns.map(({ counts }) => counts.rotated)).toEqual([0, 0]);
    expect(again.columns.map(({ counts }) => counts.current)).toEqual([
      people.filter((p) => p.nik).length,
      5,
    ]);
    expect(again.files).toEqual({ rotated: 0, current: 4, failed: [] });
    expect(await storedPeople()).toEqual(people);
    expect(await storedAccounts()).toEqual(accounts);
    for (const [index, key] of FILE_KEYS.entries())
      expect(readFileSync(join(storageRoot, key)).equals(photos[index] ?? Buffer.alloc(0))).toBe(true);
  });

  it('stopped after one batch (as by Ctrl-C or a crash), everything stays readable and a re-run finishes', async () => {
    const controller = new AbortController();
    const first = await service().run({
      batchSize: 50,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    expect(first.interrupted).toBe(true);
    expect(first.columns).toHaveLength(1);
    expect(first.columns[0]?.counts.rotated).toBe(50);
    const mixed = await keyIdsInUse();
    expect(Object.keys(mixed).sort()).toEqual(['k0', 'k1', 'k2']);
    await expectAllReadable(rotating);

    const second = await service().run({ batchSize: 50 });
    expect(second.interrupted).toBe(false);
    // What the first run did is now counted as current: the people under k2 plus the one file already under k2.
    expect(second.columns[0]?.counts.current).toBe((mixed.k2 ?? 0) - 1);
    expect(Object.keys(await keyIdsInUse())).toEqual(['k2']);
    await expectAllReadable(onlyK2);
  });

  it('reports values it cannot decrypt and leaves them as they are, rotating the rest', async () => {
    const [victim] = (await storedPeople()).filter((p) => p.id === 10);
    // Row 11 gets row 10's value (a copy between rows), row 12 a plaintext NIK, row 13 a value under an unknown key.
    await db.execute(sql`update t_rot_people set nik = ${victim?.nik ?? ''} where id = 11`);
    await db.execute(sql`update t_rot_people set nik = ${nikOf(12)} where id = 12`);
    const unknown = new DataCipher({ id: 'k9', secret: 'unknown-key-0123456789abcdefghijklmnopqrstu' });
    const orphan = unknown.encryptField(nikOf(13), fieldContext(NIKS.purpose, 13));
    await db.execute(sql`update t_rot_people set nik = ${orphan} where id = 13`);
    // Row 5 (under k2) and one file are labelled with the current id but were encrypted with another secret, as if
    // DATA_ENCRYPTION_KEY had been changed without a new DATA_ENCRYPTION_KEY_ID: rotation must not call them current.
    const sameIdOtherKey = new DataCipher({
      id: 'k2',
      secret: 'replaced-key-0123456789abcdefghijklmnopqrst',
    });
    const relabelled = sameIdOtherKey.encryptField(nikOf(5), fieldContext(NIKS.purpose, 5));
    await db.execute(sql`update t_rot_people set nik = ${relabelled} where id = 5`);
    await new EncryptedFileStore(new LocalFileStorage(storageRoot), sameIdOtherKey).put(
      'kyc/1/selfie.jpg',
      Buffer.from('x'),
    );
    const copied = readFileSync(join(storageRoot, 'kyc/1/ktp.jpg'));
    await new LocalFileStorage(storageRoot).put('kyc/2/ktp.jpg', copied);

    const report = await service().run({ batchSize: 50 });

    expect(report.columns[0]?.counts.failed).toEqual(['5', '11', '12', '13']);
    expect(report.files.failed.sort()).toEqual(['kyc/1/selfie.jpg', 'kyc/2/ktp.jpg']);
    const rows = await storedPeople();
    expect(rows.find((r) => r.id === 11)?.nik).toBe(victim?.nik);
    expect(rows.find((r) => r.id === 12)?.nik).toBe(nikOf(12));
    expect(rows.find((r) => r.id === 13)?.nik).toBe(orphan);
    expect(readFileSync(join(storageRoot, 'kyc/2/ktp.jpg')).equals(copied)).toBe(true);
    for (const row of rows)
      if (row.nik && ![5, 11, 12, 13].includes(row.id)) expect(row.nik.startsWith('v1.k2.')).toBe(true);
  });
});

describe('npm run keys:rotate', () => {
  const env = (extra: Record<string, string> = {}) =>
    loadEnv({
      DATA_ENCRYPTION_KEY_ID: K2.id,
      DATA_ENCRYPTION_KEY: K2.secret,
      DATA_ENCRYPTION_OLD_KEYS: `${K0.id}:${K0.secret},${K1.id}:${K1.secret}`,
      STORAGE_DIR: storageRoot,
      ...extra,
    });

  it('runs on an embedded database the app never started: migrated, nothing to rotate, exit 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kaskita-rotation-fresh-'));
    try {
      const lines: string[] = [];
      const code = await rotateKeys(env({ DATA_DIR: dataDir }), { write: (line) => lines.push(line) });
      expect(code).toBe(0);
      const output = lines.join('\n');
      expect(output).toContain(
        'bank_accounts.account_number_enc: 0 re-encrypted, 0 already under "k2", 0 failed',
      );
      expect(output).toContain('Done: everything is under "k2".');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('prints counts per column and for files, never a value, and exits 0 when all is under the current key', async () => {
    const lines: string[] = [];
    const code = await rotateKeys(env(), {
      database: testDb.database,
      columns: COLUMNS,
      batchSize: 100,
      write: (line) => lines.push(line),
    });
    const output = lines.join('\n');
    expect(code).toBe(0);
    expect(output).toContain('Re-encrypting under key "k2" (retired keys: k0, k1)');
    expect(output).toMatch(/t_rot_people\.nik: \d+ re-encrypted, \d+ already under "k2", 0 failed/);
    expect(output).toContain('t_rot_accounts.number: 5 re-encrypted, 0 already under "k2", 0 failed');
    expect(output).toContain('files: 3 re-encrypted, 1 already under "k2", 0 failed');
    for (const secret of [nikOf(1), accountOf('acc-a'), K0.secret, K1.secret, K2.secret])
      expect(output).not.toContain(secret);
    await expectAllReadable(onlyK2);
  });

  it('exits 1 and lists what failed; in production it refuses development keys', async () => {
    await db.execute(sql`update t_rot_people set nik = 'not encrypted' where id = 5`);
    const lines: string[] = [];
    const write = (line: string) => lines.push(line);
    expect(await rotateKeys(env(), { database: testDb.database, columns: COLUMNS, write })).toBe(1);
    expect(lines.join('\n')).toContain('t_rot_people.nik id=5');

    lines.length = 0;
    const production = env({ NODE_ENV: 'production', DATA_ENCRYPTION_KEY_ID: 'k3', DATA_ENCRYPTION_KEY: '' });
    expect(await rotateKeys(production, { database: testDb.database, columns: COLUMNS, write })).toBe(1);
    expect(lines.join('\n')).toMatch(
      /Refusing to rotate in production[\s\S]*DATA_ENCRYPTION_KEY is the development/,
    );
  });
});
