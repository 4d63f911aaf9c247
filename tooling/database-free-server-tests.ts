import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The server test files that never open a database: the second pass of the server suite, on PostgreSQL (`.ci/run`),
 * leaves them out, since they would give the same answer on any database (measured on 2026-11-30: 26 files, 79 s of
 * the suite's file time, the face, liveness, OCR and captcha engines most of it). Found by reading the files rather than
 * listed by hand, so that a new one is left out too and a file that starts opening a database is run again.
 */
const ROOT = resolve(import.meta.dirname, '..');
const SERVER_TESTS = join(ROOT, 'apps/server/test');

/**
 * What opens a database in a server test: the test app, a test database, a server process, the app itself, or the
 * database client. Deliberately wide: a file it wrongly matches is only run twice.
 */
export const OPENS_DATABASE =
  /helpers\/(test-app|test-database|server-process)\.ts|src\/db\/|src\/app\.ts|\bbuildApp\b|\bpglite\b|\bpg\b['"]/i;

/** The file and every test-local module it imports, followed to any depth. */
export function withLocalImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
    const target = resolve(dirname(file), spec!);
    if (target.startsWith(SERVER_TESTS) && existsSync(target)) withLocalImports(target, seen);
  }
  return seen;
}

export const opensDatabase = (file: string) =>
  [...withLocalImports(file)].some((module) => OPENS_DATABASE.test(readFileSync(module, 'utf8')));

/** Every server test file (paths from the repository root) that opens no database, itself or through a helper. */
export function databaseFreeServerTests(): string[] {
  return readdirSync(SERVER_TESTS, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.test.ts'))
    .map((path) => join(SERVER_TESTS, path))
    .filter((file) => !opensDatabase(file))
    .map((file) => relative(ROOT, file))
    .sort();
}
