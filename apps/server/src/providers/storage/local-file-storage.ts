import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { assertStorageKey, isStorageKey, StorageKeyError, type FileStorage } from './file-storage.ts';

// Owner-only: these files are borrowers' identity documents.
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;
// Reading through a symlink could serve a file from outside the root; O_NOFOLLOW does not exist on Windows.
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);

const isMissing = (error: unknown) => (error as { code?: unknown }).code === 'ENOENT';

/**
 * Files on local disk under one root folder (STORAGE_DIR). Nothing touches the disk until the first write, so building
 * the app creates no folder.
 */
export class LocalFileStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** Writes a temporary file, flushes it, then renames it over the key: a crash leaves the old file or the new one. */
  async put(key: string, data: Uint8Array): Promise<void> {
    const path = this.pathOf(key);
    const folder = dirname(path);
    await mkdir(folder, { recursive: true, mode: DIR_MODE });
    // A leading dot makes it an invalid key, so list() never reports a temporary file.
    const temporary = join(folder, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
    const file = await open(temporary, 'wx', FILE_MODE);
    try {
      try {
        await file.writeFile(data);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    await syncFolder(folder);
  }

  async get(key: string): Promise<Buffer | null> {
    const path = this.pathOf(key);
    let file;
    try {
      file = await open(path, READ_FLAGS);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      return await file.readFile();
    } finally {
      await file.close();
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await lstat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async *list(): AsyncIterable<string> {
    yield* this.walk(this.root, []);
  }

  private async *walk(folder: string, prefix: string[]): AsyncIterable<string> {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const segments = [...prefix, entry.name];
      const key = segments.join('/');
      if (entry.isDirectory()) yield* this.walk(join(folder, entry.name), segments);
      else if (entry.isFile() && isStorageKey(key)) yield key;
    }
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    const path = resolve(this.root, ...key.split('/'));
    // The key rules already keep paths below the root; this second check holds even if those rules are loosened.
    if (!path.startsWith(this.root + sep)) throw new StorageKeyError();
    return path;
  }
}

/** Makes the rename durable. Best effort: some platforms cannot open or sync a folder. */
async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, constants.O_RDONLY);
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // The file is written and renamed; only its durability across a power cut is less certain.
  }
}
