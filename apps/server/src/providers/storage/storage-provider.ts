import type { ProviderDescriptor } from '../provider-descriptor.ts';

// Implemented by the profile/KYC issue (KTP photos, selfies), encrypting with DATA_ENCRYPTION_KEY before anything is
// written. No sandbox: an in-memory store would lose borrowers' documents on restart, which no environment should do.

export interface StoredObject {
  bytes: Uint8Array;
  contentType: string;
}

/** Private documents of borrowers, by a key the app chooses (e.g. `ktp/<user id>/<uuid>`). Never public URLs. */
export interface StorageProvider extends ProviderDescriptor<'storage'> {
  put(key: string, object: StoredObject): Promise<void>;
  /** Null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  /** For withdrawn consent (UU PDP): deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
}
