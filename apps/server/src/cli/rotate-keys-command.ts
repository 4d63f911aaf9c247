import { openDatabase, type Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import { dataProtectionProblems } from '../production-guard.ts';
import type { FileStorage } from '../providers/storage/file-storage.ts';
import { fileStorageFromEnv } from '../providers/storage/file-storage-from-env.ts';
import { createDataProtection } from '../security/data-protection.ts';
import type { EncryptedColumn } from '../security/encrypted-columns.ts';
import { KeyRotationService, type RotationCounts } from '../security/key-rotation-service.ts';

export interface RotateKeysOptions {
  /** An open database (tests); otherwise the one the settings name, closed at the end. */
  database?: Database;
  /** The storage below the encryption (tests); otherwise the one FILE_STORAGE names. */
  storage?: FileStorage;
  /** The registry by default (ENCRYPTED_COLUMNS). */
  columns?: readonly EncryptedColumn[];
  batchSize?: number;
  signal?: AbortSignal;
  /** Where the report goes, one line at a time. Lines hold counts, key ids and row ids, never values. */
  write: (line: string) => void;
}

/** Lists at most this many failed ids: enough to investigate, short enough to read. */
const LISTED_FAILURES = 20;

const describe = (target: string, counts: RotationCounts, keyId: string) =>
  `${target}: ${counts.rotated} re-encrypted, ${counts.current} already under "${keyId}", ${counts.failed.length} failed`;

/**
 * `npm run keys:rotate`: re-encrypts every registered column and every stored file (in the store FILE_STORAGE names)
 * under DATA_ENCRYPTION_KEY.
 * Returns the exit code: 0 when everything is under the current key, 1 on failures, 130 when interrupted.
 */
export async function rotateKeys(env: Env, options: RotateKeysOptions): Promise<number> {
  const { write } = options;
  const problems = env.NODE_ENV === 'production' ? dataProtectionProblems(env) : [];
  if (problems.length > 0) {
    write(`Refusing to rotate in production:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    return 1;
  }
  const database =
    options.database ??
    (await openDatabase(
      env.DATABASE_URL
        ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: 2 }
        : { kind: 'pglite', dataDir: env.DATA_DIR },
    ));
  try {
    // A database the app never started has no tables yet (it migrates at its first start): migrated here, it has
    // nothing to rotate, which is said, instead of failing on a table that is not there.
    if (!options.database) await database.migrate();
    // The files wherever the app keeps them (FILE_STORAGE), which with `postgres` is this database.
    const { cipher, files } = createDataProtection(
      env,
      options.storage ?? (await fileStorageFromEnv(env, database.db)),
    );
    const retired = env.DATA_ENCRYPTION_OLD_KEYS.map((key) => key.id);
    write(`Re-encrypting under key "${cipher.currentKeyId}" (retired keys: ${retired.join(', ') || 'none'})`);
    const service = new KeyRotationService(database.db, cipher, files, options.columns);
    const report = await service.run({
      batchSize: options.batchSize,
      signal: options.signal,
      onProgress: (target, rotated) => write(`  ${target}: ${rotated} re-encrypted so far`),
    });
    if (report.columns.length === 0 && !report.interrupted) write('columns: none registered');
    for (const { column, counts } of report.columns)
      write(describe(`${column.table}.${column.column}`, counts, report.keyId));
    if (!report.interrupted) write(describe('files', report.files, report.keyId));

    if (report.interrupted) {
      write('Interrupted: finished batches are saved. Run `npm run keys:rotate` again to finish.');
      return 130;
    }
    const failures = [
      ...report.columns.flatMap(({ column, counts }) =>
        counts.failed.map((id) => `${column.table}.${column.column} ${column.idColumn}=${id}`),
      ),
      ...report.files.failed.map((key) => `file ${key}`),
    ];
    if (failures.length > 0) {
      write(
        'Could not decrypt (unknown key, wrong key for its id, tampered, not encrypted); left as they are:',
      );
      for (const failure of failures.slice(0, LISTED_FAILURES)) write(`  ${failure}`);
      if (failures.length > LISTED_FAILURES) write(`  ... and ${failures.length - LISTED_FAILURES} more`);
      write('Keep the retired keys until these are resolved.');
      return 1;
    }
    write(
      `Done: everything is under "${report.keyId}". Once every server runs with this key, ` +
        'the retired keys can be removed from DATA_ENCRYPTION_OLD_KEYS.',
    );
    return 0;
  } finally {
    if (!options.database) await database.close();
  }
}
