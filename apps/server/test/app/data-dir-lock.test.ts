import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock } from '../../src/db/data-dir-lock.ts';

const dir = mkdtempSync(join(tmpdir(), 'kaskita-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('PGlite data directory lock', () => {
  it('refuses a directory locked by another live process', () => {
    const dataDir = join(dir, 'busy');
    writeFileSync(`${dataDir}.lock`, String(process.ppid));
    expect(() => acquireDataDirLock(dataDir)).toThrowError(/in use by process/);
  });

  it('takes over a lock left by a dead process and releases it', () => {
    const dataDir = join(dir, 'stale');
    writeFileSync(`${dataDir}.lock`, '2147483646');
    const release = acquireDataDirLock(dataDir);
    expect(existsSync(`${dataDir}.lock`)).toBe(true);
    release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });
});
