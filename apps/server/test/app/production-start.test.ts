import { CONSENT_VERSIONS } from '@kaskita/domain/legal/versions';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { LoginResponse } from '@kaskita/domain/contract/auth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { capturedLogger } from '../helpers/captured-log.ts';
import { buildApp } from '../../src/app.ts';
import {
  FAKE_SMS_KEYS,
  startFakeZenzivaGateway,
  type FakeZenzivaGateway,
} from '../helpers/fake-zenziva-gateway.ts';
import { call, newPhone, requestCode } from '../helpers/api-calls.ts';
import {
  FAKE_FLIP_CALLBACK_TOKEN,
  FAKE_FLIP_SECRET_KEY,
  startFakeFlipGateway,
  type FakeFlipGateway,
} from '../helpers/fake-flip-gateway.ts';
import {
  FAKE_XENDIT_CALLBACK_TOKEN,
  startFakeXenditGateway,
  type FakeXenditGateway,
} from '../helpers/fake-xendit-gateway.ts';
import { get, KTP, plainPhoto, post, uploadKtp } from '../profile/profile-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

/**
 * Production starts and serves with the settings the README gives: production secrets, SMS_PROVIDER=zenziva,
 * ACCOUNT_INQUIRY_PROVIDER=flip, DISBURSEMENT_PROVIDER=flip and PAYMENT_GATEWAY_PROVIDER=xendit with a production key
 * (each pointed at a local server speaking the provider's contract), no sandbox anywhere, the built web app.
 */
let gateway: FakeZenzivaGateway;
let flip: FakeFlipGateway;
let xendit: FakeXenditGateway;
const XENDIT_PRODUCTION_KEY = 'xnd_production_fakeLiveKey0123456789abcdefGHIJ==';
let storageDir: string;
let testDb: TestDatabase;
let app: FastifyInstance;
let distDir: string;
let logLines: string[] = [];

const APP_SHELL = '<!doctype html><title>KasKita</title><div id="root"></div>';

beforeAll(async () => {
  gateway = await startFakeZenzivaGateway();
  flip = await startFakeFlipGateway();
  xendit = await startFakeXenditGateway(XENDIT_PRODUCTION_KEY);
  storageDir = mkdtempSync(join(tmpdir(), 'kaskita-files-'));
  testDb = await createTestDatabase();
  distDir = mkdtempSync(join(tmpdir(), 'kaskita-dist-'));
  writeFileSync(join(distDir, 'index.html'), APP_SHELL);
  const settings = {
    NODE_ENV: 'production',
    TOKEN_SECRET: 'prod-token-secret-0123456789abcdef0123456789',
    DATA_ENCRYPTION_KEY: 'prod-data-key-0123456789abcdef0123456789abcd',
    DATA_LOOKUP_KEY: 'prod-lookup-key-0123456789abcdef0123456789ab',
    SCRYPT_N: '16384',
    SMS_PROVIDER: 'zenziva',
    ZENZIVA_USERKEY: FAKE_SMS_KEYS.userkey,
    ZENZIVA_PASSKEY: FAKE_SMS_KEYS.passkey,
    ZENZIVA_BASE_URL: gateway.url,
    ACCOUNT_INQUIRY_PROVIDER: 'flip',
    DISBURSEMENT_PROVIDER: 'flip',
    FLIP_SECRET_KEY: FAKE_FLIP_SECRET_KEY,
    FLIP_CALLBACK_TOKEN: FAKE_FLIP_CALLBACK_TOKEN,
    FLIP_BASE_URL: flip.baseUrl,
    PAYMENT_GATEWAY_PROVIDER: 'xendit',
    XENDIT_SECRET_KEY: XENDIT_PRODUCTION_KEY,
    XENDIT_CALLBACK_TOKEN: FAKE_XENDIT_CALLBACK_TOKEN,
    XENDIT_BASE_URL: xendit.baseUrl,
    STORAGE_DIR: storageDir,
    WEB_DIST_DIR: distDir,
  };
  const captured = capturedLogger(settings);
  logLines = captured.lines;
  const logger = captured.logger;
  app = await buildApp({ envSource: settings, database: testDb.database, logger });
});

afterAll(async () => {
  await app?.close();
  await testDb?.destroy();
  await gateway?.close();
  await flip?.close();
  await xendit?.close();
  if (distDir) rmSync(distDir, { recursive: true, force: true });
  if (storageDir) rmSync(storageDir, { recursive: true, force: true });
});

beforeEach(() => {
  gateway.reset();
  flip.reset();
});

/** Signs a new borrower in with the code that went through the SMS gateway. */
async function signInThroughGateway(phone = newPhone()): Promise<string> {
  const sent = await requestCode(app, phone);
  expect(sent.body.code).toBe(200);
  await app.jobs.whenIdle();
  const sms = gateway.delivered.find((message) => message.to === `62${phone.slice(1)}`);
  const code = /\b(\d{6})\b/.exec(sms?.message ?? '')?.[1];
  expect(code).toBeDefined();
  const login = await call<LoginResponse>(app, {
    method: 'POST',
    url: '/api/v1/login',
    payload: { phone, sms_code: code, ...CONSENT_VERSIONS },
  });
  expect(login.body.code).toBe(200);
  return login.body.data.token;
}

describe('production start', () => {
  it('runs in production with the Zenziva, Flip and Xendit providers', () => {
    expect(app.env.NODE_ENV).toBe('production');
    expect(app.env.SMS_PROVIDER).toBe('zenziva');
    expect(app.env.ACCOUNT_INQUIRY_PROVIDER).toBe('flip');
    expect(app.env.DISBURSEMENT_PROVIDER).toBe('flip');
    expect(app.env.PAYMENT_GATEWAY_PROVIDER).toBe('xendit');
  });

  it("takes Xendit's payment callbacks (token checked), and no sandbox gateway's", async () => {
    const xenditCallback = await app.inject({
      method: 'POST',
      url: '/api/payments/callback/xendit',
      headers: { 'content-type': 'application/json', 'x-callback-token': 'not-the-token' },
      payload: '{}',
    });
    expect(xenditCallback.statusCode).toBe(401);
    for (const url of ['/api/payments/callback/sandbox', '/api/payments/callback/sandbox-midtrans']) {
      const sandbox = await call(app, { method: 'POST', url, payload: {} });
      expect(sandbox.res.statusCode).toBe(404);
    }
  });

  it("takes Flip's disbursement callbacks (token checked), and no sandbox bank's", async () => {
    const form = new URLSearchParams({ data: '{}', token: 'not-the-token' }).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const flipCallback = await app.inject({
      method: 'POST',
      url: '/api/payments/disbursement/callback/flip',
      headers,
      payload: form,
    });
    expect(flipCallback.statusCode).toBe(401);
    const sandbox = await call(app, {
      method: 'POST',
      url: '/api/payments/disbursement/callback/sandbox',
      payload: {},
    });
    expect(sandbox.res.statusCode).toBe(404);
  });

  it('serves the API and the web app', async () => {
    const landing = await call(app, { method: 'GET', url: '/api/v1/landing/example' });
    expect(landing.res.statusCode).toBe(200);
    expect(landing.body.code).toBe(200);

    for (const url of ['/', '/home/unaudited']) {
      const page = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(APP_SHELL);
    }
  });

  it('has no dev outbox, no demo shop and no /api/dev routes', async () => {
    // Not the app shell either: a page that looks like the app would read as present.
    const page = await app.inject({ method: 'GET', url: '/dev/outbox', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toBe(APP_SHELL);
    expect(app.commerce.demoShop).toBeNull();
    expect((await app.inject({ method: 'GET', url: '/dev/merchant' })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'POST', url: '/dev/merchant/webhook', payload: '{}' })).statusCode,
    ).toBe(404);
    for (const url of ['/api/dev/outbox', '/api/dev/captcha/abc']) {
      const { res, body } = await call(app, { method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(body.code).toBe(4040);
    }
  });

  it('publishes the API document but no docs page', async () => {
    const doc = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json<{ paths: Record<string, unknown> }>().paths['/api/v1/login']).toBeDefined();
    // Dev calls are not registered in production, so the document does not list them either.
    expect(doc.json<{ paths: Record<string, unknown> }>().paths['/api/dev/outbox']).toBeUndefined();
    const { res, body } = await call(app, { method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(404);
    expect(body.code).toBe(4040);
  });

  it('signs a borrower in with the code that went through the SMS gateway', async () => {
    const phone = newPhone();
    const token = await signInThroughGateway(phone);
    expect(token).toBeTruthy();
    // One SMS, through Zenziva's SMS path, to the borrower's phone: the login itself sends nothing.
    expect(gateway.requests).toHaveLength(1);
    expect(gateway.requests[0]?.path).toBe('/reguler/api/sendsms/');
    expect(gateway.delivered.map((sms) => sms.to)).toEqual([`62${phone.slice(1)}`]);
  });

  it('answers at once when the gateway keeps failing (the outbox retries later), and logs no phone, code or key', async () => {
    logLines.length = 0;
    gateway.script({ status: 500, answer: 'down' }, { status: 503, answer: 'down' });
    const phone = newPhone();
    const sent = await requestCode(app, phone);
    // The borrower never waits for the gateway: the code is queued with its delivery job in the request's transaction.
    expect(sent.res.statusCode).toBe(200);
    expect(sent.body.code).toBe(200);
    await app.jobs.whenIdle();
    expect(gateway.requests).toHaveLength(2);

    const code = /\b(\d{6})\b/.exec(gateway.requests[0]?.fields.message ?? '')?.[1];
    expect(code).toBeDefined();
    const log = logLines.join('');
    expect(log).toContain('gateway_unavailable');
    for (const secret of [phone.slice(1), code!, FAKE_SMS_KEYS.userkey, FAKE_SMS_KEYS.passkey])
      expect(log).not.toContain(secret);
  });

  it("checks the bank account with Flip: saved in the borrower's name, refused in another's, and nothing personal logged", async () => {
    const token = await signInThroughGateway();
    const upload = await uploadKtp(app, token, {
      filename: 'ktp.jpg',
      contentType: 'image/jpeg',
      bytes: await plainPhoto(),
    });
    expect(upload.body.code).toBe(200);
    expect((await post(app, token, '/v1/user/ktp', KTP)).body.code).toBe(200);

    const number = '7310024589';
    flip.openAccount('bca', number, 'BUDI SANTOSO');
    logLines.length = 0;
    const saveBank = async () =>
      (await post(app, token, '/v1/user/bank', { bank: 'BCA', card_num: number, name: KTP.name })).body;

    flip.script({ inquiry: 'SUCCESS', holder: 'ANDI WIJAYA' });
    expect((await saveBank()).code).toBe(4270);
    flip.script({ inquiry: 'CLOSED' });
    expect((await saveBank()).code).toBe(4271);
    flip.script({ inquiry: 'FAILED' });
    expect((await saveBank()).code).toBe(4272);

    const saved = await saveBank();
    expect(saved).toMatchObject({
      code: 200,
      data: { account: { bank: 'BCA', card_num_masked: '****4589', name: 'BUDI SANTOSO' } },
    });
    // The saved account, and the borrower's cards (this one, the default).
    expect((await get(app, token, '/v1/user/bank')).body.data).toMatchObject({
      ...saved.data,
      cards: [{ bank: 'BCA', card_num_masked: '****4589', is_default: true }],
    });
    expect(flip.requests).toHaveLength(4);
    expect(
      flip.requests.every((r) => r.fields.bank_code === 'bca' && r.fields.account_number === number),
    ).toBe(true);

    const log = logLines.join('');
    expect(log).toContain('bank_failed');
    for (const secret of [number, 'BUDI SANTOSO', 'ANDI WIJAYA', FAKE_FLIP_SECRET_KEY])
      expect(log).not.toContain(secret);
  });
});
