import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseFreeServerTests, opensDatabase } from './database-free-server-tests.ts';

const ROOT = resolve(import.meta.dirname, '..');

describe('the server tests the PostgreSQL pass leaves out', () => {
  const found = databaseFreeServerTests();

  it('finds the engines’ files, which open no database and are the slowest', () => {
    expect(found).toEqual(
      expect.arrayContaining([
        'apps/server/test/auth/captcha-solver.test.ts',
        'apps/server/test/providers/face-check.test.ts',
        'apps/server/test/providers/liveness.test.ts',
        'apps/server/test/ocr/ktp-ocr.test.ts',
      ]),
    );
  });

  it('leaves in a file that opens one through a helper, and one that opens PGlite itself', () => {
    // money-promises.test.ts opens its database through helpers/test-app.ts; migrate-together.test.ts opens PGlite.
    for (const file of [
      'apps/server/test/repayments/money-promises.test.ts',
      'apps/server/test/app/migrate-together.test.ts',
    ]) {
      expect(opensDatabase(resolve(ROOT, file)), file).toBe(true);
      expect(found).not.toContain(file);
    }
  });

  it('leaves in every PostgreSQL-only test (they are what the pass is for)', () => {
    for (const file of [
      'apps/server/test/auth/concurrency.test.ts',
      'apps/server/test/operations/three-instances.test.ts',
    ])
      expect(found).not.toContain(file);
  });
});
