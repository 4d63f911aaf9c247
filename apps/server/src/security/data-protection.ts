import type { Env } from '../env.ts';
import { EncryptedFileStore } from '../providers/storage/encrypted-file-store.ts';
import type { FileStorage } from '../providers/storage/file-storage.ts';
import { LocalFileStorage } from '../providers/storage/local-file-storage.ts';
import { DataCipher } from './data-cipher.ts';
import { LookupHasher } from './lookup-hasher.ts';

/** Everything that protects personal data at rest, built once from the settings (app.ts, keys:rotate). */
export interface DataProtection {
  /** Encrypted fields (NIK, bank account numbers) and files. */
  readonly cipher: DataCipher;
  /** Blind indexes for exact-match lookups of encrypted fields. */
  readonly lookup: LookupHasher;
  /** KTP photos, selfies and documents: plaintext in and out, ciphertext in the store below. */
  readonly files: EncryptedFileStore;
}

export function createDataProtection(
  env: Env,
  /** The store FILE_STORAGE names (file-storage-from-env.ts), which may need the database; STORAGE_DIR if left out. */
  storage: FileStorage = new LocalFileStorage(env.STORAGE_DIR),
): DataProtection {
  const cipher = DataCipher.fromEnv(env);
  return { cipher, lookup: LookupHasher.fromEnv(env), files: new EncryptedFileStore(storage, cipher) };
}
