import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { moveFilesCommand } from '../../src/cli/move-files-command.ts';
import { loadEnv, type Env } from '../../src/env.ts';
import type { FileStorage } from '../../src/providers/storage/file-storage.ts';
import { fileStorageFromEnv } from '../../src/providers/storage/file-storage-from-env.ts';
import { LocalFileStorage } from '../../src/providers/storage/local-file-storage.ts';
import { createDataProtection } from '../../src/security/data-protection.ts';
import { startLocalS3Server, type LocalS3Server } from '../helpers/local-s3-server.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

const MOVE_CLI = fileURLToPath(new URL('../../src/cli/move-files.ts', import.meta.url));
const MARKER = 'NIK 3171234567890001 SITI NURHALIZA';

const base = mkdtempSync(join(tmpdir(), 'kaskita-move-'));
let testDb: TestDatabase;
let s3: LocalS3Server;
let folders = 0;

beforeAll(async () => {
  [testDb, s3] = [await createTestDatabase(), await startLocalS3Server()];
});

afterAll(async () => {
  await s3?.close();
  await testDb?.destroy();
  rmSync(base, { recursive: true, force: true });
});

const collect = async (keys: AsyncIterable<string>) => {
  const all: string[] = [];
  for await (const key of keys) all.push(key);
  return all.sort();
};

/** Every key in `keys` is in the store with exactly these bytes. */
async function expectHolds(store: FileStorage, files: Map<string, Buffer>): Promise<void> {
  for (const [key, bytes] of files) expect((await store.get(key))?.equals(bytes), key).toBe(true);
}

describe('npm run files:move, in process (to FILE_STORAGE=postgres)', () => {
  let env: Env;
  let source: LocalFileStorage;
  let target: FileStorage;
  const photoOf = (key: string) => Buffer.from(`${MARKER} ${key} `.repeat(40));
  const KEYS = Array.from({ length: 30 }, (_, i) => `kyc/${i % 7}/photo-${i}.jpg`);
  const lines: string[] = [];
  const write = (line: string) => lines.push(line);
  const move = (options: { deleteSource?: boolean; signal?: AbortSignal; progressEvery?: number } = {}) =>
    moveFilesCommand(env, { database: testDb.database, write, ...options });

  beforeEach(async () => {
    env = loadEnv({ FILE_STORAGE: 'postgres', STORAGE_DIR: join(base, `in-process-${++folders}`) });
    source = new LocalFileStorage(env.STORAGE_DIR);
    target = await fileStorageFromEnv(env, testDb.database.db);
    await testDb.database.query('delete from stored_files');
    // As the app stores them on local disk: encrypted.
    const { files } = createDataProtection(env, source);
    for (const key of KEYS) await files.put(key, photoOf(key));
    lines.length = 0;
  });

  it('copies every file as it is, readable by the app from its new store; a second run copies nothing', async () => {
    const stored = new Map<string, Buffer>();
    for (const key of KEYS) stored.set(key, (await source.get(key)) ?? Buffer.alloc(0));

    expect(await move()).toBe(0);
    expect(lines.at(-1)).toBe('Done: 30 files: 30 copied, 0 already there, 0 deleted from STORAGE_DIR.');
    await expectHolds(target, stored);
    const { files } = createDataProtection(env, target);
    for (const key of KEYS) expect((await files.get(key))?.equals(photoOf(key))).toBe(true);
    // Left where it was: without --delete-source the source is only read.
    expect(await collect(source.list())).toEqual([...KEYS].sort());

    lines.length = 0;
    expect(await move()).toBe(0);
    expect(lines.at(-1)).toBe('Done: 30 files: 0 copied, 30 already there, 0 deleted from STORAGE_DIR.');

    // A target file that differs (say an earlier copy of a file since rotated) is copied again.
    await target.put(KEYS[0] ?? '', Buffer.from('stale'));
    lines.length = 0;
    expect(await move()).toBe(0);
    expect(lines.at(-1)).toBe('Done: 30 files: 1 copied, 29 already there, 0 deleted from STORAGE_DIR.');
    await expectHolds(target, stored);
    // Counts only: no key, no content.
    expect(lines.join('\n')).not.toMatch(/kyc|NIK|KKEF/);
  });

  it('with --delete-source, empties STORAGE_DIR of what the target holds', async () => {
    const stored = new Map<string, Buffer>();
    for (const key of KEYS) stored.set(key, (await source.get(key)) ?? Buffer.alloc(0));
    expect(await move({ deleteSource: true })).toBe(0);
    expect(lines.at(-1)).toBe('Done: 30 files: 30 copied, 0 already there, 30 deleted from STORAGE_DIR.');
    expect(await collect(source.list())).toEqual([]);
    await expectHolds(target, stored);
  });

  it('stops between files on the signal (Ctrl-C) and finishes when run again', async () => {
    const controller = new AbortController();
    const code = await moveFilesCommand(env, {
      database: testDb.database,
      deleteSource: true,
      progressEvery: 10,
      signal: controller.signal,
      write: (line) => {
        write(line);
        if (line.endsWith('so far')) controller.abort();
      },
    });
    expect(code).toBe(130);
    expect(lines).toContain('  10 files: 10 copied, 0 already there, 10 deleted from STORAGE_DIR so far');
    expect(lines.at(-1)).toMatch(
      /^Interrupted after 10 files: .* Run `npm run files:move` again to finish\.$/,
    );
    expect(await collect(source.list())).toHaveLength(20);

    lines.length = 0;
    expect(await move({ deleteSource: true })).toBe(0);
    expect(lines.at(-1)).toBe('Done: 20 files: 20 copied, 0 already there, 20 deleted from STORAGE_DIR.');
    expect(await collect(target.list())).toEqual([...KEYS].sort());
  });

  it('refuses to run while FILE_STORAGE is local', async () => {
    const local = loadEnv({ STORAGE_DIR: env.STORAGE_DIR });
    expect(await moveFilesCommand(local, { write })).toBe(1);
    expect(lines.join('\n')).toMatch(/FILE_STORAGE is local/);
  });
});

/** Files of random bytes (incompressible, binary) written straight to a STORAGE_DIR, as the local store lays them out. */
function seedStorageDir(dir: string, count: number): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const key = `kyc/${i % 13}/doc-${i}.jpg`;
    const bytes = randomBytes(1024 + (i % 5) * 512);
    mkdirSync(join(dir, dirname(key)), { recursive: true });
    writeFileSync(join(dir, key), bytes);
    files.set(key, bytes);
  }
  return files;
}

interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  lines: string[];
}

/** `npm run files:move -- --delete-source` in a process of its own; killed with SIGKILL at the first progress line. */
async function runCli(settings: Record<string, string>, killAtProgress: boolean): Promise<CliRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', MOVE_CLI, '--delete-source'], {
    // Only what the command needs: none of the test run's own settings.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', ...settings },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const lines: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    if (killAtProgress && line.endsWith('so far')) child.kill('SIGKILL');
  });
  const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
  return { code, signal, lines };
}

const doneCounts = (line: string | undefined) => {
  const match =
    /^Done: (\d+) files: (\d+) copied, (\d+) already there, (\d+) deleted from STORAGE_DIR\.$/.exec(
      line ?? '',
    );
  if (!match) throw new Error(`no summary line: ${line}`);
  const [seen, copied, already, deleted] = match.slice(1).map(Number) as [number, number, number, number];
  return { seen, copied, already, deleted };
};

// The postgres target needs a database the command's process can open: PostgreSQL. The test's PGlite lives in this
// process's memory, so on PGlite only the S3 target is tested this way (the in-process tests above cover postgres).
const killTargets: { name: string; settings: () => Record<string, string>; skip: boolean }[] = [
  { name: 's3', settings: () => ({ ...s3.settings, S3_PREFIX: `killed-${folders}` }), skip: false },
  {
    name: 'postgres',
    settings: () => ({ FILE_STORAGE: 'postgres', DATABASE_URL: testDb.url ?? '' }),
    skip: !process.env.DATABASE_URL,
  },
];

describe.each(killTargets)('npm run files:move killed mid-way, to $name', ({ settings, skip }) => {
  it.skipIf(skip)(
    'run again, finishes: every file arrives intact, none is lost or copied twice, and the counts add up',
    { timeout: 120_000 },
    async () => {
      // The command reports every 100 files: it is killed after the first 100, with 150 (~3 s of work) to go.
      const TOTAL = 250;
      const storageDir = join(base, `killed-${++folders}`);
      const files = seedStorageDir(storageDir, TOTAL);
      const env: Record<string, string> = { ...settings(), STORAGE_DIR: storageDir };
      if (env.FILE_STORAGE === 'postgres') await testDb.database.query('delete from stored_files');
      const source = new LocalFileStorage(storageDir);
      const target = await fileStorageFromEnv(loadEnv(env), testDb.database.db);

      const killed = await runCli(env, true);
      expect(killed.signal).toBe('SIGKILL');
      // The first 100 files, each copied and then deleted from the source, or counted as failed and left in the source
      // for the next run when the target's read-back did not match; never deleted unverified. Seen once, in CI's
      // PostgreSQL pass on 2026-11-30: 99 of 100 copied and deleted (failed is the only count that leaves both short;
      // most likely the local S3 server, loaded, answering a read right after a write with the object unfinished).
      const atKill =
        /^ {2}100 files: (\d+) copied, 0 already there, (\d+) deleted from STORAGE_DIR so far$/.exec(
          killed.lines.at(-1) ?? '',
        );
      expect(atKill, killed.lines.at(-1)).not.toBeNull();
      const [copiedAtKill, deletedAtKill] = [Number(atKill![1]), Number(atKill![2])];
      expect(deletedAtKill).toBe(copiedAtKill);
      expect(copiedAtKill).toBeGreaterThanOrEqual(95);
      /** Left in the source and perhaps in the target too, like the file being moved at the kill. */
      const unverified = 100 - copiedAtKill;
      const left = await collect(source.list());
      const arrived = await collect(target.list());
      // Killed mid-way: some files moved, most not yet.
      expect(left.length).toBeGreaterThan(0);
      expect(arrived.length).toBeGreaterThanOrEqual(copiedAtKill);
      // Nothing lost: every file is still in the source or already intact in the target (or both, for the one being
      // moved at the kill).
      for (const [key, bytes] of files) {
        const inSource = (await source.get(key))?.equals(bytes) ?? false;
        const inTarget = (await target.get(key))?.equals(bytes) ?? false;
        expect(inSource || inTarget, key).toBe(true);
      }
      expect(left.length + arrived.length - TOTAL).toBeLessThanOrEqual(1 + unverified);

      const resumed = await runCli(env, false);
      expect(resumed.code, resumed.lines.join('\n')).toBe(0);
      const counts = doneCounts(resumed.lines.at(-1));
      expect(counts.seen).toBe(left.length);
      expect(counts.copied + counts.already).toBe(left.length);
      expect(counts.deleted).toBe(left.length);
      // Only a file whose copy was done but not yet deleted at the kill is found already there.
      expect(counts.already).toBe(left.length + arrived.length - TOTAL);
      expect(await collect(source.list())).toEqual([]);
      expect(await collect(target.list())).toEqual([...files.keys()].sort());
      await expectHolds(target, files);
    },
  );
});
