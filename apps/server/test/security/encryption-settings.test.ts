import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEV_DATA_LOOKUP_KEY, EnvError, loadEnv, REPO_ROOT } from '../../src/env.ts';
import { LookupHasher } from '../../src/security/lookup-hasher.ts';
import { useTestApp } from '../helpers/test-app.ts';

const SECRET_A = 'secret-a-0123456789abcdefghijklmnopqrstuvw';
const SECRET_B = 'secret-b-0123456789abcdefghijklmnopqrstuvw';

/** The EnvError's problems; fails the test if the settings load. */
function problemsOf(source: Record<string, string>): string[] {
  try {
    loadEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  throw new Error('settings were accepted');
}

describe('encryption settings', () => {
  it('default to a development key "k1", no retired keys and files under <repo>/data/files', () => {
    const env = loadEnv({});
    expect(env.DATA_ENCRYPTION_KEY_ID).toBe('k1');
    expect(env.DATA_ENCRYPTION_OLD_KEYS).toEqual([]);
    expect(env.DATA_LOOKUP_KEY).toBe(DEV_DATA_LOOKUP_KEY);
    expect(env.STORAGE_DIR).toBe(resolve(REPO_ROOT, 'data/files'));
  });

  it('read retired keys as <id>:<secret> pairs separated by commas', () => {
    const env = loadEnv({ DATA_ENCRYPTION_OLD_KEYS: ` k0:${SECRET_A} , old_2024-01:${SECRET_B},` });
    expect(env.DATA_ENCRYPTION_OLD_KEYS).toEqual([
      { id: 'k0', secret: SECRET_A },
      { id: 'old_2024-01', secret: SECRET_B },
    ]);
  });

  it('refuse malformed keys, naming the setting but never quoting a secret', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [
        { DATA_ENCRYPTION_OLD_KEYS: SECRET_A },
        /^DATA_ENCRYPTION_OLD_KEYS: entry 1 is not <key id>:<secret>$/,
      ],
      [{ DATA_ENCRYPTION_OLD_KEYS: `k.0:${SECRET_A}` }, /^DATA_ENCRYPTION_OLD_KEYS\.0\.id: must be 1-32/],
      [
        { DATA_ENCRYPTION_OLD_KEYS: 'k0:too-short-secret' },
        /^DATA_ENCRYPTION_OLD_KEYS\.0\.secret: Too small/,
      ],
      [{ DATA_ENCRYPTION_KEY_ID: 'key one' }, /^DATA_ENCRYPTION_KEY_ID: must be 1-32/],
      [{ DATA_LOOKUP_KEY: 'short' }, /^DATA_LOOKUP_KEY: Too small/],
      [
        { DATA_ENCRYPTION_OLD_KEYS: `k1:${SECRET_A}` },
        /^DATA_ENCRYPTION_OLD_KEYS\.0\.id: key id "k1" is used twice/,
      ],
      [
        { DATA_ENCRYPTION_OLD_KEYS: `k0:${SECRET_A},k0:${SECRET_B}` },
        /^DATA_ENCRYPTION_OLD_KEYS\.1\.id: key id "k0" is used twice/,
      ],
      [
        { DATA_ENCRYPTION_KEY: SECRET_A, DATA_ENCRYPTION_OLD_KEYS: `k0:${SECRET_A}` },
        /^DATA_ENCRYPTION_OLD_KEYS\.0\.secret: a retired key must differ from DATA_ENCRYPTION_KEY$/,
      ],
    ];
    for (const [source, expected] of cases) {
      const problems = problemsOf(source);
      expect(problems).toEqual([expect.stringMatching(expected)]);
      expect(problems.join()).not.toContain(SECRET_A.slice(9));
      expect(problems.join()).not.toContain('too-short-secret');
    }
  });
});

describe('the app', () => {
  const storageDir = join(mkdtempSync(join(tmpdir(), 'kaskita-app-files-')), 'files');
  afterAll(() => rmSync(join(storageDir, '..'), { recursive: true, force: true }));
  const t = useTestApp({
    env: {
      DATA_ENCRYPTION_KEY_ID: 'k7',
      DATA_ENCRYPTION_KEY: SECRET_A,
      DATA_LOOKUP_KEY: SECRET_B,
      STORAGE_DIR: storageDir,
    },
  });

  it('builds data protection once from its settings, touching no disk until a file is stored', async () => {
    const { cipher, lookup, files } = t.app.dataProtection;
    expect(existsSync(storageDir)).toBe(false);
    expect(cipher.currentKeyId).toBe('k7');
    expect(lookup.hash('users.nik', '3171234567890001')).toBe(
      new LookupHasher(SECRET_B).hash('users.nik', '3171234567890001'),
    );
    await files.put('kyc/1/ktp.jpg', Buffer.from('ktp photo'));
    const onDisk = readFileSync(join(storageDir, 'kyc/1/ktp.jpg'));
    expect(onDisk.subarray(0, 8).toString('latin1')).toBe('KKEF\x01\x02k7');
    expect((await files.get('kyc/1/ktp.jpg'))?.toString()).toBe('ktp photo');
  });
});
