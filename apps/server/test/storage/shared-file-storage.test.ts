import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { rotateKeys } from '../../src/cli/rotate-keys-command.ts';
import { loadEnv } from '../../src/env.ts';
import { EncryptedFileStore } from '../../src/providers/storage/encrypted-file-store.ts';
import type { FileStorage } from '../../src/providers/storage/file-storage.ts';
import { fileStorageFromEnv } from '../../src/providers/storage/file-storage-from-env.ts';
import { DataCipher, DecryptionError } from '../../src/security/data-cipher.ts';
import { startLocalS3Server, type LocalS3Server } from '../helpers/local-s3-server.ts';
import { TEST_ENV } from '../helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

// Issue 24, "Several instances, one database": with FILE_STORAGE=postgres or s3 a file stored by one app instance is
// read by another, encrypted as on local disk, and `npm run keys:rotate` rotates it where it is.

const K0 = { id: 'k0', secret: 'shared-store-key-zero-0123456789abcdefghijk' };
const K1 = { id: 'k1', secret: 'shared-store-key-one-0123456789abcdefghijkl' };
const MARKER = 'NIK 3171234567890001 SITI NURHALIZA';
const photoOf = (key: string) => Buffer.from(`\xff\xd8\xff\xe0JFIF ${MARKER} ${key} `.repeat(200), 'latin1');

const base = mkdtempSync(join(tmpdir(), 'kaskita-shared-'));
let testDb: TestDatabase;
let s3: LocalS3Server;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  [testDb, s3] = [await createTestDatabase(), await startLocalS3Server()];
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await s3?.close();
  await testDb?.destroy();
  rmSync(base, { recursive: true, force: true });
});

const stores: { name: string; settings: () => Record<string, string> }[] = [
  { name: 'postgres', settings: () => ({ FILE_STORAGE: 'postgres' }) },
  { name: 's3', settings: () => ({ ...s3.settings, S3_PREFIX: 'instances' }) },
];

describe.each(stores)('FILE_STORAGE=$name', ({ name, settings }) => {
  /** The store below the encryption, as the settings name it. */
  const rawStore = (source: Record<string, string>): Promise<FileStorage> =>
    fileStorageFromEnv(loadEnv(source), testDb.database.db);

  it('a file one app instance stores is read by another; the store holds only ciphertext', async () => {
    // Each instance has a STORAGE_DIR of its own, as two servers would: neither may be used.
    const instance = async (n: number) => {
      const app = await buildApp({
        envSource: { ...settings(), STORAGE_DIR: join(base, `${name}-instance-${n}`) },
        env: TEST_ENV,
        logger: false,
        database: testDb.database,
      });
      apps.push(app);
      return app;
    };
    const [first, second] = [await instance(1), await instance(2)];
    const key = `kyc/${name}/ktp.jpg`;

    await first.infra.dataProtection.files.put(key, photoOf(key));

    expect((await second.infra.dataProtection.files.get(key))?.equals(photoOf(key))).toBe(true);
    const stored = (await (await rawStore(settings())).get(key)) ?? Buffer.alloc(0);
    expect(stored.subarray(0, 4).toString('ascii')).toBe('KKEF');
    for (const needle of [MARKER, 'JFIF']) expect(stored.includes(Buffer.from(needle))).toBe(false);
    for (const n of [1, 2]) expect(existsSync(join(base, `${name}-instance-${n}`))).toBe(false);
  });

  it('binds each file to its key: a copy under another key is refused', async () => {
    const raw = await rawStore(settings());
    const files = new EncryptedFileStore(raw, new DataCipher(K1));
    await files.put('kyc/7/selfie.jpg', photoOf('seven'));
    await raw.put('kyc/8/selfie.jpg', (await raw.get('kyc/7/selfie.jpg')) ?? Buffer.alloc(0));
    await expect(files.get('kyc/8/selfie.jpg')).rejects.toThrowError(DecryptionError);
    await raw.delete('kyc/8/selfie.jpg');
  });

  it('`npm run keys:rotate` re-encrypts the files where FILE_STORAGE keeps them', async () => {
    const source = { ...settings(), S3_PREFIX: 'rotation', STORAGE_DIR: join(base, `${name}-rotation`) };
    if (name === 'postgres') await testDb.database.query('delete from stored_files');
    const raw = await rawStore(source);
    const keys = ['kyc/1/ktp.jpg', 'kyc/1/selfie.jpg', 'payments/3/proof.jpg'];
    for (const key of keys) await new EncryptedFileStore(raw, new DataCipher(K0)).put(key, photoOf(key));
    const lines: string[] = [];

    const code = await rotateKeys(
      loadEnv({
        ...source,
        DATA_ENCRYPTION_KEY_ID: K1.id,
        DATA_ENCRYPTION_KEY: K1.secret,
        DATA_ENCRYPTION_OLD_KEYS: `${K0.id}:${K0.secret}`,
      }),
      { database: testDb.database, columns: [], write: (line) => lines.push(line) },
    );

    expect(code).toBe(0);
    expect(lines).toContain('files: 3 re-encrypted, 0 already under "k1", 0 failed');
    const onlyK1 = new DataCipher(K1);
    for (const key of keys) {
      expect(onlyK1.keyIdOfFile((await raw.get(key)) ?? Buffer.alloc(0))).toBe('k1');
      expect((await new EncryptedFileStore(raw, onlyK1).get(key))?.equals(photoOf(key))).toBe(true);
    }
    expect(existsSync(source.STORAGE_DIR)).toBe(false);
  });
});
