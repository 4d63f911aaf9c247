import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messageOutbox } from '../../src/jobs/outbox-schema.ts';
import type { JobRunner } from '../../src/jobs/job-runner.ts';
import { jobType } from '../../src/jobs/job-type.ts';
import type { SmsProvider } from '../../src/providers/sms/sms-provider.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { finishAtBank, order, pendingAtBank, approvedBorrower } from '../loans/loan-helpers.ts';

const PARKED = jobType({
  name: 'test.parked-behind',
  payload: z.object({}),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  expireInSeconds: 60,
});
// Each job of the type waits at the gate, and there is one worker: with the first one holding it, the second waits,
// due, in the queue.
let openGate: () => void = () => {};
const gate = new Promise<void>((ok) => (openGate = ok));
let started: () => void = () => {};
const firstStarted = new Promise<void>((ok) => (started = ok));
const registerJobs = (jobs: JobRunner) =>
  jobs.register(PARKED, () => {
    started();
    return gate;
  });

/** One sample's value from the exposition text, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',').filter(Boolean);
    if (wanted.every((w) => have.includes(w))) return Number(match[3]);
  }
  return undefined;
}

describe('operations: /health, /ready, /metrics', () => {
  const t = useTestApp({ registerJobs });
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('/health answers at once, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/ready: the database answers, every migration is applied and the jobs run', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: true, migrations: true, jobs: true },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/ready is 503 on an instance whose job runner has stopped', async () => {
    const other = await t.rebuild();
    await other.jobs.stop();
    const res = await other.inject({ method: 'GET', url: '/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'not ready', checks: { database: true, jobs: false } });
  });

  it('counts requests by route pattern and status, never by the raw path', async () => {
    await t.app.inject({ method: 'GET', url: '/health' });
    await t.app.inject({ method: 'GET', url: '/api/v1/no-such-call/6281299990000' });
    const text = await scrape();
    const health = { method: 'GET', route: '/health', status_code: '200' };
    expect(sample(text, 'kaskita_http_request_duration_seconds_count', health)).toBeGreaterThanOrEqual(2);
    expect(
      sample(text, 'kaskita_http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' }),
    ).toBe(1);
    expect(text).not.toContain('6281299990000');
    // The process's own figures come with it.
    expect(sample(text, 'nodejs_heap_size_total_bytes')).toBeGreaterThan(0);
  });

  it('reports the job queue by type: how many wait and for how long', async () => {
    await t.app.jobs.send(PARKED, {});
    await firstStarted;
    await t.app.jobs.send(PARKED, {});
    const text = await scrape();
    expect(sample(text, 'kaskita_job_queue_depth', { type: PARKED.name })).toBe(1);
    expect(
      sample(text, 'kaskita_job_queue_oldest_age_seconds', { type: PARKED.name }),
    ).toBeGreaterThanOrEqual(0);
    openGate();
    await t.app.jobs.whenIdle();
    expect(sample(await scrape(), 'kaskita_job_queue_depth', { type: PARKED.name })).toBeUndefined();
  });

  it('reports the outbox: messages waiting and the age of the oldest', async () => {
    const before = sample(await scrape(), 'kaskita_outbox_pending') ?? 0;
    const written = new Date(Date.now() - 90_000);
    await t.database.db.insert(messageOutbox).values({
      id: 'metrics-test-waiting',
      channel: 'sms',
      recipientEnc: null,
      recipientHash: null,
      body: 'waiting',
      status: 'pending',
      idempotencyKey: 'metrics-test-waiting',
      createdAt: written,
      updatedAt: written,
    });
    const text = await scrape();
    expect(sample(text, 'kaskita_outbox_pending')).toBe(before + 1);
    expect(sample(text, 'kaskita_outbox_lag_seconds')).toBeGreaterThanOrEqual(89);
    expect(text).not.toContain('6281299990001');
    await t.database.db.execute(sql`delete from message_outbox where id = 'metrics-test-waiting'`);
  });

  it('counts disbursements by status and the bank callback that completes one', async () => {
    const b = await approvedBorrower(t.app, t.database.db, t.clock.now());
    const placed = await order(t.app, b.token);
    expect(placed.body.code).toBe(200);
    const loanId = placed.body.data.order_id;
    const reference = await pendingAtBank(t.app, t.database.db, loanId);
    expect(sample(await scrape(), 'kaskita_disbursements', { status: 'pending' })).toBe(1);

    expect((await finishAtBank(t.app, reference, 'complete')).body.code).toBe(200);
    await t.app.jobs.whenIdle();
    const text = await scrape();
    expect(sample(text, 'kaskita_disbursements', { status: 'pending' })).toBeUndefined();
    expect(sample(text, 'kaskita_disbursements', { status: 'completed' })).toBe(1);
    expect(sample(text, 'kaskita_callbacks_total', { result: 'applied' })).toBe(1);
  });

  it('times each run of the nightly accrual', async () => {
    const { DAILY_ACCRUAL } = await import('../../src/modules/repayments/daily-accrual-service.ts');
    await t.app.jobs.trigger(DAILY_ACCRUAL);
    await t.app.jobs.whenIdle();
    expect(sample(await scrape(), 'kaskita_accrual_duration_seconds_count')).toBe(1);
  });

  it('/ready is 503 while a shipped migration is not applied', async () => {
    await t.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ checks: { database: true, migrations: false, jobs: true } });
  });
});

const PRODUCTION = {
  NODE_ENV: 'production',
  TOKEN_SECRET: 'prod-token-secret-0123456789abcdef0123456789',
  DATA_ENCRYPTION_KEY: 'prod-data-key-0123456789abcdef0123456789abcd',
  DATA_LOOKUP_KEY: 'prod-lookup-key-0123456789abcdef0123456789ab',
  SCRYPT_N: 16384,
  ACCOUNT_INQUIRY_PROVIDER: 'flip',
  DISBURSEMENT_PROVIDER: 'flip',
  FLIP_SECRET_KEY: 'prod-flip-secret-key',
  FLIP_CALLBACK_TOKEN: 'prod-flip-validation-token',
  PAYMENT_GATEWAY_PROVIDER: 'xendit',
  XENDIT_SECRET_KEY: 'xnd_production_prodXenditSecretKey0123456789==',
  XENDIT_CALLBACK_TOKEN: 'prod-xendit-verification-token',
} as const;
const realSms: SmsProvider = { name: 'acme-sms', sandbox: false, send: async () => {} };
const METRICS_TOKEN = 'metrics-token-0123456789abcdef0123456789';

describe('operations in production', () => {
  const t = useTestApp({ env: { ...PRODUCTION }, smsProvider: realSms });

  it('/metrics is not served without a scrape token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('kaskita_');
  });

  it('/metrics asks for the token when one is set, and answers the right one', async () => {
    const app = await t.rebuild({ env: { ...PRODUCTION, METRICS_TOKEN } });
    const none = await app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.body).not.toContain('kaskita_');
    const wrong = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN.replace(/.$/, 'x')}` },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('kaskita_http_request_duration_seconds');
  });

  it('/dev/* answers 404, never the app shell', async () => {
    for (const url of ['/dev', '/dev/outbox', '/dev/merchant', '/dev/jobs?x=1', '/dev/ledger']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('sends HSTS only when told it sits behind TLS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const app = await t.rebuild({ env: { ...PRODUCTION, BEHIND_TLS: true } });
    const tls = await app.inject({ method: 'GET', url: '/health' });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});
