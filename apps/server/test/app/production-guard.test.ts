import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { DEV_DATA_ENCRYPTION_KEY, DEV_TOKEN_SECRET, loadEnv, EnvError } from '../../src/env.ts';
import { ProductionConfigError, productionProblems } from '../../src/production-guard.ts';
import type { SmsProvider } from '../../src/providers/sms/sms-provider.ts';
import { call, useTestApp } from '../helpers/test-app.ts';

const realSms: SmsProvider = { name: 'acme-sms', sandbox: false, send: async () => {} };
const productionEnv = {
  NODE_ENV: 'production',
  TOKEN_SECRET: 'prod-token-secret-0123456789abcdef0123456789',
  DATA_ENCRYPTION_KEY: 'prod-data-key-0123456789abcdef0123456789abcd',
  DATA_LOOKUP_KEY: 'prod-lookup-key-0123456789abcdef0123456789ab',
};

describe('production guard (unit)', () => {
  it('lists every unsafe setting', () => {
    const env = loadEnv({ NODE_ENV: 'production' });
    const problems = productionProblems(env, { name: 'dev-outbox', sandbox: true });
    expect(problems.join('\n')).toMatch(/TOKEN_SECRET/);
    expect(problems.join('\n')).toMatch(/DATA_ENCRYPTION_KEY/);
    expect(problems.join('\n')).toMatch(/DATA_LOOKUP_KEY is the development default/);
    expect(problems.join('\n')).toMatch(/SMS provider "dev-outbox"/);
    expect(env.TOKEN_SECRET).toBe(DEV_TOKEN_SECRET);
    expect(env.DATA_ENCRYPTION_KEY).toBe(DEV_DATA_ENCRYPTION_KEY);
  });

  it('refuses sandbox providers and weak scrypt, accepts a safe configuration', () => {
    const env = loadEnv(productionEnv);
    expect(productionProblems(env, realSms)).toEqual([]);
    expect(productionProblems(env, { name: 'acme-sandbox', sandbox: false })).toHaveLength(1);
    expect(productionProblems(loadEnv({ ...productionEnv, SCRYPT_N: '1024' }), realSms)).toHaveLength(1);
  });

  it('refuses a lookup key that is the development default or another secret', () => {
    const problems = (extra: Record<string, string>) =>
      productionProblems(loadEnv({ ...productionEnv, ...extra }), realSms);
    expect(problems({ DATA_LOOKUP_KEY: '' })).toEqual([
      'DATA_LOOKUP_KEY is the development default; set a random key',
    ]);
    const reuse = /DATA_LOOKUP_KEY must differ/;
    expect(problems({ DATA_LOOKUP_KEY: productionEnv.TOKEN_SECRET })).toEqual([expect.stringMatching(reuse)]);
    expect(problems({ DATA_LOOKUP_KEY: productionEnv.DATA_ENCRYPTION_KEY })).toEqual([
      expect.stringMatching(reuse),
    ]);
    expect(
      problems({
        DATA_ENCRYPTION_OLD_KEYS: `k0:${productionEnv.DATA_LOOKUP_KEY}`,
      }),
    ).toEqual([expect.stringMatching(reuse)]);
  });

  it('refuses retired encryption keys that are the development key or the token secret', () => {
    const problems = (oldKeys: string) =>
      productionProblems(loadEnv({ ...productionEnv, DATA_ENCRYPTION_OLD_KEYS: oldKeys }), realSms);
    expect(problems(`k0:${DEV_DATA_ENCRYPTION_KEY}`)).toEqual([
      'DATA_ENCRYPTION_OLD_KEYS holds the development key; remove it',
    ]);
    expect(problems(`k0:${productionEnv.TOKEN_SECRET}`)).toEqual([
      'TOKEN_SECRET and the keys in DATA_ENCRYPTION_OLD_KEYS must differ',
    ]);
    expect(problems('k0:retired-prod-key-0123456789abcdef0123456789')).toEqual([]);
  });

  it('validates settings with readable errors', () => {
    expect(() => loadEnv({ PORT: 'eighty', SCRYPT_N: '1000', TOKEN_SECRET: 'short' })).toThrowError(EnvError);
    try {
      loadEnv({ PORT: 'eighty', SCRYPT_N: '1000' });
    } catch (error) {
      expect((error as EnvError).problems.map((p) => p.split(':')[0])).toEqual(['PORT', 'SCRYPT_N']);
    }
    expect(loadEnv({}).PORT).toBe(3000);
  });
});

describe('production guard (app)', () => {
  it('buildApp refuses to start in production with development settings', async () => {
    await expect(buildApp({ envSource: { NODE_ENV: 'production' }, logger: false })).rejects.toThrowError(
      ProductionConfigError,
    );
    await expect(buildApp({ envSource: productionEnv, logger: false })).rejects.toThrowError(/dev-outbox/);
  });
});

describe('production app', () => {
  const t = useTestApp({
    env: { ...productionEnv, NODE_ENV: 'production', SCRYPT_N: 16384 },
    smsProvider: realSms,
  });

  it('has no /api/dev routes', async () => {
    for (const url of ['/api/dev/outbox', '/api/dev/captcha/abc']) {
      const { res, body } = await call(t.app, { method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(body.code).toBe(4040);
    }
  });

  it('has no dev outbox page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox', headers: { accept: 'text/html' } });
    expect(res.body).not.toContain('Dev SMS outbox');
  });
});
