import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EncryptedFileStore } from '../../src/providers/storage/encrypted-file-store.ts';
import { LocalFileStorage } from '../../src/providers/storage/local-file-storage.ts';
import { DataCipher, DecryptionError } from '../../src/security/data-cipher.ts';

const root = mkdtempSync(join(tmpdir(), 'kaskita-encrypted-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const K1 = { id: 'k1', secret: 'file-key-one-0123456789abcdefghijklmnopqrstu' };
const K2 = { id: 'k2', secret: 'file-key-two-0123456789abcdefghijklmnopqrstu' };
const disk = new LocalFileStorage(root);
const store = new EncryptedFileStore(disk, new DataCipher(K1));

// A recognisable "photo": the KTP number appears many times, so any plaintext on disk would show.
const MARKER = 'NIK 3171234567890001 SITI NURHALIZA';
const photo = Buffer.from(`\xff\xd8\xff\xe0JFIF ${MARKER} `.repeat(500), 'latin1');

describe('encrypted file store', () => {
  it('stores and returns plaintext while the disk holds only ciphertext', async () => {
    await store.put('kyc/42/ktp.jpg', photo);
    expect((await store.get('kyc/42/ktp.jpg'))?.equals(photo)).toBe(true);
    const onDisk = readFileSync(join(root, 'kyc/42/ktp.jpg'));
    expect(onDisk.subarray(0, 4).toString('ascii')).toBe('KKEF');
    for (const needle of [MARKER, '3171234567890001', 'JFIF'])
      expect(onDisk.includes(Buffer.from(needle))).toBe(false);
    expect(onDisk.includes(photo.subarray(0, 64))).toBe(false);
    expect(await store.exists('kyc/42/ktp.jpg')).toBe(true);
    expect(await store.get('kyc/42/missing.jpg')).toBeNull();
  });

  it("refuses a file copied over another borrower's file", async () => {
    await store.put('kyc/42/selfie.jpg', photo);
    await store.put('kyc/43/selfie.jpg', Buffer.from('someone else'));
    writeFileSync(join(root, 'kyc/43/selfie.jpg'), readFileSync(join(root, 'kyc/42/selfie.jpg')));
    await expect(store.get('kyc/43/selfie.jpg')).rejects.toThrowError(DecryptionError);
  });

  it('refuses a file changed on disk', async () => {
    await store.put('kyc/44/ktp.jpg', photo);
    const path = join(root, 'kyc/44/ktp.jpg');
    const bytes = readFileSync(path);
    bytes[bytes.length - 100] = (bytes[bytes.length - 100] ?? 0) ^ 0x80;
    writeFileSync(path, bytes);
    await expect(store.get('kyc/44/ktp.jpg')).rejects.toThrowError(DecryptionError);
  });

  it('refuses a file read with the wrong key, or with its key missing', async () => {
    await store.put('kyc/45/ktp.jpg', photo);
    const impostor = new EncryptedFileStore(disk, new DataCipher({ id: 'k1', secret: K2.secret }));
    await expect(impostor.get('kyc/45/ktp.jpg')).rejects.toMatchObject({ reason: 'not-authentic' });
    const withoutK1 = new EncryptedFileStore(disk, new DataCipher(K2));
    await expect(withoutK1.get('kyc/45/ktp.jpg')).rejects.toMatchObject({ reason: 'unknown-key' });
  });

  it('rotate moves a file to the current key once, and reports missing files', async () => {
    await store.put('kyc/46/ktp.jpg', photo);
    const rotating = new EncryptedFileStore(disk, new DataCipher(K2, [K1]));
    expect(await rotating.rotate('kyc/46/ktp.jpg')).toBe('rotated');
    expect(await rotating.rotate('kyc/46/ktp.jpg')).toBe('current');
    expect(await rotating.rotate('kyc/46/nothing.jpg')).toBe('missing');
    const onlyK2 = new EncryptedFileStore(disk, new DataCipher(K2));
    expect((await onlyK2.get('kyc/46/ktp.jpg'))?.equals(photo)).toBe(true);
  });
});
