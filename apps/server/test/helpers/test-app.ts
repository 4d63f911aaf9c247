import { randomInt } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { LoginResponse } from '@kaskita/domain/contract/auth';
import { buildApp, type BuildAppOptions } from '../../src/app.ts';
import type { Clock } from '../../src/clock.ts';
import type { Database } from '../../src/db/client.ts';
import type { Env } from '../../src/env.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

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
};

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  database: Database;
  /** Builds another app on the same database (a restart). */
  rebuild(options?: Partial<BuildAppOptions>): Promise<FastifyInstance>;
}

/** Builds the app on a fresh database for this test file (closed and dropped after the file). */
export function useTestApp(options: Partial<BuildAppOptions> = {}): TestApp {
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
    testDb = await createTestDatabase();
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

/** A phone no other test uses (local form 0812 + 8 digits). */
export function newPhone(): string {
  return `0812${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** An IP no other test uses, so IP limits of one test never touch another. */
export function newIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export async function call<T = unknown>(
  app: FastifyInstance,
  options: InjectOptions & { ip?: string; token?: string },
): Promise<{ res: LightMyRequestResponse; body: Envelope<T> }> {
  const { ip, token, ...rest } = options;
  const headers = { ...(rest.headers ?? {}), ...(token ? { authorization: token } : {}) };
  const res = await app.inject({ ...rest, headers, remoteAddress: ip ?? '127.0.0.1' });
  return { res, body: res.json<Envelope<T>>() };
}

export function requestCode(
  app: FastifyInstance,
  phone: string,
  ip = newIp(),
  extra: Record<string, string> = {},
) {
  return call<{ captcha: number; resend_in: number }>(app, {
    method: 'GET',
    url: '/api/v2/sms_code',
    query: { phone, ...extra },
    ip,
  });
}

/** The newest code sent to a phone, read from the dev outbox like the browser tests do. */
export async function latestCode(app: FastifyInstance, phone: string): Promise<string | null> {
  const { body } = await call<Array<{ code: string | null }>>(app, {
    method: 'GET',
    url: '/api/dev/outbox',
    query: { phone },
  });
  return body.data[0]?.code ?? null;
}

export async function outboxCount(app: FastifyInstance, phone: string): Promise<number> {
  const { body } = await call<unknown[]>(app, { method: 'GET', url: '/api/dev/outbox', query: { phone } });
  return body.data.length;
}

/** Signs a phone in with an SMS code (registering it on first use). */
export async function signIn(app: FastifyInstance, phone = newPhone(), ip = newIp()): Promise<LoginResponse> {
  const sent = await requestCode(app, phone, ip);
  if (sent.body.code !== 200 || sent.body.data.captcha !== 0)
    throw new Error(`code not sent: ${JSON.stringify(sent.body)}`);
  const code = await latestCode(app, phone);
  const { body } = await call<LoginResponse>(app, {
    method: 'POST',
    url: '/api/v1/login',
    payload: { phone, sms_code: code },
    ip,
  });
  if (body.code !== 200) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data;
}
