import { createSecretKey, hkdfSync, type KeyObject } from 'node:crypto';

/** What a derived key is for: each use gets its own key, so no key ever serves two algorithms. */
export type KeyPurpose = 'data-encryption/aes-256-gcm' | 'lookup-hash/hmac-sha-256';

// A fixed salt is enough: the secrets are already random (HKDF extracts, it does not stretch); it names the scheme.
const SALT = Buffer.from('kaskita/hkdf/v1');

/**
 * A 256-bit key for one purpose, derived from a configured secret with HKDF-SHA-256 (RFC 5869). Even if an operator
 * configured the same secret twice, the encryption key and the blind-index key would differ. A KeyObject rather than
 * a Buffer: its bytes do not show in inspect(), JSON or a log line that captures the object holding it.
 */
export function deriveKey(secret: string, purpose: KeyPurpose): KeyObject {
  const key = hkdfSync('sha256', Buffer.from(secret, 'utf8'), SALT, `kaskita/${purpose}/v1`, 32);
  return createSecretKey(Buffer.from(key));
}
