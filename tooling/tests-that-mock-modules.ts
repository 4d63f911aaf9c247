/**
 * Server test files that replace a module with vi.mock. The server project shares one module graph between the files
 * of a worker (`isolate: false` in vitest.config.ts), where a mock would reach every later file of the worker, or a
 * module already imported would not be replaced; these run in a project of their own, isolated.
 * `tests-that-mock-modules.test.ts` keeps the list equal to the files that do, and the web and back-office tests
 * (which share a graph too, with no isolated project) free of any.
 */
export const SERVER_TESTS_THAT_MOCK_MODULES = [
  'apps/server/test/callbacks/callback-verifiers.test.ts',
  'apps/server/test/loans/agreement-outside-lock.test.ts',
] as const;
