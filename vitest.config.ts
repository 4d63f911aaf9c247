import { defineConfig } from 'vitest/config';
import { DATABASE_FREE_SERVER_TESTS } from './tooling/database-free-server-tests.ts';

// One runner for every layer; `npm test` picks the projects it needs.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          // On PostgreSQL (the suite's second pass) the slow files that open no database are not run again.
          exclude: process.env.DATABASE_URL ? [...DATABASE_FREE_SERVER_TESTS] : [],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup-tests.ts'],
        },
      },
      {
        // Checks of the tooling itself (the ESLint rules that enforce the architecture).
        test: {
          name: 'tooling',
          include: ['tooling/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      {
        // The journeys, two at a time: each has its own server, database and Chromium, and mostly waits (network,
        // sandbox delays, polling), so two share the 2 cores well (measured: see README, Test it).
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts', 'apps/admin/e2e/**/*.e2e.ts'],
          exclude: ['apps/web/e2e/lighthouse.e2e.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
        },
      },
      {
        // Alone: its scores measure the page on a machine doing nothing else.
        test: {
          name: 'lighthouse',
          include: ['apps/web/e2e/lighthouse.e2e.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
