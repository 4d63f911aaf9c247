import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { loadEnv, EnvError } from '../../src/env.ts';
import { productionProblems } from '../../src/production-guard.ts';
import { StorageKeyError, type FileStorage } from '../../src/providers/storage/file-storage.ts';
import { fileStorageFromEnv } from '../../src/providers/storage/file-storage-from-env.ts';
import { LocalFileStorage } from '../../src/providers/storage/local-file-storage.ts';
import { PgFileStorage } from '../../src/providers/storage/postgres-file-storage.ts';
import { S3FileStorage } from '../../src/providers/storage/s3-file-storage.ts';
import { storedFiles } from '../../src/providers/storage/stored-files-schema.ts';
import {
  LOCAL_S3_BUCKET,
  LOCAL_S3_CREDENTIALS,
  startLocalS3Server,
  type LocalS3Server,
} from '../helpers/local-s3-server.ts';
import { TestClock } from '../helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

// One contract, three stores: what the app and the commands rely on holds for the local disk, the postgres table
// (PGlite here, PostgreSQL when DATABASE_URL is set) and an S3 bucket (a local S3-compatible server).

const base = mkdtempSync(join(tmpdir(), 'kaskita-contract-'));
let testDb: TestDatabase;
let db: Db;
let s3: LocalS3Server;
let s3Client: S3Client;
const clock = new TestClock();
let fresh = 0;

beforeAll(async () => {
  [testDb, s3] = [await createTestDatabase(), await startLocalS3Server()];
  db = testDb.database.db;
  s3Client = new S3Client({
    region: 'us-east-1',
    endpoint: s3.settings.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: LOCAL_S3_CREDENTIALS,
  });
});

afterAll(async () => {
  s3Client?.destroy();
  await s3?.close();
  await testDb?.destroy();
  rmSync(base, { recursive: true, force: true });
});

/** Small list pages, so that listing more than a page of files is part of the contract. */
const PAGE = 10;

const stores: { name: string; make: () => Promise<FileStorage> }[] = [
  { name: 'local disk', make: async () => new LocalFileStorage(join(base, `root-${++fresh}`)) },
  {
    name: 'postgres',
    make: async () => {
      await db.delete(storedFiles);
      return new PgFileStorage(db, clock, PAGE);
    },
  },
  {
    name: 's3',
    // A folder of the bucket per test: each starts empty.
    make: async () =>
      new S3FileStorage({
        client: s3Client,
        bucket: LOCAL_S3_BUCKET,
        prefix: `contract/${++fresh}`,
        listPageSize: PAGE,
      }),
  },
];

const collect = async (keys: AsyncIterable<string>) => {
  const all: string[] = [];
  for await (const key of keys) all.push(key);
  return all.sort();
};

/** Every byte value, so no store may treat the bytes as text. */
const BINARY = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7) % 256));

describe.each(stores)('file storage contract: $name', ({ make }) => {
  it('puts and gets bytes exactly, overwrites whole, stores empty files, and lists every key', async () => {
    const storage = await make();
    expect(await collect(storage.list())).toEqual([]);
    await storage.put('kyc/42/ktp.jpg', BINARY);
    const got = await storage.get('kyc/42/ktp.jpg');
    expect(Buffer.isBuffer(got)).toBe(true);
    expect(got?.equals(BINARY)).toBe(true);

    await storage.put('kyc/42/ktp.jpg', Buffer.from('shorter'));
    expect((await storage.get('kyc/42/ktp.jpg'))?.toString()).toBe('shorter');
    await storage.put('selfie-7.jpg', Buffer.alloc(0));
    expect((await storage.get('selfie-7.jpg'))?.length).toBe(0);
    // A view into a larger buffer: only the view is stored.
    await storage.put('agreements/9/signed.pdf', BINARY.subarray(100, 110));
    expect((await storage.get('agreements/9/signed.pdf'))?.equals(BINARY.subarray(100, 110))).toBe(true);

    expect(await collect(storage.list())).toEqual([
      'agreements/9/signed.pdf',
      'kyc/42/ktp.jpg',
      'selfie-7.jpg',
    ]);
  });

  it('answers a missing key with null and false; deleting is final and deleting a missing file is fine', async () => {
    const storage = await make();
    expect(await storage.get('kyc/1/missing.jpg')).toBeNull();
    expect(await storage.exists('kyc/1/missing.jpg')).toBe(false);
    await storage.put('kyc/1/ktp.jpg', Buffer.from('ktp'));
    expect(await storage.exists('kyc/1/ktp.jpg')).toBe(true);
    // A folder of the key is no file.
    expect(await storage.exists('kyc/1')).toBe(false);
    await storage.delete('kyc/1/ktp.jpg');
    await storage.delete('kyc/1/ktp.jpg');
    await storage.delete('kyc/1/never.jpg');
    expect(await storage.get('kyc/1/ktp.jpg')).toBeNull();
    expect(await storage.exists('kyc/1/ktp.jpg')).toBe(false);
    expect(await collect(storage.list())).toEqual([]);
  });

  it('refuses invalid keys in every call, writing nothing', async () => {
    const storage = await make();
    for (const key of ['../outside.txt', '/etc/passwd', 'a//b', '.hidden', 'a\\b', '', 'a/b/c/d/e/f/g/h/i']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrowError(StorageKeyError);
      await expect(storage.get(key)).rejects.toThrowError(StorageKeyError);
      await expect(storage.exists(key)).rejects.toThrowError(StorageKeyError);
      await expect(storage.delete(key)).rejects.toThrowError(StorageKeyError);
    }
    expect(await collect(storage.list())).toEqual([]);
  });

  it('lists more than a page, each key once, while every listed file is rewritten (as keys:rotate does)', async () => {
    const storage = await make();
    const keys = Array.from({ length: PAGE * 2 + 5 }, (_, i) => `kyc/${i}/photo.jpg`);
    for (const key of keys) await storage.put(key, Buffer.from(`old ${key}`));
    const listed: string[] = [];
    for await (const key of storage.list()) {
      listed.push(key);
      await storage.put(key, Buffer.from(`new ${key}`));
    }
    expect(listed.sort()).toEqual([...keys].sort());
    for (const key of keys) expect((await storage.get(key))?.toString()).toBe(`new ${key}`);
  });
});

describe('postgres file storage', () => {
  it('keeps when a file was first stored and last replaced, and its size', async () => {
    const storage = (await stores[1]?.make()) as FileStorage;
    await storage.put('kyc/5/ktp.jpg', BINARY);
    const first = clock.now();
    clock.advance(60);
    await storage.put('kyc/5/ktp.jpg', Buffer.from('replaced'));
    const [row] = await db.select().from(storedFiles).where(eq(storedFiles.key, 'kyc/5/ktp.jpg'));
    expect(row).toMatchObject({ size: 8, createdAt: first, updatedAt: clock.now() });
  });
});

describe('s3 file storage', () => {
  it('keeps to its prefix: lists only its own files, skipping objects that are no storage key', async () => {
    const mine = new S3FileStorage({ client: s3Client, bucket: LOCAL_S3_BUCKET, prefix: '/own/files/' });
    const neighbour = new S3FileStorage({ client: s3Client, bucket: LOCAL_S3_BUCKET, prefix: 'own/files-2' });
    await mine.put('kyc/1/ktp.jpg', Buffer.from('mine'));
    await neighbour.put('kyc/1/ktp.jpg', Buffer.from('theirs'));
    // A console's "folder" marker and a hidden object under the prefix.
    for (const Key of ['own/files/kyc/', 'own/files/.DS_Store'])
      await s3Client.send(new PutObjectCommand({ Bucket: LOCAL_S3_BUCKET, Key, Body: Buffer.alloc(0) }));
    expect(await collect(mine.list())).toEqual(['kyc/1/ktp.jpg']);
    expect((await mine.get('kyc/1/ktp.jpg'))?.toString()).toBe('mine');
    expect(() => new S3FileStorage({ client: s3Client, bucket: LOCAL_S3_BUCKET, prefix: '../up' })).toThrow(
      StorageKeyError,
    );
  });

  it('fails loudly, not as a missing file, on a missing bucket or an unknown access key', async () => {
    const env = loadEnv({ ...s3.settings, S3_BUCKET: 'no-such-bucket' });
    await expect((await fileStorageFromEnv(env, undefined)).get('kyc/1/ktp.jpg')).rejects.toThrow(/bucket/i);
    // (The local server knows its access key id but does not check signatures: a wrong secret would pass there.)
    const stranger = loadEnv({ ...s3.settings, S3_ACCESS_KEY_ID: 'AKIASTRANGER' });
    await expect((await fileStorageFromEnv(stranger, undefined)).get('kyc/1/ktp.jpg')).rejects.toThrow(
      /Access Key Id/,
    );
  });
});

describe('FILE_STORAGE settings', () => {
  it('defaults to the local disk, so a fresh machine works unchanged', async () => {
    const env = loadEnv({});
    expect(env.FILE_STORAGE).toBe('local');
    expect(await fileStorageFromEnv(env, undefined)).toBeInstanceOf(LocalFileStorage);
  });

  it('builds the configured store; s3 needs a bucket, and access keys come in pairs', async () => {
    expect(await fileStorageFromEnv(loadEnv({ FILE_STORAGE: 'postgres' }), db)).toBeInstanceOf(PgFileStorage);
    await expect(fileStorageFromEnv(loadEnv({ FILE_STORAGE: 'postgres' }), undefined)).rejects.toThrow(
      /database/,
    );
    expect(await fileStorageFromEnv(loadEnv(s3.settings), undefined)).toBeInstanceOf(S3FileStorage);
    const problems = (source: Record<string, string>) => {
      try {
        loadEnv(source);
        return [];
      } catch (error) {
        return (error as EnvError).problems;
      }
    };
    expect(problems({ FILE_STORAGE: 's3' })).toEqual(['S3_BUCKET: required when FILE_STORAGE=s3']);
    expect(problems({ FILE_STORAGE: 'disk' })[0]).toMatch(/^FILE_STORAGE: /);
    expect(problems({ S3_ACCESS_KEY_ID: 'AKIA0000' })).toEqual([
      'S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    ]);
    expect(problems({ S3_PREFIX: 'files/../up' })[0]).toMatch(/^S3_PREFIX: /);
    expect(loadEnv({ S3_PREFIX: '/kaskita/files/' }).S3_PREFIX).toBe('kaskita/files');
  });

  it('in production, wants https for an S3 endpoint other than this machine', () => {
    const summary = { configured: [], missing: [] };
    const remote = loadEnv({ ...s3.settings, S3_ENDPOINT: 'http://objects.example.co.id' });
    expect(productionProblems(remote, summary)).toContainEqual(
      expect.stringMatching(/^S3_ENDPOINT must use https/),
    );
    expect(productionProblems(loadEnv(s3.settings), summary).join('\n')).not.toMatch(/S3_ENDPOINT/);
  });
});
