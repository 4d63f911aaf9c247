import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/app.ts';
import type { Clock } from '../../src/clock.ts';
import type { Database } from '../../src/db/client.ts';
import type { Env } from '../../src/env.ts';
import { createTestDatabase, type TestDatabase, type TestDatabaseOptions } from './test-database.ts';

export type { Envelope } from '@kaskita/domain/contract/envelope';
export {
  call,
  latestCode,
  login,
  newIp,
  newPhone,
  outboxCount,
  outboxTexts,
  refreshTokens,
  requestCode,
  signIn,
  signUpWithPassword,
  solvedCaptcha,
  userStatus,
  wrongCodeFor,
} from './api-calls.ts';

/** A clock tests move by hand: expiry and cooldown tests advance it instead of sleeping. */
export class TestClock implements Clock {
  private ms: number;
  constructor(start = '2026-03-02T03:00:00.000Z') {
    this.ms = Date.parse(start);
  }
  now(): Date {
    return new Date(this.ms);
  }
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

/** Settings for tests: independent of the machine's environment, cheap scrypt, no web build. */
export const TEST_ENV: Partial<Env> = {
  NODE_ENV: 'test',
  SCRYPT_N: 1024,
  SCRYPT_R: 8,
  SCRYPT_P: 1,
  WEB_DIST_DIR: '/nonexistent/kaskita-dist',
  ADMIN_DIST_DIR: '/nonexistent/kaskita-admin-dist',
  ACCOUNT_INQUIRY_SANDBOX_DELAY_MS: 20,
  // Credit decisions run as soon as the application is submitted: tests await app.jobs.whenIdle().
  CREDIT_DECISION_DELAY_SECONDS: 0,
  // The sandbox bank calls back only when a test finishes a disbursement (or says otherwise); retries wait for nothing.
  DISBURSEMENT_SANDBOX_DELAY_SECONDS: -1,
  DISBURSEMENT_RETRY_DELAY_SECONDS: 0,
  // Scheduled jobs run when a test triggers them, never because the wall clock passed a cron mark mid-test.
  JOB_SCHEDULES: false,
  // Nothing listens there: the demo shop's webhook (PUBLIC_APP_URL/dev/merchant/webhook) is refused at once rather
  // than reaching whatever server runs on this machine's port 3000. Tests that want it point this at themselves.
  PUBLIC_APP_URL: 'http://127.0.0.1:9',
};

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  database: Database;
  /** Builds another app on the same database (a restart). */
  rebuild(options?: Partial<BuildAppOptions>): Promise<FastifyInstance>;
}

/** Builds the app on a fresh database for this test file (closed and dropped after the file). */
export function useTestApp(
  options: Partial<BuildAppOptions> = {},
  databaseOptions: TestDatabaseOptions = {},
): TestApp {
  const ctx = {} as TestApp;
  let testDb: TestDatabase;
  const built: FastifyInstance[] = [];
  const make = async (extra: Partial<BuildAppOptions> = {}) => {
    const app = await buildApp({
      envSource: {},
      logger: false,
      database: testDb.database,
      clock: ctx.clock,
      ...options,
      ...extra,
      env: { ...TEST_ENV, ...options.env, ...extra.env },
    });
    built.push(app);
    return app;
  };
  beforeAll(async () => {
    testDb = await createTestDatabase(databaseOptions);
    ctx.clock = new TestClock();
    ctx.database = testDb.database;
    ctx.rebuild = make;
    ctx.app = await make();
  });
  afterAll(async () => {
    for (const app of built) await app.close();
    await testDb?.destroy();
  });
  return ctx;
}
