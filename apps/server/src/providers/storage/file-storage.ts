/**
 * Where files live (KTP photos, selfies, later documents): local disk today, an S3-compatible bucket later, behind
 * this one interface. Keys are opaque, slash-separated names such as `kyc/42/ktp-3f9a.jpg`.
 *
 * Keys are write-once by convention: a new upload gets a new key. Key rotation rewrites files in place and relies on
 * no one else overwriting the same key meanwhile.
 */
export interface FileStorage {
  /** Stores the bytes under the key, replacing any previous file whole (readers never see half a file). */
  put(key: string, data: Uint8Array): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every key, in no promised order. */
  list(): AsyncIterable<string>;
}

export class StorageKeyError extends Error {
  constructor() {
    // The key itself is left out: it may have come from a request.
    super('invalid storage key: use 1-8 segments of letters, digits, ".", "_" or "-", separated by "/"');
    this.name = 'StorageKeyError';
  }
}

// Each segment starts with a letter or digit: no "." or "..", no hidden files (temporary files start with a dot),
// no backslashes, drive letters, NUL or leading slash. What remains maps to a path below the root and to an S3 key
// alike.
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const MAX_SEGMENTS = 8;

export function isStorageKey(key: string): boolean {
  const segments = key.split('/');
  return segments.length <= MAX_SEGMENTS && segments.every((segment) => SEGMENT.test(segment));
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new StorageKeyError();
}
