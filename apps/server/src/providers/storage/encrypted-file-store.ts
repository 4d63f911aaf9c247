import type { DataCipher } from '../../security/data-cipher.ts';
import { assertStorageKey, type FileStorage } from './file-storage.ts';

/** What rotating one file did. */
export type FileRotation = 'rotated' | 'current' | 'missing';

/**
 * Any FileStorage, encrypted: callers put and get plaintext, the storage below only ever holds AES-256-GCM
 * ciphertext. Each file is bound to its key (the storage key is the encryption context), so a file copied or renamed
 * to another key, say another borrower's selfie, is refused. Whole files are held in memory (uploads are at most
 * UPLOAD_LIMIT_BYTES, 5 MiB).
 */
export class EncryptedFileStore implements FileStorage {
  constructor(
    private readonly storage: FileStorage,
    private readonly cipher: DataCipher,
  ) {}

  async put(key: string, plaintext: Uint8Array): Promise<void> {
    await this.storage.put(key, this.cipher.encryptFile(plaintext, contextOf(key)));
  }

  /** The plaintext, or null when missing; a DecryptionError when the stored bytes do not authenticate. */
  async get(key: string): Promise<Buffer | null> {
    const stored = await this.storage.get(key);
    return stored && this.cipher.decryptFile(stored, contextOf(key));
  }

  delete(key: string): Promise<void> {
    return this.storage.delete(key);
  }

  exists(key: string): Promise<boolean> {
    return this.storage.exists(key);
  }

  list(): AsyncIterable<string> {
    return this.storage.list();
  }

  /**
   * Re-encrypts one file under the current key. Every file is decrypted first, including those already under the
   * current key: rotation reads each file anyway, and this way it also finds files no configured key can read (say a
   * DATA_ENCRYPTION_KEY changed without a new DATA_ENCRYPTION_KEY_ID) while the retired keys are still at hand.
   */
  async rotate(key: string): Promise<FileRotation> {
    const stored = await this.storage.get(key);
    if (!stored) return 'missing';
    const context = contextOf(key);
    const plaintext = this.cipher.decryptFile(stored, context);
    if (this.cipher.keyIdOfFile(stored) === this.cipher.currentKeyId) return 'current';
    // The storage writes atomically: a crash leaves the old ciphertext (still readable with the retired key) or the new.
    await this.storage.put(key, this.cipher.encryptFile(plaintext, context));
    return 'rotated';
  }
}

function contextOf(key: string): string {
  assertStorageKey(key);
  return `file:${key}`;
}
