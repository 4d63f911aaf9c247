import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_TESTS_THAT_MOCK_MODULES } from './tests-that-mock-modules.ts';

const ROOT = resolve(import.meta.dirname, '..');
const MOCKS_A_MODULE = /\bvi\s*\.\s*(do)?mock\s*\(/;

/** The test files under `dir` (in the repository) that call vi.mock or vi.doMock, as repository paths. */
function mockingTestFiles(dir: string): string[] {
  return readdirSync(resolve(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => MOCKS_A_MODULE.test(readFileSync(file, 'utf8')))
    .map((file) => relative(ROOT, file))
    .sort();
}

describe('tests that replace a module', () => {
  it('on the server, are exactly the files its isolated project runs', () => {
    expect(mockingTestFiles('apps/server/test')).toEqual([...SERVER_TESTS_THAT_MOCK_MODULES].sort());
  });

  // Their files share a module graph with no isolated twin project: spy on an object instead (web's watchToasts).
  it('in the web app and the back office, there are none', () => {
    expect(mockingTestFiles('apps/web/src')).toEqual([]);
    expect(mockingTestFiles('apps/admin/src')).toEqual([]);
  });

  it('the check sees a file that does', () => {
    expect(mockingTestFiles('apps/server/test/callbacks')).toContain(
      'apps/server/test/callbacks/callback-verifiers.test.ts',
    );
  });
});
