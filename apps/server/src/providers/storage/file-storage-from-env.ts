import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { FileStorage } from './file-storage.ts';
import { LocalFileStorage } from './local-file-storage.ts';
import { PgFileStorage } from './postgres-file-storage.ts';

/**
 * The storage FILE_STORAGE names, below the encryption (security/data-protection.ts): for the app and for the
 * commands that work on its files (keys:rotate, files:move). Nothing is read or written until the first call. The
 * database is needed with `postgres` only (files:move opens none for the others). The AWS SDK is loaded with `s3` only:
 * it cost every start of the server 120-220 ms of CPU (2026-12-02/03) whatever the storage.
 */
export async function fileStorageFromEnv(env: Env, db: Db | undefined, clock?: Clock): Promise<FileStorage> {
  switch (env.FILE_STORAGE) {
    case 'local':
      return new LocalFileStorage(env.STORAGE_DIR);
    case 'postgres':
      if (!db) throw new Error('FILE_STORAGE=postgres keeps the files in the database: open it first');
      return new PgFileStorage(db, clock);
    case 's3': {
      // env.ts requires the bucket with FILE_STORAGE=s3; this check only tells TypeScript.
      if (!env.S3_BUCKET) throw new Error('S3_BUCKET is required when FILE_STORAGE=s3');
      const [{ S3FileStorage }, { S3Client }] = await Promise.all([
        import('./s3-file-storage.ts'),
        import('@aws-sdk/client-s3'),
      ]);
      return new S3FileStorage({
        client: s3ClientFromEnv(env, S3Client),
        bucket: env.S3_BUCKET,
        prefix: env.S3_PREFIX,
      });
    }
  }
}

function s3ClientFromEnv(env: Env, S3Client: typeof import('@aws-sdk/client-s3').S3Client) {
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  return new S3Client({
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  });
}
