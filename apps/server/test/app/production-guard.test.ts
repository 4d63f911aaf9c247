import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { DEV_DATA_ENCRYPTION_KEY, DEV_TOKEN_SECRET, loadEnv, EnvError } from '../../src/env.ts';
import { DEV_COMMERCE_MERCHANT_SECRET } from '../../src/modules/commerce/commerce-merchants.ts';
import { ProductionConfigError, productionProblems } from '../../src/production-guard.ts';
import { planProviders, type ProviderPlanOptions } from '../../src/providers/provider-registry.ts';
import type { SmsProvider } from '../../src/providers/sms/sms-provider.ts';
import { call, useTestApp } from '../helpers/test-app.ts';

const realSms: SmsProvider = { name: 'acme-sms', sandbox: false, send: async () => {} };
const productionEnv = {
  NODE_ENV: 'production',
  TOKEN_SECRET: 'prod-token-secret-0123456789abcdef0123456789',
  DATA_ENCRYPTION_KEY: 'prod-data-key-0123456789abcdef0123456789abcd',
  DATA_LOOKUP_KEY: 'prod-lookup-key-0123456789abcdef0123456789ab',
  ACCOUNT_INQUIRY_PROVIDER: 'flip',
  FLIP_SECRET_KEY: 'prod-flip-secret-key',
  DISBURSEMENT_PROVIDER: 'flip',
  FLIP_CALLBACK_TOKEN: 'prod-flip-validation-token',
  PAYMENT_GATEWAY_PROVIDER: 'xendit',
  XENDIT_SECRET_KEY: 'xnd_production_prodXenditSecretKey0123456789==',
  XENDIT_CALLBACK_TOKEN: 'prod-xendit-verification-token',
};

const zenzivaEnv = {
  ...productionEnv,
  SMS_PROVIDER: 'zenziva',
  ZENZIVA_USERKEY: 'prod-userkey',
  ZENZIVA_PASSKEY: 'prod-passkey',
};

/** The problems the guard finds for settings, with the providers those settings choose. */
const problemsOf = (source: Record<string, string>, options: ProviderPlanOptions = {}) => {
  const env = loadEnv(source);
  return productionProblems(env, planProviders(env, options));
};

describe('production guard (unit)', () => {
  it('refuses a lookup key that is the development default or another secret', () => {
    const problems = (extra: Record<string, string>) =>
      problemsOf({ ...productionEnv, ...extra }, { messaging: realSms });
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
      problemsOf({ ...productionEnv, DATA_ENCRYPTION_OLD_KEYS: oldKeys }, { messaging: realSms });
    expect(problems(`k0:${DEV_DATA_ENCRYPTION_KEY}`)).toEqual([
      'DATA_ENCRYPTION_OLD_KEYS holds the development key; remove it',
    ]);
    expect(problems(`k0:${productionEnv.TOKEN_SECRET}`)).toEqual([
      'TOKEN_SECRET and the keys in DATA_ENCRYPTION_OLD_KEYS must differ',
    ]);
    expect(problems('k0:retired-prod-key-0123456789abcdef0123456789')).toEqual([]);
  });
  it('refuses guessable secrets that are long enough', () => {
    const problems = (extra: Record<string, string>) =>
      problemsOf({ ...productionEnv, ...extra }, { messaging: realSms });
    expect(problems({ TOKEN_SECRET: 'a'.repeat(32) })).toEqual([
      expect.stringMatching(/^TOKEN_SECRET looks guessable/),
    ]);
    expect(problems({ DATA_ENCRYPTION_KEY: 'abcdefgh'.repeat(4) })).toEqual([
      expect.stringMatching(/^DATA_ENCRYPTION_KEY looks guessable/),
    ]);
    expect(problems({ DATA_LOOKUP_KEY: '12'.repeat(40) })).toEqual([
      expect.stringMatching(/^DATA_LOOKUP_KEY looks guessable/),
    ]);
    expect(problems({ DATA_ENCRYPTION_OLD_KEYS: `k0:${'x'.repeat(40)}` })).toEqual([
      expect.stringMatching(/^DATA_ENCRYPTION_OLD_KEYS \(k0\) looks guessable/),
    ]);
    // What the README tells operators to run passes.
    expect(problems({ TOKEN_SECRET: randomBytes(32).toString('hex') })).toEqual([]);
    expect(problems({ TOKEN_SECRET: randomBytes(32).toString('base64') })).toEqual([]);
  });

  it('lists every unsafe setting', () => {
    const env = loadEnv({ NODE_ENV: 'production' });
    const problems = productionProblems(env, planProviders(env));
    expect(problems.join('\n')).toMatch(/TOKEN_SECRET/);
    expect(problems.join('\n')).toMatch(/DATA_ENCRYPTION_KEY/);
    expect(problems.join('\n')).toMatch(/DATA_LOOKUP_KEY is the development default/);
    expect(problems.join('\n')).toMatch(/SMS provider "dev-outbox"/);
    expect(env.TOKEN_SECRET).toBe(DEV_TOKEN_SECRET);
    expect(env.DATA_ENCRYPTION_KEY).toBe(DEV_DATA_ENCRYPTION_KEY);
  });

  it('accepts Zenziva, Flip and Xendit with production secrets, and chooses no sandbox for unset kinds', () => {
    expect(problemsOf(zenzivaEnv)).toEqual([]);
    expect(planProviders(loadEnv(zenzivaEnv)).configured).toEqual([
      { kind: 'messaging', name: 'zenziva', sandbox: false },
      { kind: 'payment-gateway', name: 'xendit', sandbox: false },
      { kind: 'disbursement', name: 'flip', sandbox: false },
      { kind: 'account-inquiry', name: 'flip', sandbox: false },
      { kind: 'ocr', name: 'tesseract', sandbox: false },
      { kind: 'face-check', name: 'face-api', sandbox: false },
      { kind: 'liveness', name: 'human', sandbox: false },
    ]);
  });

  it('refuses to start without an account inquiry provider: the bank step asks one', () => {
    const missing =
      'no account-inquiry provider is configured, and the app uses one; configure a production account-inquiry provider (ACCOUNT_INQUIRY_PROVIDER=flip and FLIP_SECRET_KEY)';
    expect(problemsOf({ ...zenzivaEnv, ACCOUNT_INQUIRY_PROVIDER: 'none' })).toEqual([missing]);
    // Unset means none in production, not the sandbox.
    const { ACCOUNT_INQUIRY_PROVIDER: _unset, ...unset } = zenzivaEnv;
    expect(problemsOf(unset)).toEqual([missing]);
  });

  it('refuses the account inquiry sandbox, and Flip pointed at its sandbox', () => {
    expect(problemsOf({ ...zenzivaEnv, ACCOUNT_INQUIRY_PROVIDER: 'sandbox' })).toEqual([
      'account-inquiry provider "sandbox" is a sandbox; configure a production account-inquiry provider (ACCOUNT_INQUIRY_PROVIDER=flip and FLIP_SECRET_KEY)',
    ]);
    // Inquiry and disbursement both at Flip's sandbox: one mistake, said once.
    expect(problemsOf({ ...zenzivaEnv, FLIP_BASE_URL: 'https://bigflip.id/big_sandbox_api/v2' })).toEqual([
      "FLIP_BASE_URL is Flip's sandbox, which reaches no real bank; use Flip's production API (https://bigflip.id/api/v2, the default)",
    ]);
  });

  it('refuses to start without a disbursement provider: accepted loans are disbursed', () => {
    const missing =
      'no disbursement provider is configured, and the app uses one; configure a production disbursement provider (DISBURSEMENT_PROVIDER=flip, FLIP_SECRET_KEY and FLIP_CALLBACK_TOKEN)';
    expect(problemsOf({ ...zenzivaEnv, DISBURSEMENT_PROVIDER: 'none' })).toEqual([missing]);
    // Unset means none in production, not the sandbox.
    const { DISBURSEMENT_PROVIDER: _unset, ...unset } = zenzivaEnv;
    expect(problemsOf(unset)).toEqual([missing]);
  });

  it('refuses the sandbox bank, and Flip disbursement pointed at its sandbox or over http', () => {
    expect(problemsOf({ ...zenzivaEnv, DISBURSEMENT_PROVIDER: 'sandbox' })).toEqual([
      'disbursement provider "sandbox" is a sandbox; configure a production disbursement provider (DISBURSEMENT_PROVIDER=flip, FLIP_SECRET_KEY and FLIP_CALLBACK_TOKEN)',
    ]);
    const disbursementOnly = { ...zenzivaEnv, ACCOUNT_INQUIRY_PROVIDER: 'none' };
    expect(
      problemsOf({ ...disbursementOnly, FLIP_BASE_URL: 'https://bigflip.id/big_sandbox_api/v2' }),
    ).toContain(
      "FLIP_BASE_URL is Flip's sandbox, which reaches no real bank; use Flip's production API (https://bigflip.id/api/v2, the default)",
    );
    expect(problemsOf({ ...disbursementOnly, FLIP_BASE_URL: 'http://bigflip.id/api/v2' })).toContain(
      'FLIP_BASE_URL must use https: the secret key travels in every request (http only for a local test server)',
    );
  });

  it('refuses DISBURSEMENT_PROVIDER=flip without its key and callback token', () => {
    const { FLIP_CALLBACK_TOKEN: _token, ...withoutToken } = zenzivaEnv;
    expect(() => loadEnv(withoutToken)).toThrowError(
      'FLIP_CALLBACK_TOKEN: required when DISBURSEMENT_PROVIDER=flip',
    );
    const { FLIP_SECRET_KEY: _key, ACCOUNT_INQUIRY_PROVIDER: _inquiry, ...withoutKey } = zenzivaEnv;
    expect(() => loadEnv(withoutKey)).toThrowError(
      'FLIP_SECRET_KEY: required when DISBURSEMENT_PROVIDER=flip',
    );
  });

  it('refuses a Flip address without https, except a server on this machine', () => {
    expect(problemsOf({ ...zenzivaEnv, FLIP_BASE_URL: 'http://bigflip.id/api/v2' })).toEqual([
      'FLIP_BASE_URL must use https: the secret key travels in every request (http only for a local test server)',
    ]);
    expect(problemsOf({ ...zenzivaEnv, FLIP_BASE_URL: 'http://127.0.0.1:8080/api/v2' })).toEqual([]);
  });

  it('refuses to start without OCR: the profile reads KTPs', () => {
    expect(problemsOf({ ...zenzivaEnv, OCR_PROVIDER: 'none' })).toEqual([
      'no ocr provider is configured, and the app uses one; configure a production ocr provider',
    ]);
  });

  it('refuses the dev outbox even with production secrets', () => {
    expect(problemsOf(productionEnv)).toEqual([
      'SMS provider "dev-outbox" does not deliver real messages; configure a production SMS provider (SMS_PROVIDER=zenziva and its keys)',
    ]);
  });

  it('refuses an injected provider that is a sandbox, or is named like one', () => {
    expect(problemsOf(productionEnv, { messaging: realSms })).toEqual([]);
    expect(problemsOf(productionEnv, { messaging: { ...realSms, sandbox: true } })).toHaveLength(1);
    expect(problemsOf(productionEnv, { messaging: { ...realSms, name: 'acme-sandbox' } })).toHaveLength(1);
  });

  it('refuses the credit bureau sandbox', () => {
    expect(problemsOf({ ...zenzivaEnv, CREDIT_BUREAU_PROVIDER: 'sandbox' })).toEqual([
      'credit-bureau provider "sandbox" is a sandbox; configure a production credit-bureau provider or set CREDIT_BUREAU_PROVIDER=none',
    ]);
    expect(problemsOf({ ...zenzivaEnv, CREDIT_BUREAU_PROVIDER: 'none' })).toEqual([]);
  });

  it('refuses the database analytics provider, takes GA4 over https (or a local test server) and none', () => {
    expect(problemsOf({ ...zenzivaEnv, ANALYTICS_PROVIDER: 'database' })).toEqual([
      'analytics provider "database" keeps events in this database for the dev page only; set ANALYTICS_PROVIDER=ga4 (with GA4_MEASUREMENT_ID and GA4_API_SECRET) or ANALYTICS_PROVIDER=none',
    ]);
    const ga4 = {
      ANALYTICS_PROVIDER: 'ga4',
      GA4_MEASUREMENT_ID: 'G-TEST1234',
      GA4_API_SECRET: 'ga4-secret-1',
    };
    expect(problemsOf({ ...zenzivaEnv, ...ga4 })).toEqual([]);
    expect(problemsOf({ ...zenzivaEnv, ...ga4, GA4_BASE_URL: 'http://127.0.0.1:9' })).toEqual([]);
    expect(problemsOf({ ...zenzivaEnv, ...ga4, GA4_BASE_URL: 'http://ga.example.com' })).toEqual([
      'GA4_BASE_URL must use https: the API secret travels in every request (http only for a local test server)',
    ]);
    expect(problemsOf({ ...zenzivaEnv, ANALYTICS_PROVIDER: 'none' })).toEqual([]);
  });

  it('refuses GA4 without its measurement id and API secret (a setting error, before the guard)', () => {
    expect(() => loadEnv({ ANALYTICS_PROVIDER: 'ga4' })).toThrow(
      /GA4_MEASUREMENT_ID: required when ANALYTICS_PROVIDER=ga4/,
    );
    expect(() =>
      loadEnv({ ANALYTICS_PROVIDER: 'ga4', GA4_MEASUREMENT_ID: 'UA-1', GA4_API_SECRET: 'secret-12' }),
    ).toThrow(/GA4_MEASUREMENT_ID: must be a GA4 measurement id/);
  });

  it('refuses a kind the app uses when no provider is configured for it, and only then', () => {
    const { PAYMENT_GATEWAY_PROVIDER: _gateway, ...withoutGateway } = zenzivaEnv;
    expect(problemsOf(withoutGateway, { usedKinds: ['messaging', 'credit-bureau'] })).toEqual([
      'no credit-bureau provider is configured, and the app uses one; configure a production credit-bureau provider',
    ]);
    // Storage has no provider yet: not used, not required.
    expect(planProviders(loadEnv(zenzivaEnv)).missing).toEqual([]);
  });

  it('refuses to start without a payment gateway: borrowers repay through it', () => {
    const missing =
      'no payment-gateway provider is configured, and the app uses one; configure a production payment-gateway provider (PAYMENT_GATEWAY_PROVIDER=xendit, XENDIT_SECRET_KEY and XENDIT_CALLBACK_TOKEN)';
    expect(problemsOf({ ...zenzivaEnv, PAYMENT_GATEWAY_PROVIDER: 'none' })).toEqual([missing]);
    // Unset means none in production, not the sandbox.
    const { PAYMENT_GATEWAY_PROVIDER: _unset, ...unset } = zenzivaEnv;
    expect(problemsOf(unset)).toEqual([missing]);
  });

  it('refuses the sandbox gateway, and Xendit with a development (test mode) key', () => {
    expect(problemsOf({ ...zenzivaEnv, PAYMENT_GATEWAY_PROVIDER: 'sandbox' })).toEqual([
      'payment-gateway provider "sandbox" is a sandbox; configure a production payment-gateway provider (PAYMENT_GATEWAY_PROVIDER=xendit, XENDIT_SECRET_KEY and XENDIT_CALLBACK_TOKEN)',
    ]);
    const testKey = 'xnd_development_testModeKey0123456789==';
    const problems = problemsOf({ ...zenzivaEnv, XENDIT_SECRET_KEY: testKey });
    expect(problems).toEqual([
      'XENDIT_SECRET_KEY is a Xendit development key (test mode), whose payment codes no bank or store takes; use a production key (xnd_production_...)',
    ]);
    expect(problems.join('\n')).not.toContain('testModeKey');
  });

  it('refuses a Xendit address without https, except a server on this machine', () => {
    expect(problemsOf({ ...zenzivaEnv, XENDIT_BASE_URL: 'http://api.xendit.co' })).toEqual([
      'XENDIT_BASE_URL must use https: the secret key travels in every request (http only for a local test server)',
    ]);
    expect(problemsOf({ ...zenzivaEnv, XENDIT_BASE_URL: 'http://127.0.0.1:8080' })).toEqual([]);
  });

  it("refuses a pay-later merchant signing with the demo shop's secret, a guessable one, or a webhook over http", () => {
    const merchant = (secret: string, webhook_url: string | null = null) =>
      JSON.stringify([
        { app_id: 'shop', name: 'Shop', secret, return_urls: ['https://shop.example/return'], webhook_url },
      ]);
    const random = randomBytes(32).toString('hex');
    expect(
      problemsOf({ ...zenzivaEnv, COMMERCE_MERCHANTS: merchant(random, 'https://shop.example/hook') }),
    ).toEqual([]);
    expect(problemsOf({ ...zenzivaEnv, COMMERCE_MERCHANTS: merchant(DEV_COMMERCE_MERCHANT_SECRET) })).toEqual(
      ['COMMERCE_MERCHANTS: shop signs with the development secret; set a random one'],
    );
    expect(problemsOf({ ...zenzivaEnv, COMMERCE_MERCHANTS: merchant('ab'.repeat(20)) })).toEqual([
      'COMMERCE_MERCHANTS: the secret of shop looks guessable',
    ]);
    expect(
      problemsOf({ ...zenzivaEnv, COMMERCE_MERCHANTS: merchant(random, 'http://shop.example/hook') }),
    ).toEqual(['COMMERCE_MERCHANTS: the webhook of shop must use https']);
    expect(() => loadEnv({ COMMERCE_MERCHANTS: '[{"app_id":"shop"}]' })).toThrowError(/COMMERCE_MERCHANTS/);
  });

  it('refuses PAYMENT_GATEWAY_PROVIDER=xendit without its key and token, and a key that is not a Xendit secret key', () => {
    expect(() => loadEnv({ PAYMENT_GATEWAY_PROVIDER: 'xendit' })).toThrowError(
      /XENDIT_SECRET_KEY: required when PAYMENT_GATEWAY_PROVIDER=xendit\n.*XENDIT_CALLBACK_TOKEN: required when PAYMENT_GATEWAY_PROVIDER=xendit/,
    );
    const { XENDIT_CALLBACK_TOKEN: _token, ...withoutToken } = zenzivaEnv;
    expect(() => loadEnv(withoutToken)).toThrowError(
      'XENDIT_CALLBACK_TOKEN: required when PAYMENT_GATEWAY_PROVIDER=xendit',
    );
    // A public key (for the browser) cannot create payment codes; the refusal never repeats the key.
    const refusal = (() => {
      try {
        loadEnv({ ...zenzivaEnv, XENDIT_SECRET_KEY: 'xnd_public_production_browserKey123' });
      } catch (error) {
        return (error as EnvError).message;
      }
      return '';
    })();
    expect(refusal).toMatch(/XENDIT_SECRET_KEY: must be a Xendit secret key/);
    expect(refusal).not.toContain('browserKey123');
    expect(loadEnv(zenzivaEnv)).toMatchObject({
      XENDIT_BASE_URL: 'https://api.xendit.co',
      XENDIT_TIMEOUT_MS: 8000,
    });
  });

  it('refuses a Zenziva address without https, except a server on this machine', () => {
    expect(problemsOf({ ...zenzivaEnv, ZENZIVA_BASE_URL: 'http://console.zenziva.net' })).toEqual([
      'ZENZIVA_BASE_URL must use https: the gateway keys travel in every request (http only for a local test server)',
    ]);
    expect(problemsOf({ ...zenzivaEnv, ZENZIVA_BASE_URL: 'http://127.0.0.1:8080' })).toEqual([]);
    expect(problemsOf({ ...zenzivaEnv, ZENZIVA_BASE_URL: 'https://console.zenziva.net' })).toEqual([]);
  });

  it('refuses weak scrypt', () => {
    expect(problemsOf({ ...zenzivaEnv, SCRYPT_N: '1024' })).toEqual([
      'SCRYPT_N=1024 is too weak; use at least 16384 (default 32768)',
    ]);
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

  it('refuses ACCOUNT_INQUIRY_PROVIDER=flip without its key, and bad Flip settings', () => {
    expect(() => loadEnv({ ACCOUNT_INQUIRY_PROVIDER: 'flip' })).toThrowError(
      'FLIP_SECRET_KEY: required when ACCOUNT_INQUIRY_PROVIDER=flip',
    );
    expect(() => loadEnv({ ...zenzivaEnv, FLIP_TIMEOUT_MS: '50' })).toThrowError(/FLIP_TIMEOUT_MS/);
    expect(() => loadEnv({ ...zenzivaEnv, FLIP_BASE_URL: 'bigflip.id/api/v2' })).toThrowError(
      /FLIP_BASE_URL/,
    );
    expect(loadEnv(zenzivaEnv)).toMatchObject({
      FLIP_BASE_URL: 'https://bigflip.id/api/v2',
      FLIP_TIMEOUT_MS: 5000,
    });
  });

  it('refuses SMS_PROVIDER=zenziva without its keys, and bad Zenziva numbers', () => {
    expect(() => loadEnv({ SMS_PROVIDER: 'zenziva', ZENZIVA_USERKEY: 'u' })).toThrowError(
      'ZENZIVA_PASSKEY: required when SMS_PROVIDER=zenziva',
    );
    expect(() => loadEnv({ SMS_PROVIDER: 'zenziva' })).toThrowError(/ZENZIVA_USERKEY.*\n.*ZENZIVA_PASSKEY/);
    expect(() => loadEnv({ ...zenzivaEnv, ZENZIVA_MAX_ATTEMPTS: '0' })).toThrowError(/ZENZIVA_MAX_ATTEMPTS/);
    expect(() => loadEnv({ ...zenzivaEnv, ZENZIVA_BASE_URL: 'console.zenziva.net' })).toThrowError(
      /ZENZIVA_BASE_URL/,
    );
    const env = loadEnv(zenzivaEnv);
    expect(env).toMatchObject({
      ZENZIVA_BASE_URL: 'https://console.zenziva.net',
      ZENZIVA_TIMEOUT_MS: 5000,
      ZENZIVA_MAX_ATTEMPTS: 2,
    });
  });
});

describe('production guard (app)', () => {
  it('buildApp refuses to start in production without a payment gateway', async () => {
    const { PAYMENT_GATEWAY_PROVIDER: _gateway, ...withoutGateway } = zenzivaEnv;
    await expect(buildApp({ envSource: withoutGateway, logger: false })).rejects.toThrowError(
      /no payment-gateway provider is configured[\s\S]*PAYMENT_GATEWAY_PROVIDER=xendit/,
    );
  });

  it('buildApp refuses to start in production without the Flip disbursement settings', async () => {
    const {
      DISBURSEMENT_PROVIDER: _provider,
      FLIP_CALLBACK_TOKEN: _token,
      ...withoutDisbursement
    } = zenzivaEnv;
    await expect(buildApp({ envSource: withoutDisbursement, logger: false })).rejects.toThrowError(
      /no disbursement provider is configured[\s\S]*DISBURSEMENT_PROVIDER=flip, FLIP_SECRET_KEY and FLIP_CALLBACK_TOKEN/,
    );
    await expect(
      buildApp({ envSource: { ...zenzivaEnv, FLIP_CALLBACK_TOKEN: '' }, logger: false }),
    ).rejects.toThrowError(/FLIP_CALLBACK_TOKEN: required when DISBURSEMENT_PROVIDER=flip/);
  });

  it('buildApp refuses to start in production with development settings', async () => {
    await expect(buildApp({ envSource: { NODE_ENV: 'production' }, logger: false })).rejects.toThrowError(
      ProductionConfigError,
    );
    await expect(buildApp({ envSource: productionEnv, logger: false })).rejects.toThrowError(/dev-outbox/);
  });

  it('buildApp refuses a sandbox before it opens the database', async () => {
    const dataDir = join(tmpdir(), `kaskita-refused-${process.pid}-${Date.now()}`);
    await expect(
      buildApp({
        envSource: { ...zenzivaEnv, CREDIT_BUREAU_PROVIDER: 'sandbox', DATA_DIR: dataDir },
        logger: false,
      }),
    ).rejects.toThrowError(/credit-bureau provider "sandbox"/);
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe('production app', () => {
  const t = useTestApp({
    env: {
      ...productionEnv,
      NODE_ENV: 'production',
      ACCOUNT_INQUIRY_PROVIDER: 'flip',
      DISBURSEMENT_PROVIDER: 'flip',
      PAYMENT_GATEWAY_PROVIDER: 'xendit',
      SCRYPT_N: 16384,
    },
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
