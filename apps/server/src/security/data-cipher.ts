import { createCipheriv, createDecipheriv, randomBytes, type KeyObject } from 'node:crypto';
import type { Env } from '../env.ts';
import { deriveKey } from './key-derivation.ts';

/** A configured key: its id travels with every value it encrypts, so retired keys stay readable after a rotation. */
export interface DataKeySecret {
  readonly id: string;
  readonly secret: string;
}

/**
 * Why a value could not be decrypted. `not-authentic` covers a tampered value, a wrong key under a known id and a
 * value moved to another row, column or file: GCM cannot tell these apart, and callers must treat them alike.
 */
export type DecryptionFailure = 'malformed' | 'unknown-key' | 'not-authentic';

const FAILURE_MESSAGES: Record<DecryptionFailure, string> = {
  malformed: 'encrypted value is malformed',
  'unknown-key':
    'encrypted under a key that is not configured (DATA_ENCRYPTION_KEY_ID, DATA_ENCRYPTION_OLD_KEYS)',
  'not-authentic':
    'encrypted value failed authentication (tampered, wrong key, or another row, column or file)',
};

/** Decryption never returns garbage: it returns the exact plaintext or throws this. Messages carry no data. */
export class DecryptionError extends Error {
  constructor(
    readonly reason: DecryptionFailure,
    readonly keyId?: string,
  ) {
    super(keyId ? `${FAILURE_MESSAGES[reason]}: key "${keyId}"` : FAILURE_MESSAGES[reason]);
    this.name = 'DecryptionError';
  }
}

const ALGORITHM = 'aes-256-gcm';
// 96-bit random IVs: the GCM standard size. Random IVs are safe for about 2^32 values per key, far beyond our volume,
// and rotation starts a fresh key anyway.
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

const FIELD_VERSION = 'v1';
/** "KasKita Encrypted File", then a version byte. */
const FILE_MAGIC = Buffer.from('KKEF', 'ascii');
const FILE_VERSION = 1;
const FILE_FIXED_HEADER_BYTES = FILE_MAGIC.length + 2;

/** The table.column part of a field context, e.g. `users.nik`. */
const PURPOSE = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/;

/**
 * The context an encrypted column binds its values to: `users.nik#42`. Authenticated with the value, so a ciphertext
 * copied to another row or another column is refused rather than decrypted as someone else's data.
 */
export function fieldContext(purpose: string, rowId: string | number | bigint): string {
  if (!PURPOSE.test(purpose)) throw new Error(`field purpose must be "table.column", got "${purpose}"`);
  const id = String(rowId);
  if (id === '') throw new Error('a field context needs the row id');
  return `${purpose}#${id}`;
}

function assertContext(context: string): void {
  // NUL separates the header from the context in the AAD; allowing it would make two contexts collide.
  if (context === '' || context.includes('\0')) throw new Error('an encryption context is required');
}

/** Strict base64url: Buffer.from ignores stray characters and spare bits, which would make values malleable. */
function decodeBase64url(text: string): Buffer | null {
  if (!BASE64URL.test(text)) return null;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : null;
}

interface Sealed {
  keyId: string;
  iv: Buffer;
  ciphertext: Buffer;
  tag: Buffer;
}

/**
 * AES-256-GCM for personal data at rest, in two self-describing, versioned forms:
 * - fields (a `text` column): `v1.<keyId>.<iv>.<ciphertext>.<tag>`, base64url parts;
 * - files: `KKEF`, version byte, key id length and bytes, IV, then ciphertext, then the tag. Files are buffered whole:
 *   uploads are capped at UPLOAD_LIMIT_BYTES (5 MiB), so streaming would add complexity and buy nothing.
 * The version, the key id and the caller's context are authenticated data: none can be changed without the tag failing.
 * New values use the current key; values under a retired key decrypt until `npm run keys:rotate` moves them.
 * Lengths are not hidden (a NIK is always 16 digits anyway); equal plaintexts give unrelated ciphertexts.
 */
export class DataCipher {
  private readonly keys = new Map<string, KeyObject>();
  readonly currentKeyId: string;

  constructor(current: DataKeySecret, retired: readonly DataKeySecret[] = []) {
    for (const { id, secret } of [current, ...retired]) {
      if (!KEY_ID.test(id)) throw new Error(`invalid data key id "${id}"`);
      if (this.keys.has(id)) throw new Error(`data key id "${id}" is configured twice`);
      this.keys.set(id, deriveKey(secret, 'data-encryption/aes-256-gcm'));
    }
    this.currentKeyId = current.id;
  }

  static fromEnv(env: Env): DataCipher {
    return new DataCipher(
      { id: env.DATA_ENCRYPTION_KEY_ID, secret: env.DATA_ENCRYPTION_KEY },
      env.DATA_ENCRYPTION_OLD_KEYS,
    );
  }

  /** Every field encrypted under the current key starts with this (rotation skips such rows in SQL). */
  get currentFieldPrefix(): string {
    return `${FIELD_VERSION}.${this.currentKeyId}.`;
  }

  encryptField(plaintext: string, context: string): string {
    assertContext(context);
    const keyId = this.currentKeyId;
    const { iv, ciphertext, tag } = this.seal(Buffer.from(plaintext, 'utf8'), fieldAad(keyId, context));
    return [FIELD_VERSION, keyId, iv, ciphertext, tag]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  decryptField(stored: string, context: string): string {
    assertContext(context);
    const sealed = parseField(stored);
    return this.open(sealed, fieldAad(sealed.keyId, context)).toString('utf8');
  }

  encryptFile(plaintext: Uint8Array, context: string): Buffer {
    assertContext(context);
    const keyId = Buffer.from(this.currentKeyId, 'ascii');
    const iv = randomBytes(IV_BYTES);
    const header = Buffer.concat([FILE_MAGIC, Buffer.from([FILE_VERSION, keyId.length]), keyId, iv]);
    const { ciphertext, tag } = this.seal(plaintext, fileAad(header, context), iv);
    return Buffer.concat([header, ciphertext, tag]);
  }

  decryptFile(stored: Uint8Array, context: string): Buffer {
    assertContext(context);
    const { header, sealed } = parseFile(stored);
    return this.open(sealed, fileAad(header, context));
  }

  /** The key id a value names, read without decrypting (unauthenticated: only for choosing what to rotate). */
  keyIdOfField(stored: string): string {
    return parseField(stored).keyId;
  }

  keyIdOfFile(stored: Uint8Array): string {
    return parseFile(stored).sealed.keyId;
  }

  /** The value re-encrypted under the current key, or null when it already is (so rotation is idempotent). */
  rotateField(stored: string, context: string): string | null {
    if (this.keyIdOfField(stored) === this.currentKeyId) return null;
    return this.encryptField(this.decryptField(stored, context), context);
  }

  private seal(plaintext: Uint8Array, aad: Buffer, iv = randomBytes(IV_BYTES)): Sealed {
    const key = this.keys.get(this.currentKeyId);
    if (!key) throw new Error('the current data key is missing');
    const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(aad);
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return { keyId: this.currentKeyId, iv, ciphertext, tag: cipher.getAuthTag() };
  }

  private open({ keyId, iv, ciphertext, tag }: Sealed, aad: Buffer): Buffer {
    const key = this.keys.get(keyId);
    if (!key) throw new DecryptionError('unknown-key', keyId);
    const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad);
    decipher.setAuthTag(tag);
    try {
      // update() yields unauthenticated bytes; nothing is returned unless final() verifies the tag.
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
    } catch {
      throw new DecryptionError('not-authentic', keyId);
    }
  }
}

function fieldAad(keyId: string, context: string): Buffer {
  return Buffer.from(`${FIELD_VERSION}.${keyId}\0${context}`, 'utf8');
}

function fileAad(header: Buffer, context: string): Buffer {
  // The header is length-prefixed, so header + context cannot be split two ways.
  return Buffer.concat([header, Buffer.from(context, 'utf8')]);
}

function parseField(stored: string): Sealed {
  const parts = stored.split('.');
  if (parts.length !== 5 || parts[0] !== FIELD_VERSION) throw new DecryptionError('malformed');
  const [, keyId = '', iv64 = '', ciphertext64 = '', tag64 = ''] = parts;
  const iv = decodeBase64url(iv64);
  const ciphertext = decodeBase64url(ciphertext64);
  const tag = decodeBase64url(tag64);
  if (!KEY_ID.test(keyId) || iv?.length !== IV_BYTES || tag?.length !== TAG_BYTES || !ciphertext)
    throw new DecryptionError('malformed');
  return { keyId, iv, ciphertext, tag };
}

function parseFile(stored: Uint8Array): { header: Buffer; sealed: Sealed } {
  const bytes = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  if (
    bytes.length < FILE_FIXED_HEADER_BYTES ||
    !bytes.subarray(0, FILE_MAGIC.length).equals(FILE_MAGIC) ||
    bytes[FILE_MAGIC.length] !== FILE_VERSION
  )
    throw new DecryptionError('malformed');
  const keyIdLength = bytes[FILE_MAGIC.length + 1] ?? 0;
  const headerLength = FILE_FIXED_HEADER_BYTES + keyIdLength + IV_BYTES;
  if (bytes.length < headerLength + TAG_BYTES) throw new DecryptionError('malformed');
  const keyId = bytes
    .subarray(FILE_FIXED_HEADER_BYTES, FILE_FIXED_HEADER_BYTES + keyIdLength)
    .toString('latin1');
  if (!KEY_ID.test(keyId)) throw new DecryptionError('malformed');
  return {
    header: bytes.subarray(0, headerLength),
    sealed: {
      keyId,
      iv: bytes.subarray(headerLength - IV_BYTES, headerLength),
      ciphertext: bytes.subarray(headerLength, bytes.length - TAG_BYTES),
      tag: bytes.subarray(bytes.length - TAG_BYTES),
    },
  };
}
