import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/env.ts';
import { createDataProtection } from '../../src/security/data-protection.ts';
import { deriveKey } from '../../src/security/key-derivation.ts';
import { LookupHasher } from '../../src/security/lookup-hasher.ts';

const SECRET = 'lookup-secret-0123456789abcdefghijklmnopqr';
const NIK = '3171234567890001';
const hasher = new LookupHasher(SECRET);

describe('lookup hash (blind index)', () => {
  it('is a fixed function of the key, purpose and value: stored hashes stay valid across releases', () => {
    // Known answer: HMAC-SHA-256(HKDF(secret, "kaskita/lookup-hash/hmac-sha-256/v1"), "users.nik\0" + value).
    // If this changes, every stored index stops matching; change it only with a migration that re-hashes.
    expect(hasher.hash('users.nik', NIK)).toBe('9JCxCVbGSlMZsHzliEa_jD7uGcEfNdOINyo3KpkUBko');
  });

  it('is equal for equal input and differs for any other value, purpose or key', () => {
    expect(new LookupHasher(SECRET).hash('users.nik', NIK)).toBe(hasher.hash('users.nik', NIK));
    const hashes = [
      hasher.hash('users.nik', NIK),
      hasher.hash('users.nik', '3171234567890002'),
      hasher.hash('users.nik', `${NIK} `),
      hasher.hash('bank_accounts.number', NIK),
      new LookupHasher(`${SECRET}x`).hash('users.nik', NIK),
    ];
    expect(new Set(hashes).size).toBe(hashes.length);
    for (const hash of hashes) expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stays the same when the encryption key rotates', () => {
    const before = createDataProtection(
      loadEnv({ DATA_LOOKUP_KEY: SECRET, DATA_ENCRYPTION_KEY: 'first-encryption-key-0123456789abcdefghijk' }),
    );
    const after = createDataProtection(
      loadEnv({
        DATA_LOOKUP_KEY: SECRET,
        DATA_ENCRYPTION_KEY_ID: 'k2',
        DATA_ENCRYPTION_KEY: 'second-encryption-key-0123456789abcdefghij',
        DATA_ENCRYPTION_OLD_KEYS: 'k1:first-encryption-key-0123456789abcdefghijk',
      }),
    );
    expect(after.lookup.hash('users.nik', NIK)).toBe(before.lookup.hash('users.nik', NIK));
    expect(after.lookup.hash('users.nik', NIK)).toBe(hasher.hash('users.nik', NIK));
  });

  it('never uses the configured secret itself, and derives different keys for hashing and encryption', () => {
    const raw = createHmac('sha256', SECRET).update(`users.nik\0${NIK}`).digest('base64url');
    expect(hasher.hash('users.nik', NIK)).not.toBe(raw);
    const forHashing = deriveKey(SECRET, 'lookup-hash/hmac-sha-256').export();
    const forEncryption = deriveKey(SECRET, 'data-encryption/aes-256-gcm').export();
    expect(forHashing).toHaveLength(32);
    expect(forHashing.equals(forEncryption)).toBe(false);
    expect(forHashing.equals(Buffer.from(SECRET).subarray(0, 32))).toBe(false);
  });

  it('requires a table.column purpose', () => {
    expect(() => hasher.hash('nik', NIK)).toThrowError(/table.column/);
    expect(() => hasher.hash('users.nik\0', NIK)).toThrowError(/table.column/);
  });
});
