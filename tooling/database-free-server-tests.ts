/**
 * Server test files that never open a database and are the slowest of the suite (OCR, face matching, captcha
 * solving: 12-19 s each on 2 cores). The second pass of the server suite, on PostgreSQL (`.ci/run`), leaves them out:
 * they would give the same answer on any database. `database-free-server-tests.test.ts` keeps the list honest.
 */
export const DATABASE_FREE_SERVER_TESTS = [
  'apps/server/test/auth/captcha-solver.test.ts',
  'apps/server/test/providers/face-check.test.ts',
  'apps/server/test/ocr/ktp-ocr.test.ts',
] as const;
