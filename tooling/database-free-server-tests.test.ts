import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FREE_SERVER_TESTS } from './database-free-server-tests.ts';

const ROOT = resolve(import.meta.dirname, '..');
/** What opens a database in a server test: the test app, a test database, a server process, or the client itself. */
const OPENS_DATABASE =
  /helpers\/(test-app|test-database|server-process)\.ts|src\/db\/|\bpglite\b|\bpg\b['"]/i;

/** The file and every test-local module it imports, followed to any depth. */
function withLocalImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
    const target = resolve(dirname(file), spec!);
    if (target.includes('/apps/server/test/') && existsSync(target)) withLocalImports(target, seen);
  }
  return seen;
}

describe('the server tests the PostgreSQL pass leaves out', () => {
  for (const path of DATABASE_FREE_SERVER_TESTS)
    it(`${path} exists and opens no database, through none of its test helpers either`, () => {
      const file = resolve(ROOT, path);
      expect(existsSync(file)).toBe(true);
      for (const module of withLocalImports(file))
        expect(readFileSync(module, 'utf8'), module).not.toMatch(OPENS_DATABASE);
    });

  it('the check sees a file that does open one', () => {
    const opening = resolve(ROOT, 'apps/server/test/repayments/money-promises.test.ts');
    const sources = [...withLocalImports(opening)].map((m) => readFileSync(m, 'utf8'));
    expect(sources.some((s) => OPENS_DATABASE.test(s))).toBe(true);
  });
});
