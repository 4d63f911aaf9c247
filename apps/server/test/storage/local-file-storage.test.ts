import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StorageKeyError } from '../../src/providers/storage/file-storage.ts';
import { LocalFileStorage } from '../../src/providers/storage/local-file-storage.ts';

const base = mkdtempSync(join(tmpdir(), 'kaskita-storage-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let folders = 0;
/** A storage in a fresh folder of its own, below `base`/n/root so traversal targets beside it can be checked. */
function freshStorage() {
  const dir = join(base, String(++folders));
  mkdirSync(dir);
  return { storage: new LocalFileStorage(join(dir, 'root')), dir, root: join(dir, 'root') };
}

const collect = async (keys: AsyncIterable<string>) => {
  const all: string[] = [];
  for await (const key of keys) all.push(key);
  return all.sort();
};

describe('local file storage', () => {
  it('puts, gets, checks and deletes by key; a missing file is null, deleting it is fine', async () => {
    const { storage, root } = freshStorage();
    expect(existsSync(root)).toBe(false);
    await storage.put('kyc/42/ktp.jpg', Buffer.from('first'));
    expect((await storage.get('kyc/42/ktp.jpg'))?.toString()).toBe('first');
    expect(await storage.exists('kyc/42/ktp.jpg')).toBe(true);
    await storage.put('kyc/42/ktp.jpg', Buffer.from('2nd'));
    expect((await storage.get('kyc/42/ktp.jpg'))?.toString()).toBe('2nd');
    await storage.put('selfie-7.jpg', Buffer.alloc(0));
    expect(await collect(storage.list())).toEqual(['kyc/42/ktp.jpg', 'selfie-7.jpg']);
    await storage.delete('kyc/42/ktp.jpg');
    await storage.delete('kyc/42/ktp.jpg');
    expect(await storage.get('kyc/42/ktp.jpg')).toBeNull();
    expect(await storage.exists('kyc/42/ktp.jpg')).toBe(false);
    expect(await storage.exists('kyc/42')).toBe(false);
    expect(await collect(storage.list())).toEqual(['selfie-7.jpg']);
  });

  it('lists nothing before the first write', async () => {
    expect(await collect(freshStorage().storage.list())).toEqual([]);
  });

  it.skipIf(process.platform === 'win32')(
    'writes files readable by the owner only (0600, folders 0700)',
    async () => {
      const { storage, root } = freshStorage();
      await storage.put('kyc/42/selfie.jpg', Buffer.from('face'));
      expect(statSync(join(root, 'kyc/42/selfie.jpg')).mode & 0o777).toBe(0o600);
      expect(statSync(join(root, 'kyc/42')).mode & 0o777).toBe(0o700);
      expect(statSync(root).mode & 0o777).toBe(0o700);
    },
  );

  it('refuses keys that could leave the root: "..", absolute paths, backslashes, empty and hidden segments', async () => {
    const { storage, dir } = freshStorage();
    writeFileSync(join(dir, 'outside.txt'), 'not yours');
    const bad = [
      '../outside.txt',
      'kyc/../../outside.txt',
      '..',
      '.',
      './a',
      'a/./b',
      '/etc/passwd',
      `${dir}/outside.txt`,
      '..\\outside.txt',
      'a\\b',
      'C:/Windows/win.ini',
      '',
      'a//b',
      'a/',
      '.hidden',
      'a/.b.tmp',
      'a\0b',
      'a b',
      'a/b/c/d/e/f/g/h/i',
      'x'.repeat(129),
    ];
    for (const key of bad) {
      await expect(storage.put(key, Buffer.from('evil'))).rejects.toThrowError(StorageKeyError);
      await expect(storage.get(key)).rejects.toThrowError(StorageKeyError);
      await expect(storage.exists(key)).rejects.toThrowError(StorageKeyError);
      await expect(storage.delete(key)).rejects.toThrowError(StorageKeyError);
    }
    expect(readdirSync(dir)).toEqual(['outside.txt']);
  });

  it('replaces a file whole: a reader sees the old or the new content, never part of one', async () => {
    const { storage } = freshStorage();
    const size = 512 * 1024;
    const versions = [Buffer.alloc(size, 'a'), Buffer.alloc(size, 'b')];
    await storage.put('doc.bin', versions[0] ?? Buffer.alloc(0));
    const reads: Promise<Buffer | null>[] = [];
    const writes: Promise<void>[] = [];
    for (let round = 0; round < 10; round++) {
      writes.push(storage.put('doc.bin', versions[(round + 1) % 2] ?? Buffer.alloc(0)));
      for (let r = 0; r < 3; r++) reads.push(storage.get('doc.bin'));
    }
    await Promise.all(writes);
    for (const read of await Promise.all(reads)) {
      expect(read?.length).toBe(size);
      expect(versions.some((version) => version.equals(read ?? Buffer.alloc(0)))).toBe(true);
    }
  });

  it('leaves no temporary file behind, even when the final rename fails; never lists one', async () => {
    const { storage, root } = freshStorage();
    await storage.put('kyc/a.jpg', Buffer.from('x'));
    mkdirSync(join(root, 'kyc/taken.jpg'));
    writeFileSync(join(root, 'kyc/taken.jpg/inner'), 'y');
    // Renaming a file over a non-empty folder fails: the write fails and its temporary file is removed.
    await expect(storage.put('kyc/taken.jpg', Buffer.from('z'))).rejects.toThrowError();
    expect(readdirSync(join(root, 'kyc')).sort()).toEqual(['a.jpg', 'taken.jpg']);
    // A temporary file a crash left behind is not a stored file.
    writeFileSync(join(root, 'kyc/.b.jpg.0123.tmp'), 'partial');
    expect(await collect(storage.list())).toEqual(['kyc/a.jpg', 'kyc/taken.jpg/inner']);
  });

  it.skipIf(process.platform === 'win32')('does not follow a symlink out of the root', async () => {
    const { storage, dir, root } = freshStorage();
    writeFileSync(join(dir, 'secret.txt'), 'outside');
    await storage.put('real.txt', Buffer.from('inside'));
    symlinkSync(join(dir, 'secret.txt'), join(root, 'link.txt'));
    await expect(storage.get('link.txt')).rejects.toThrowError();
    expect(await storage.exists('link.txt')).toBe(false);
  });
});
