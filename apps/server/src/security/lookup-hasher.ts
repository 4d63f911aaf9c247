import { createHmac, type KeyObject } from 'node:crypto';
import type { Env } from '../env.ts';
import { deriveKey } from './key-derivation.ts';

const PURPOSE = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/;

/**
 * Keyed hashes (blind indexes) of encrypted values that must be found by exact match: "is this NIK already
 * registered?", "which user owns this bank account?". Encryption is randomised, so the column itself cannot be
 * searched; a `<column>_hash` column beside it holds `hash(purpose, value)`.
 *
 * HMAC-SHA-256 under a key derived from DATA_LOOKUP_KEY, never from the encryption key: rotating the encryption key
 * leaves every hash valid, and a leaked index says nothing without the lookup key. The purpose (`users.nik`) is part
 * of the input, so the same number in two columns gives two unrelated hashes. Callers pass the canonical form of the
 * value (the domain's normalised NIK or account number): `hash` does not guess at spaces or case.
 */
export class LookupHasher {
  private readonly key: KeyObject;

  constructor(secret: string) {
    this.key = deriveKey(secret, 'lookup-hash/hmac-sha-256');
  }

  static fromEnv(env: Env): LookupHasher {
    return new LookupHasher(env.DATA_LOOKUP_KEY);
  }

  /** 43 base64url characters, stable for as long as DATA_LOOKUP_KEY is. */
  hash(purpose: string, value: string): string {
    if (!PURPOSE.test(purpose)) throw new Error(`lookup purpose must be "table.column", got "${purpose}"`);
    return createHmac('sha256', this.key)
      .update(purpose)
      .update('\0')
      .update(value, 'utf8')
      .digest('base64url');
  }
}
