import { describe, expect, it } from 'vitest';
import {
  DataCipher,
  DecryptionError,
  fieldContext,
  type DecryptionFailure,
} from '../../src/security/data-cipher.ts';

const K0 = { id: 'k0', secret: 'retired-secret-k0-0123456789abcdefghijklmnop' };
const K1 = { id: 'k1', secret: 'current-secret-k1-0123456789abcdefghijklmnop' };
const cipher = new DataCipher(K1, [K0]);

const NIK = '3171234567890001';
const context = fieldContext('users.nik', 42);

/** Runs fn and returns the DecryptionError's reason; fails the test if fn returns or throws anything else. */
function failureOf(fn: () => unknown): DecryptionFailure {
  try {
    fn();
  } catch (error) {
    if (error instanceof DecryptionError) return error.reason;
    throw error;
  }
  throw new Error('decryption succeeded');
}

/** Flips one bit in a base64url part of a field (2 = IV, 3 = ciphertext, 4 = tag). */
function flipFieldPart(stored: string, part: number, byte = 0): string {
  const parts = stored.split('.');
  const bytes = Buffer.from(parts[part] ?? '', 'base64url');
  bytes[byte] = (bytes[byte] ?? 0) ^ 0x01;
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
}

function flipByte(bytes: Buffer, index: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[index] = (copy[index] ?? 0) ^ 0x01;
  return copy;
}

describe('encrypted fields', () => {
  it('round-trips text under the current key in the v1.<keyId>.<iv>.<ciphertext>.<tag> form', () => {
    for (const plaintext of [NIK, '', 'Siti Nurhaliza — Jl. Melati № 7', '0'.repeat(1000)]) {
      const stored = cipher.encryptField(plaintext, context);
      expect(stored).toMatch(/^v1\.k1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]{22}$/);
      expect(cipher.decryptField(stored, context)).toBe(plaintext);
    }
  });

  it('uses a fresh IV for every value, and the value does not show the plaintext', () => {
    const a = cipher.encryptField(NIK, context);
    const b = cipher.encryptField(NIK, context);
    expect(a).not.toBe(b);
    expect(a.split('.')[2]).not.toBe(b.split('.')[2]);
    for (const encoding of ['utf8', 'base64url', 'hex'] as const)
      expect(a).not.toContain(Buffer.from(NIK).toString(encoding));
  });

  it('refuses a tampered IV, ciphertext or tag', () => {
    const stored = cipher.encryptField(NIK, context);
    for (const part of [2, 3, 4])
      expect(failureOf(() => cipher.decryptField(flipFieldPart(stored, part), context))).toBe(
        'not-authentic',
      );
    // The last ciphertext byte too: GCM is a stream mode, so every byte must be covered by the tag.
    expect(failureOf(() => cipher.decryptField(flipFieldPart(stored, 3, NIK.length - 1), context))).toBe(
      'not-authentic',
    );
  });

  it('refuses a value whose key id was changed: to another configured key or to an unknown one', () => {
    const stored = cipher.encryptField(NIK, context);
    expect(failureOf(() => cipher.decryptField(stored.replace('v1.k1.', 'v1.k0.'), context))).toBe(
      'not-authentic',
    );
    expect(failureOf(() => cipher.decryptField(stored.replace('v1.k1.', 'v1.k9.'), context))).toBe(
      'unknown-key',
    );
  });

  it('refuses the wrong key under the right id', () => {
    const stored = cipher.encryptField(NIK, context);
    const impostor = new DataCipher({ id: 'k1', secret: 'another-secret-entirely-0123456789abcdefghij' });
    expect(failureOf(() => impostor.decryptField(stored, context))).toBe('not-authentic');
  });

  it('refuses a value copied to another row or another column', () => {
    const stored = cipher.encryptField(NIK, context);
    expect(failureOf(() => cipher.decryptField(stored, fieldContext('users.nik', 43)))).toBe('not-authentic');
    expect(failureOf(() => cipher.decryptField(stored, fieldContext('users.bank_account', 42)))).toBe(
      'not-authentic',
    );
    expect(failureOf(() => cipher.decryptField(stored, fieldContext('borrowers.nik', 42)))).toBe(
      'not-authentic',
    );
  });

  it('refuses malformed values with a typed error, including non-canonical base64url', () => {
    const stored = cipher.encryptField(NIK, context);
    const parts = stored.split('.');
    const tag = parts[4] ?? '';
    // The last character of a 16-byte tag carries 4 spare bits: flipping one decodes to the same bytes, so a lenient
    // decoder would accept a second spelling of the same value.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(tag.at(-1) ?? 'A');
    const respelledTag = tag.slice(0, -1) + alphabet[last ^ 1];
    expect(Buffer.from(respelledTag, 'base64url').equals(Buffer.from(tag, 'base64url'))).toBe(true);
    const malformed = [
      NIK,
      '',
      stored.replace(/^v1\./, 'v2.'),
      `${stored}.extra`,
      parts.slice(0, 4).join('.'),
      [...parts.slice(0, 4), tag.slice(0, 20)].join('.'),
      [...parts.slice(0, 4), respelledTag].join('.'),
      [...parts.slice(0, 4), `${tag.slice(0, -1)}=`].join('.'),
      stored.replace('v1.k1.', 'v1.k 1.'),
    ];
    for (const value of malformed)
      expect(failureOf(() => cipher.decryptField(value, context))).toBe('malformed');
  });

  it('reads values under a retired key and writes only under the current one', () => {
    const old = new DataCipher(K0).encryptField(NIK, context);
    expect(cipher.keyIdOfField(old)).toBe('k0');
    expect(cipher.decryptField(old, context)).toBe(NIK);
    expect(cipher.keyIdOfField(cipher.encryptField(NIK, context))).toBe('k1');
    // Without the retired key the old value is refused, not misread.
    expect(failureOf(() => new DataCipher(K1).decryptField(old, context))).toBe('unknown-key');
  });

  it('rotateField moves a value to the current key and leaves a current value alone', () => {
    const old = new DataCipher(K0).encryptField(NIK, context);
    const rotated = cipher.rotateField(old, context);
    expect(rotated).not.toBeNull();
    expect(new DataCipher(K1).decryptField(rotated ?? '', context)).toBe(NIK);
    expect(cipher.rotateField(rotated ?? '', context)).toBeNull();
    // Rotation authenticates before re-encrypting: a value moved to another row is not laundered under the new key.
    expect(failureOf(() => cipher.rotateField(old, fieldContext('users.nik', 43)))).toBe('not-authentic');
  });

  it('error messages carry neither the plaintext nor the context', () => {
    const stored = cipher.encryptField(NIK, context);
    try {
      cipher.decryptField(stored, fieldContext('users.nik', 987654));
      expect.unreachable();
    } catch (error) {
      expect(String(error)).not.toContain(NIK);
      expect(String(error)).not.toContain('987654');
      expect(String(error)).toContain('k1');
    }
  });

  it('requires a context naming table.column and a row id', () => {
    expect(() => fieldContext('nik', 1)).toThrowError(/table.column/);
    expect(() => fieldContext('users.nik', '')).toThrowError(/row id/);
    expect(() => cipher.encryptField(NIK, '')).toThrowError(/context/);
    expect(() => cipher.encryptField(NIK, 'users.nik#1\0x')).toThrowError(/context/);
  });

  it('refuses a key ring that names one id twice', () => {
    expect(() => new DataCipher(K1, [{ ...K0, id: 'k1' }])).toThrowError(/twice/);
    expect(() => new DataCipher({ ...K1, id: 'k.1' })).toThrowError(/invalid/);
  });
});

describe('encrypted files', () => {
  const photo = Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n'),
    Buffer.from('KTP 3171234567890001 '.repeat(100)),
  ]);
  const fileContext = 'file:kyc/42/ktp.png';

  it('round-trips a file up to the 5 MiB upload limit, behind a header naming the key', () => {
    const big = Buffer.alloc(5 * 1024 * 1024, 7);
    for (const plaintext of [photo, big, Buffer.alloc(0)]) {
      const stored = cipher.encryptFile(plaintext, fileContext);
      expect(stored.subarray(0, 4).toString('ascii')).toBe('KKEF');
      expect(stored[4]).toBe(1);
      expect(cipher.keyIdOfFile(stored)).toBe('k1');
      expect(stored.length).toBe(plaintext.length + 6 + 2 + 12 + 16);
      expect(cipher.decryptFile(stored, fileContext).equals(plaintext)).toBe(true);
    }
    expect(cipher.encryptFile(photo, fileContext).includes(Buffer.from('3171234567890001'))).toBe(false);
  });

  it('refuses any changed byte: header, IV, ciphertext or tag', () => {
    const stored = cipher.encryptFile(photo, fileContext);
    const headerEnd = 6 + 2 + 12;
    // Version byte (unknown format), key id length and bytes, IV, first and last ciphertext bytes, tag.
    expect(failureOf(() => cipher.decryptFile(flipByte(stored, 4), fileContext))).toBe('malformed');
    for (const index of [headerEnd - 12, headerEnd - 1, headerEnd, stored.length - 17, stored.length - 1])
      expect(failureOf(() => cipher.decryptFile(flipByte(stored, index), fileContext))).toBe('not-authentic');
    expect(failureOf(() => cipher.decryptFile(stored.subarray(0, stored.length - 1), fileContext))).toBe(
      'not-authentic',
    );
    expect(failureOf(() => cipher.decryptFile(stored.subarray(0, 20), fileContext))).toBe('malformed');
    expect(failureOf(() => cipher.decryptFile(photo, fileContext))).toBe('malformed');
  });

  it('refuses a changed key id, a wrong key and another file', () => {
    const stored = cipher.encryptFile(photo, fileContext);
    const asK0 = Buffer.from(stored);
    asK0.write('k0', 6, 'ascii');
    expect(failureOf(() => cipher.decryptFile(asK0, fileContext))).toBe('not-authentic');
    const asK9 = Buffer.from(stored);
    asK9.write('k9', 6, 'ascii');
    expect(failureOf(() => cipher.decryptFile(asK9, fileContext))).toBe('unknown-key');
    const impostor = new DataCipher({ id: 'k1', secret: 'another-secret-entirely-0123456789abcdefghij' });
    expect(failureOf(() => impostor.decryptFile(stored, fileContext))).toBe('not-authentic');
    expect(failureOf(() => cipher.decryptFile(stored, 'file:kyc/43/ktp.png'))).toBe('not-authentic');
  });

  it('a field cannot be passed off as a file or the reverse', () => {
    const field = cipher.encryptField(NIK, context);
    expect(failureOf(() => cipher.decryptFile(Buffer.from(field), context))).toBe('malformed');
    const file = cipher.encryptFile(Buffer.from(NIK), context);
    expect(failureOf(() => cipher.decryptField(file.toString('latin1'), context))).toBe('malformed');
  });
});
