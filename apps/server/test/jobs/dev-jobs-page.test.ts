import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobRunner } from '../../src/jobs/job-runner.ts';
import { jobType } from '../../src/jobs/job-type.ts';
import type { SmsProvider } from '../../src/providers/sms/sms-provider.ts';
import { useTestApp } from '../helpers/test-app.ts';

const SHOWN = jobType({
  name: 'test.shown',
  payload: z.object({ note: z.string(), fail: z.boolean() }),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  expireInSeconds: 30,
});
const PARKED = jobType({
  name: 'test.parked',
  payload: z.object({}),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  expireInSeconds: 30,
});

const registerJobs = (jobs: JobRunner) => {
  jobs.register(SHOWN, async ({ fail }) => {
    if (fail) throw new Error('<script>boom</script>');
  });
  jobs.register(PARKED, async () => {});
};

const section = (html: string, id: string, next?: string) =>
  html.slice(html.indexOf(`id="${id}"`), next ? html.indexOf(`id="${next}"`) : undefined);

describe('GET /dev/jobs', () => {
  const t = useTestApp({ registerJobs });

  it('lists queued, failed and done jobs, escaped, newest first', async () => {
    await t.app.jobs.send(SHOWN, { note: 'done <b>ok</b>', fail: false });
    await t.app.jobs.send(SHOWN, { note: 'will fail', fail: true });
    await t.app.jobs.whenIdle();
    await t.app.jobs.send(PARKED, {}, { key: 'parked-1', delaySeconds: 3600 });

    const res = await t.app.inject({ method: 'GET', url: '/dev/jobs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(section(html, 'queued', 'failed')).toContain('test.parked');
    expect(section(html, 'queued', 'failed')).toContain('parked-1');
    expect(section(html, 'failed', 'done')).toContain('will fail');
    expect(section(html, 'failed', 'done')).toContain('&lt;script&gt;boom&lt;/script&gt;');
    expect(section(html, 'done')).toContain('done &lt;b&gt;ok&lt;/b&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>ok');
  });
});

describe('GET /dev/jobs in production', () => {
  const realSms: SmsProvider = { name: 'acme-sms', sandbox: false, send: async () => {} };
  const t = useTestApp({
    env: {
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
    },
    smsProvider: realSms,
  });

  it('is not registered', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/jobs', headers: { accept: 'text/html' } });
    expect(res.body).not.toContain('Dev jobs');
    expect(t.app.hasRoute({ method: 'GET', url: '/dev/jobs' })).toBe(false);
  });
});
