import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rupiah } from '@kaskita/domain/money/rupiah';
import { dynamicQris } from '../../src/providers/payment-gateway/qris-payload.ts';
import type {
  EwalletChargeRequest,
  EwalletCode,
  RetailOutlet,
  VirtualAccountBank,
} from '../../src/providers/payment-gateway/payment-gateway-provider.ts';
import {
  XENDIT_BANK_CODES,
  XENDIT_EWALLET_CHANNEL_CODES,
  XenditPaymentError,
  XenditPaymentGateway,
  XenditRefusedError,
  xenditName,
  type XenditConfig,
} from '../../src/providers/payment-gateway/xendit-payment-gateway.ts';
import { basicAuthOf } from '../helpers/fake-flip-gateway.ts';
import {
  EWALLET_CHARGE_PATH,
  ewalletCapturedCallback,
  FAKE_XENDIT_SECRET_KEY,
  PAYMENT_CODE_PATH,
  QR_CODE_PATH as QR_PATH,
  startFakeXenditGateway,
  VIRTUAL_ACCOUNT_PATH,
  type FakeXenditGateway,
  type XenditBehaviour,
} from '../helpers/fake-xendit-gateway.ts';
import { expectNoneOf, recordingLog, thrown, type LogLine } from '../helpers/provider-log.ts';

const EXTERNAL_ID = '0b9c6f1e-2d3a-4b5c-8d7e-6f5a4b3c2d1e';
const BORROWER = 'Siti Rahayu';
const DISPLAY_NAME = `KasKita ${BORROWER}`;
const EXPIRES_AT = new Date('2026-03-03T03:00:00.000Z');
const XENDIT_MESSAGE = 'name Siti Rahayu is not allowed';

let gateway: FakeXenditGateway;
beforeAll(async () => {
  gateway = await startFakeXenditGateway();
});
afterAll(() => gateway.close());
beforeEach(() => gateway.reset());

function provider(config: Partial<XenditConfig> = {}) {
  const { log, logs } = recordingLog();
  const xendit = new XenditPaymentGateway(
    { baseUrl: gateway.baseUrl, secretKey: FAKE_XENDIT_SECRET_KEY, timeoutMs: 2000, ...config },
    {
      log,
    },
  );
  return { xendit, logs };
}

const va = (bank: VirtualAccountBank = 'BCA', externalId = EXTERNAL_ID) => ({
  externalId,
  amount: rupiah(707_000),
  expiresAt: EXPIRES_AT,
  displayName: DISPLAY_NAME,
  bank,
});
const store = (outlet: RetailOutlet = 'ALFAMART') => ({
  externalId: EXTERNAL_ID,
  amount: rupiah(707_000),
  expiresAt: EXPIRES_AT,
  displayName: DISPLAY_NAME,
  outlet,
});

const SECRETS = [
  BORROWER,
  'Siti',
  'Rahayu',
  FAKE_XENDIT_SECRET_KEY,
  basicAuthOf(FAKE_XENDIT_SECRET_KEY).slice(6),
  XENDIT_MESSAGE,
  'is not allowed',
];

/** Neither log lines nor the error hold the borrower's name, the key or Xendit's message. */
function expectNothingPersonalOrSecret(logs: LogLine[], error?: unknown) {
  expectNoneOf(SECRETS, logs, error);
}

describe('Xendit gateway: who it is', () => {
  it('is a sandbox with a development key only', () => {
    expect(provider().xendit).toMatchObject({ kind: 'payment-gateway', name: 'xendit', sandbox: true });
    expect(provider({ secretKey: 'xnd_production_abc123' }).xendit.sandbox).toBe(false);
  });

  it('sends a name Xendit accepts: letters and spaces, at most 30, accents dropped; refuses what is left too short', () => {
    expect(xenditName('KasKita Siti Rahayu')).toBe('KasKita Siti Rahayu');
    expect(xenditName("KasKita Ni Luh Putu Ayu Kadek O'Brien-Śukma")).toBe('KasKita Ni Luh Putu Ayu Kadek');
    expect(xenditName('KasKita  Dr. Ahmad, S.Kom.')).toBe('KasKita Dr Ahmad S Kom');
    expect(xenditName('KasKita Ümit Çelik')).toBe('KasKita Umit Celik');
    expect(xenditName('Abcdefghijklmnopqrstuvwxyzabcdefghij')).toBe('Abcdefghijklmnopqrstuvwxyzabcd');
    expect(xenditName('A1 2')).toBeNull();
  });
});

describe('Xendit gateway: fixed virtual accounts', () => {
  it.each(Object.entries(XENDIT_BANK_CODES))(
    '%s: a closed single-use VA for the amount, Basic auth, the external id as idempotency key',
    async (bank, xenditBank) => {
      const { xendit, logs } = provider();
      const created = await xendit.createVirtualAccount(va(bank as VirtualAccountBank));

      expect(gateway.requests).toHaveLength(1);
      const [request] = gateway.requests;
      expect(request).toMatchObject({
        method: 'POST',
        path: VIRTUAL_ACCOUNT_PATH,
        authorization: basicAuthOf(FAKE_XENDIT_SECRET_KEY),
        idempotencyKey: EXTERNAL_ID,
      });
      expect(request?.contentType).toMatch(/^application\/json/);
      expect(Buffer.from(request!.authorization.slice(6), 'base64').toString()).toBe(
        `${FAKE_XENDIT_SECRET_KEY}:`,
      );
      expect(request?.body).toEqual({
        external_id: EXTERNAL_ID,
        bank_code: xenditBank,
        name: DISPLAY_NAME,
        expected_amount: 707_000,
        is_closed: true,
        is_single_use: true,
        expiration_date: '2026-03-03T03:00:00.000Z',
      });

      const issued = gateway.virtualAccounts[0]!;
      expect(created).toEqual({
        externalId: EXTERNAL_ID,
        bank,
        accountNumber: issued.account_number,
        // Mandiri is paid as a multipayment bill: Xendit's company code, then the whole VA number.
        billerCode: bank === 'MANDIRI' ? '88608' : null,
        amount: 707_000,
        expiresAt: EXPIRES_AT,
      });
      expect(logs).toEqual([]);
    },
  );

  it("takes Mandiri's biller code from Xendit's merchant_code, Xendit's published 88608 when it sends none", async () => {
    const { xendit } = provider();
    const answer = (changes: Record<string, unknown>) => ({
      answer: {
        external_id: EXTERNAL_ID,
        bank_code: 'MANDIRI',
        account_number: '886081234567890',
        expected_amount: 707_000,
        expiration_date: '2026-03-03T02:59:00.000Z',
        ...changes,
      },
    });
    gateway.script(answer({ merchant_code: '88908' }), answer({}));
    const named = await xendit.createVirtualAccount(va('MANDIRI'));
    expect(named.billerCode).toBe('88908');
    // Xendit's expiry is the one the bank enforces.
    expect(named.expiresAt).toEqual(new Date('2026-03-03T02:59:00.000Z'));
    expect((await xendit.createVirtualAccount(va('MANDIRI'))).billerCode).toBe('88608');
  });

  it('asking again with the same external id answers the same VA: Xendit made one', async () => {
    const { xendit } = provider();
    const first = await xendit.createVirtualAccount(va('BNI'));
    const again = await xendit.createVirtualAccount(va('BNI'));
    expect(again).toEqual(first);
    expect(gateway.requests.map((r) => r.idempotencyKey)).toEqual([EXTERNAL_ID, EXTERNAL_ID]);
    expect(gateway.virtualAccounts).toHaveLength(1);
    const other = await xendit.createVirtualAccount(va('BNI', 'another-external-id'));
    expect(other.accountNumber).not.toBe(first.accountNumber);
    expect(gateway.virtualAccounts).toHaveLength(2);
  });
});

describe('Xendit gateway: retail outlets', () => {
  it.each(['ALFAMART', 'INDOMARET'] as const)(
    '%s: a single-use payment code for the amount',
    async (outlet) => {
      const { xendit } = provider();
      const created = await xendit.createStorePaymentCode(store(outlet));
      const [request] = gateway.requests;
      expect(request).toMatchObject({
        method: 'POST',
        path: PAYMENT_CODE_PATH,
        authorization: basicAuthOf(FAKE_XENDIT_SECRET_KEY),
        idempotencyKey: EXTERNAL_ID,
      });
      expect(request?.body).toEqual({
        external_id: EXTERNAL_ID,
        retail_outlet_name: outlet,
        name: DISPLAY_NAME,
        expected_amount: 707_000,
        is_single_use: true,
        expiration_date: '2026-03-03T03:00:00.000Z',
      });
      expect(created).toEqual({
        externalId: EXTERNAL_ID,
        outlet,
        paymentCode: gateway.paymentCodes[0]!.payment_code,
        amount: 707_000,
        expiresAt: EXPIRES_AT,
      });
    },
  );
});

describe('Xendit gateway: failures', () => {
  const failing = async (behaviour: XenditBehaviour | null, config: Partial<XenditConfig> = {}) => {
    const { xendit, logs } = provider(config);
    if (behaviour) gateway.script(behaviour);
    const error = await thrown(xendit.createVirtualAccount(va()));
    expect(error).toBeInstanceOf(XenditPaymentError);
    expectNothingPersonalOrSecret(logs, error);
    return { error: error as XenditPaymentError, logs };
  };

  it('a time-out is retryable, within the configured time', async () => {
    const started = Date.now();
    const { error, logs } = await failing('hang', { timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toMatchObject({ reason: 'timeout', retryable: true, httpStatus: null });
    expect(logs).toEqual([
      {
        level: 'warn',
        fields: {
          provider: 'xendit',
          kind: 'payment-gateway',
          channel: 'BCA',
          externalId: EXTERNAL_ID,
          reason: 'timeout',
        },
        message: 'Xendit gave no payment code',
      },
    ]);
  });

  it('a dropped connection, a 5xx and a 429 are retryable', async () => {
    expect((await failing('drop')).error).toMatchObject({ reason: 'network', retryable: true });
    const down = await failing({
      status: 503,
      answer: { error_code: 'SERVER_ERROR', message: XENDIT_MESSAGE },
    });
    expect(down.error).toMatchObject({
      reason: 'gateway_unavailable',
      retryable: true,
      httpStatus: 503,
      xenditCode: 'SERVER_ERROR',
    });
    expect(down.error.message).toBe(
      'Xendit gave no payment code: gateway_unavailable (HTTP 503, SERVER_ERROR)',
    );
    expect((await failing({ status: 502, answer: '<html>Bad gateway</html>' })).error).toMatchObject({
      reason: 'gateway_unavailable',
      httpStatus: 502,
    });
    expect(
      (await failing({ status: 429, answer: { error_code: 'RATE_LIMIT_EXCEEDED', message: 'slow down' } }))
        .error,
    ).toMatchObject({ reason: 'rate_limited', retryable: true, httpStatus: 429 });
  });

  it('a refused key is an operator fault, logged as an error', async () => {
    const { error, logs } = await failing(null, { secretKey: 'xnd_development_not-the-key' });
    expect(error).toMatchObject({ reason: 'credentials', httpStatus: 401, xenditCode: 'INVALID_API_KEY' });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ level: 'error', fields: { reason: 'credentials', httpStatus: 401 } });
    expect(logs[0]?.message).toMatch(/XENDIT_SECRET_KEY/);
    const forbidden = await failing({
      status: 403,
      answer: { error_code: 'REQUEST_FORBIDDEN_ERROR', message: 'no write permission' },
    });
    expect(forbidden.error).toMatchObject({ reason: 'credentials', httpStatus: 403 });
    expect(forbidden.logs[0]?.level).toBe('error');
  });

  it("a 400 with Xendit's error_code is a refusal carrying the code, never Xendit's message", async () => {
    const { error, logs } = await failing({
      status: 400,
      answer: { error_code: 'CALLBACK_VIRTUAL_ACCOUNT_NAME_NOT_ALLOWED_ERROR', message: XENDIT_MESSAGE },
    });
    expect(error).toBeInstanceOf(XenditRefusedError);
    expect(error).toMatchObject({
      reason: 'refused',
      retryable: false,
      httpStatus: 400,
      xenditCode: 'CALLBACK_VIRTUAL_ACCOUNT_NAME_NOT_ALLOWED_ERROR',
    });
    expect(logs).toEqual([
      expect.objectContaining({
        level: 'warn',
        fields: expect.objectContaining({ xenditCode: 'CALLBACK_VIRTUAL_ACCOUNT_NAME_NOT_ALLOWED_ERROR' }),
      }),
    ]);
  });

  it('a bank not activated at Xendit is a refusal the operator must fix, logged as an error', async () => {
    const { error, logs } = await failing({
      status: 400,
      answer: {
        error_code: 'BANK_NOT_SUPPORTED_ERROR',
        message: 'That bank code is not currently supported',
      },
    });
    expect(error).toBeInstanceOf(XenditRefusedError);
    expect(logs[0]).toMatchObject({ level: 'error', fields: { xenditCode: 'BANK_NOT_SUPPORTED_ERROR' } });
    expect(logs[0]?.message).toMatch(/activate it in the Xendit dashboard/);
  });

  it('a duplicate is retryable with a new external id: Xendit holds a code whose answer was lost', async () => {
    const { error } = await failing({
      status: 400,
      answer: { error_code: 'DUPLICATE_CALLBACK_VIRTUAL_ACCOUNT_ERROR', message: 'already exists' },
    });
    expect(error).toMatchObject({ reason: 'duplicate', retryable: true });
    expect(error).not.toBeInstanceOf(XenditRefusedError);
    expect(
      (await failing({ status: 409, answer: { error_code: 'IDEMPOTENCY_KEY_CONFLICT' } })).error,
    ).toMatchObject({
      reason: 'duplicate',
      httpStatus: 409,
    });
  });

  it('never shows a VA Xendit answered for another external id or amount, or an unreadable answer', async () => {
    const answer = (changes: Record<string, unknown>) => ({
      answer: {
        external_id: EXTERNAL_ID,
        bank_code: 'BCA',
        account_number: '107661234567890',
        expected_amount: 707_000,
        ...changes,
      },
    });
    for (const behaviour of [
      answer({ external_id: 'someone-else' }),
      answer({ expected_amount: 1_000 }),
      answer({ account_number: 'not-a-number' }),
      answer({ bank_code: 'BNI' }),
      { answer: '<html>ok</html>' },
      { status: 302, answer: '' },
    ])
      expect((await failing(behaviour)).error).toMatchObject({
        reason: 'unexpected_answer',
        retryable: true,
      });
  });

  it('a name without three letters is refused before anything is sent', async () => {
    const { xendit, logs } = provider();
    const error = await thrown(xendit.createStorePaymentCode({ ...store(), displayName: '12 .' }));
    expect(error).toBeInstanceOf(XenditRefusedError);
    expect(error).toMatchObject({ reason: 'name_not_usable' });
    expect(gateway.requests).toEqual([]);
    expect(logs[0]?.fields).toMatchObject({ channel: 'ALFAMART', reason: 'name_not_usable' });
  });
});

describe('Xendit gateway: QR codes', () => {
  let qr: FakeXenditGateway;
  beforeAll(async () => {
    qr = await startFakeXenditGateway();
  });
  afterAll(() => qr.close());
  beforeEach(() => qr.reset());

  const qrProvider = (config: Partial<XenditConfig> = {}) => provider({ baseUrl: qr.baseUrl, ...config });
  const code = (externalId = EXTERNAL_ID) => ({
    externalId,
    amount: rupiah(707_000),
    expiresAt: EXPIRES_AT,
    displayName: DISPLAY_NAME,
  });
  const answer = (changes: Record<string, unknown>) => ({
    status: 201,
    answer: {
      id: 'qr_6c1b5b5e-3f0a-4d2e-9c1b-5a7e2f4d8c90',
      reference_id: EXTERNAL_ID,
      business_id: '5f2b4d8e9c1a3b0012345678',
      type: 'DYNAMIC',
      currency: 'IDR',
      amount: 707_000,
      channel_code: 'ID_DANA',
      status: 'ACTIVE',
      qr_string: dynamicQris({ amount: rupiah(707_000), reference: EXTERNAL_ID, nmid: 'ID1020021181745' }),
      expires_at: '2026-03-03T03:00:00.000Z',
      ...changes,
    },
  });

  it('a dynamic IDR code for the amount, api-version 2022-07-31, the external id as reference and idempotency key, no name', async () => {
    const { xendit, logs } = qrProvider();
    const created = await xendit.createQrCode(code());

    expect(qr.requests).toHaveLength(1);
    const [request] = qr.requests;
    expect(request).toMatchObject({ method: 'POST', path: QR_PATH });
    expect(request?.headers).toMatchObject({
      authorization: basicAuthOf(FAKE_XENDIT_SECRET_KEY),
      'api-version': '2022-07-31',
      'idempotency-key': EXTERNAL_ID,
    });
    expect(request?.headers['content-type']).toMatch(/^application\/json/);
    expect(request?.headers).not.toHaveProperty('x-idempotency-key');
    expect(request?.body).toEqual({
      reference_id: EXTERNAL_ID,
      type: 'DYNAMIC',
      currency: 'IDR',
      amount: 707_000,
      expires_at: '2026-03-03T03:00:00.000Z',
    });
    // A QRIS code shows the merchant's registered name: the borrower's goes nowhere.
    expect(JSON.stringify(request)).not.toContain('Siti');

    const issued = qr.qrCodes[0]!;
    expect(issued.qr_string).toMatch(/^000201/);
    expect(created).toEqual({
      externalId: EXTERNAL_ID,
      qrString: issued.qr_string,
      amount: 707_000,
      expiresAt: EXPIRES_AT,
    });
    expect(logs).toEqual([]);
  });

  it("takes Xendit's expires_at, ours when it sends none it can read", async () => {
    const { xendit } = qrProvider();
    qr.script(
      answer({ expires_at: '2026-03-03T02:45:00.000Z' }),
      answer({ expires_at: 'soon' }),
      answer({ expires_at: undefined }),
    );
    expect((await xendit.createQrCode(code())).expiresAt).toEqual(new Date('2026-03-03T02:45:00.000Z'));
    expect((await xendit.createQrCode(code())).expiresAt).toEqual(EXPIRES_AT);
    expect((await xendit.createQrCode(code())).expiresAt).toEqual(EXPIRES_AT);
  });

  it('reads an answer without the optional amount and currency', async () => {
    const { xendit } = qrProvider();
    qr.script(answer({ amount: undefined, currency: undefined }));
    expect(await xendit.createQrCode(code())).toMatchObject({ externalId: EXTERNAL_ID, amount: 707_000 });
  });

  it('asking again with the same external id answers the same code: Xendit made one', async () => {
    const { xendit } = qrProvider();
    const first = await xendit.createQrCode(code());
    expect(await xendit.createQrCode(code())).toEqual(first);
    expect(qr.qrCodes).toHaveLength(1);
    expect((await xendit.createQrCode(code('another-external-id'))).qrString).not.toBe(first.qrString);
    expect(qr.qrCodes).toHaveLength(2);
  });

  const failing = async (behaviour: XenditBehaviour | null, config: Partial<XenditConfig> = {}) => {
    const { xendit, logs } = qrProvider(config);
    if (behaviour) qr.script(behaviour);
    const error = await thrown(xendit.createQrCode(code()));
    expect(error).toBeInstanceOf(XenditPaymentError);
    expectNothingPersonalOrSecret(logs, error);
    return { error: error as XenditPaymentError, logs };
  };

  it('never shows a code Xendit answered for another reference or amount, or without a QRIS qr_string', async () => {
    for (const behaviour of [
      answer({ reference_id: 'someone-else' }),
      answer({ reference_id: undefined, external_id: EXTERNAL_ID }),
      answer({ amount: 1_000 }),
      answer({ amount: '707000' }),
      answer({ currency: 'USD' }),
      answer({ qr_string: undefined }),
      answer({ qr_string: 42 }),
      answer({ qr_string: '' }),
      answer({ qr_string: 'https://pay.example/qr_123456789' }),
      answer({ qr_string: '0002010102' }),
      answer({ qr_string: `000201${'9'.repeat(507)}` }),
      answer({ qr_string: '00020101021226\n5800ID5907KASKITA' }),
      answer({ qr_string: '000201010212265800ID5907KASKITÄ' }),
      { answer: '<html>ok</html>' },
      { status: 302, answer: '' },
    ]) {
      const { error, logs } = await failing(behaviour);
      expect(error).toMatchObject({ reason: 'unexpected_answer', retryable: true });
      expect(logs).toEqual([
        expect.objectContaining({
          level: 'warn',
          fields: expect.objectContaining({ channel: 'QRIS', externalId: EXTERNAL_ID }),
        }),
      ]);
    }
    // The longest payload taken, for contrast: 512 printable characters.
    qr.script(answer({ qr_string: `000201${'9'.repeat(506)}` }));
    expect((await qrProvider().xendit.createQrCode(code())).qrString).toHaveLength(512);
  });

  it('a refused key is an operator fault, logged as an error', async () => {
    const { error, logs } = await failing(null, { secretKey: 'xnd_development_not-the-key' });
    expect(error).toMatchObject({ reason: 'credentials', httpStatus: 401, xenditCode: 'INVALID_API_KEY' });
    expect(error).not.toBeInstanceOf(XenditRefusedError);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ level: 'error', fields: { channel: 'QRIS', reason: 'credentials' } });
    expect(logs[0]?.message).toMatch(/XENDIT_SECRET_KEY/);
  });

  it('a duplicate is retryable with a new external id', async () => {
    const conflict = await failing({
      status: 409,
      answer: { error_code: 'DUPLICATE_ERROR', message: 'exists' },
    });
    expect(conflict.error).toMatchObject({
      reason: 'duplicate',
      retryable: true,
      httpStatus: 409,
      xenditCode: 'DUPLICATE_ERROR',
    });
    expect(conflict.error).not.toBeInstanceOf(XenditRefusedError);
    const duplicate = await failing({
      status: 400,
      answer: { error_code: 'DUPLICATE_ERROR', message: 'exists' },
    });
    expect(duplicate.error).toMatchObject({ reason: 'duplicate', retryable: true });
  });

  it("a 400 with Xendit's error_code is a refusal carrying the code, never Xendit's message", async () => {
    const { error, logs } = await failing({
      status: 400,
      answer: { error_code: 'API_VALIDATION_ERROR', message: XENDIT_MESSAGE },
    });
    expect(error).toBeInstanceOf(XenditRefusedError);
    expect(error).toMatchObject({
      reason: 'refused',
      retryable: false,
      httpStatus: 400,
      xenditCode: 'API_VALIDATION_ERROR',
    });
    expect(logs).toEqual([
      expect.objectContaining({
        level: 'warn',
        fields: expect.objectContaining({ channel: 'QRIS', xenditCode: 'API_VALIDATION_ERROR' }),
      }),
    ]);

    // QRIS not activated for the account: only the dashboard fixes it.
    const notActivated = await failing({
      status: 400,
      answer: { error_code: 'CHANNEL_NOT_ACTIVATED', message: 'QRIS is not activated' },
    });
    expect(notActivated.error).toBeInstanceOf(XenditRefusedError);
    expect(notActivated.logs[0]).toMatchObject({
      level: 'error',
      fields: { xenditCode: 'CHANNEL_NOT_ACTIVATED' },
    });
    expect(notActivated.logs[0]?.message).toMatch(/activate it in the Xendit dashboard/);
  });

  it('a 5xx, a dropped connection and a time-out are retryable', async () => {
    const down = await failing({
      status: 500,
      answer: { error_code: 'SERVER_ERROR', message: XENDIT_MESSAGE },
    });
    expect(down.error).toMatchObject({
      reason: 'gateway_unavailable',
      retryable: true,
      httpStatus: 500,
      xenditCode: 'SERVER_ERROR',
    });
    expect((await failing('drop')).error).toMatchObject({ reason: 'network', retryable: true });

    const started = Date.now();
    const { error, logs } = await failing('hang', { timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toMatchObject({ reason: 'timeout', retryable: true, httpStatus: null });
    expect(logs).toEqual([
      {
        level: 'warn',
        fields: {
          provider: 'xendit',
          kind: 'payment-gateway',
          channel: 'QRIS',
          externalId: EXTERNAL_ID,
          reason: 'timeout',
        },
        message: 'Xendit gave no payment code',
      },
    ]);
  });
});

describe('Xendit gateway: e-wallet charges', () => {
  let wallets: FakeXenditGateway;
  beforeAll(async () => {
    wallets = await startFakeXenditGateway();
  });
  afterAll(() => wallets.close());
  beforeEach(() => wallets.reset());

  const PHONE = '+6281234567890';
  const RETURN_URL = 'https://kaskita.example/repay/return?code=0b9c6f1e';
  const WALLET_SECRETS = [...SECRETS, PHONE, '81234567890'];
  const walletProvider = (config: Partial<XenditConfig> = {}) =>
    provider({ baseUrl: wallets.baseUrl, ...config });
  const charge = (
    wallet: EwalletCode,
    changes: Partial<EwalletChargeRequest> = {},
  ): EwalletChargeRequest => ({
    externalId: EXTERNAL_ID,
    amount: rupiah(707_000),
    expiresAt: EXPIRES_AT,
    displayName: DISPLAY_NAME,
    wallet,
    mobileNumber: wallet === 'OVO' ? PHONE : null,
    returnUrl: RETURN_URL,
    ...changes,
  });
  /** What Xendit answers for a charge of 707,000 by `wallet`: DANA's pages, ShopeePay's app link, OVO's push. */
  const answer = (wallet: EwalletCode, changes: Record<string, unknown> = {}) => ({
    status: wallet === 'OVO' ? 202 : 200,
    answer: {
      id: 'ewc_6c1b5b5e-3f0a-4d2e-9c1b-5a7e2f4d8c90',
      business_id: '5f2b4d8e9c1a3b0012345678',
      reference_id: EXTERNAL_ID,
      status: 'PENDING',
      currency: 'IDR',
      charge_amount: 707_000,
      capture_amount: 707_000,
      checkout_method: 'ONE_TIME_PAYMENT',
      channel_code: XENDIT_EWALLET_CHANNEL_CODES[wallet],
      channel_properties: {},
      actions:
        wallet === 'OVO'
          ? null
          : wallet === 'DANA'
            ? {
                desktop_web_checkout_url: 'https://link.dana.id/pay/desktop-123',
                mobile_web_checkout_url: 'https://link.dana.id/pay/mobile-123',
                mobile_deeplink_checkout_url: null,
                qr_checkout_string: null,
              }
            : {
                desktop_web_checkout_url: null,
                mobile_web_checkout_url: null,
                mobile_deeplink_checkout_url: 'shopeeid://main?apprl=ewc_123',
                qr_checkout_string: 'some-qr-string',
              },
      is_redirect_required: wallet !== 'OVO',
      callback_url: 'https://kaskita.example/api/payments/callback/xendit-ewallet',
      created: '2026-03-02T03:00:00.000Z',
      updated: '2026-03-02T03:00:00.000Z',
      ...changes,
    },
  });
  const actions = (changes: Record<string, unknown>) => ({
    desktop_web_checkout_url: null,
    mobile_web_checkout_url: null,
    mobile_deeplink_checkout_url: null,
    qr_checkout_string: null,
    ...changes,
  });

  it.each([
    ['DANA', 'ID_DANA', { success_redirect_url: RETURN_URL, failure_redirect_url: RETURN_URL }],
    ['SHOPEEPAY', 'ID_SHOPEEPAY', { success_redirect_url: RETURN_URL, failure_redirect_url: RETURN_URL }],
    ['LINKAJA', 'ID_LINKAJA', { success_redirect_url: RETURN_URL, failure_redirect_url: RETURN_URL }],
    ['ASTRAPAY', 'ID_ASTRAPAY', { success_redirect_url: RETURN_URL, failure_redirect_url: RETURN_URL }],
    ['SAKUKU', 'ID_SAKUKU', { success_redirect_url: RETURN_URL, failure_redirect_url: RETURN_URL }],
    ['OVO', 'ID_OVO', { mobile_number: PHONE }],
  ] as const)(
    '%s: a one-time IDR charge for the amount as %s, our external id as reference, no name, no idempotency header',
    async (wallet, channelCode, channelProperties) => {
      const { xendit, logs } = walletProvider();
      const created = await xendit.createEwalletCharge(charge(wallet));

      expect(wallets.requests).toHaveLength(1);
      const [request] = wallets.requests;
      expect(request).toMatchObject({
        method: 'POST',
        path: EWALLET_CHARGE_PATH,
        authorization: basicAuthOf(FAKE_XENDIT_SECRET_KEY),
      });
      expect(EWALLET_CHARGE_PATH).toBe('/ewallets/charges');
      expect(request?.contentType).toMatch(/^application\/json/);
      // Xendit's e-wallet API has no idempotency key: it refuses a repeated reference_id instead.
      expect(request?.headers).not.toHaveProperty('x-idempotency-key');
      expect(request?.headers).not.toHaveProperty('idempotency-key');
      expect(request?.headers).not.toHaveProperty('api-version');
      expect(request?.body).toEqual({
        reference_id: EXTERNAL_ID,
        currency: 'IDR',
        amount: 707_000,
        checkout_method: 'ONE_TIME_PAYMENT',
        channel_code: channelCode,
        channel_properties: channelProperties,
      });
      // The wallet shows the merchant's registered name: the borrower's goes nowhere.
      expect(JSON.stringify(request)).not.toContain('Siti');

      const issued = wallets.ewalletCharges[0]!;
      expect(issued.reference_id).toBe(EXTERNAL_ID);
      expect(created).toEqual({
        externalId: EXTERNAL_ID,
        wallet,
        // The redirect wallets: their mobile page (not the desktop one); ShopeePay: its app link; OVO pushes to the app.
        checkoutUrl:
          wallet === 'OVO'
            ? null
            : wallet === 'SHOPEEPAY'
              ? `shopeeid://main?apprl=${issued.id}`
              : `https://m.${wallet.toLowerCase()}.fake/checkout/${issued.id}`,
        amount: 707_000,
        expiresAt: EXPIRES_AT,
      });
      expect(logs).toEqual([]);
    },
  );

  it('sends the phone to OVO only: a redirect wallet given one sends the return page alone', async () => {
    const { xendit } = walletProvider();
    await xendit.createEwalletCharge(charge('DANA', { mobileNumber: PHONE }));
    expect(wallets.requests[0]?.body.channel_properties).toEqual({
      success_redirect_url: RETURN_URL,
      failure_redirect_url: RETURN_URL,
    });
    expect(JSON.stringify(wallets.requests[0])).not.toContain('81234567890');
  });

  it('takes an OVO phone of +62 and 8 to 13 digits', async () => {
    const { xendit } = walletProvider();
    for (const [i, mobileNumber] of ['+6281234567', '+628123456789012'].entries()) {
      await xendit.createEwalletCharge(charge('OVO', { mobileNumber, externalId: `ovo-${i}` }));
      expect(wallets.requests[i]?.body.channel_properties).toEqual({ mobile_number: mobileNumber });
    }
  });

  it('refuses OVO without a usable phone before anything is sent, and never logs the number', async () => {
    for (const mobileNumber of [
      null,
      '',
      '081234567890',
      '6281234567890',
      '+62 812 3456 7890',
      '+628123456',
      '+6281234567890123',
      '+6581234567',
      '+62812345678a',
    ]) {
      const { xendit, logs } = walletProvider();
      const error = await thrown(xendit.createEwalletCharge(charge('OVO', { mobileNumber })));
      expect(error).toBeInstanceOf(XenditRefusedError);
      expect(error).toMatchObject({ reason: 'phone_not_usable', retryable: false, httpStatus: null });
      expect(logs).toEqual([
        {
          level: 'warn',
          fields: {
            provider: 'xendit',
            kind: 'payment-gateway',
            channel: 'OVO',
            externalId: EXTERNAL_ID,
            reason: 'phone_not_usable',
          },
          message: 'Xendit gave no payment code',
        },
      ]);
      if (mobileNumber) expectNoneOf([mobileNumber, mobileNumber.replace(/\D/g, '')], logs, error);
    }
    expect(wallets.requests).toEqual([]);
  });

  it("reads each wallet's answer: the mobile page, else the app link, else the desktop page; OVO none", async () => {
    const { xendit } = walletProvider();
    const checkoutUrl = async (wallet: EwalletCode, changes: Record<string, unknown>) => {
      wallets.script(answer(wallet, changes));
      return (await xendit.createEwalletCharge(charge(wallet))).checkoutUrl;
    };
    expect(await checkoutUrl('DANA', {})).toBe('https://link.dana.id/pay/mobile-123');
    expect(await checkoutUrl('SHOPEEPAY', {})).toBe('shopeeid://main?apprl=ewc_123');
    const all = {
      desktop_web_checkout_url: 'https://wallet.example/desktop',
      mobile_web_checkout_url: 'https://wallet.example/mobile',
      mobile_deeplink_checkout_url: 'walletapp://pay?id=1',
    };
    expect(await checkoutUrl('SHOPEEPAY', { actions: actions(all) })).toBe('https://wallet.example/mobile');
    expect(
      await checkoutUrl('DANA', { actions: actions({ ...all, mobile_web_checkout_url: undefined }) }),
    ).toBe('walletapp://pay?id=1');
    expect(
      await checkoutUrl('DANA', {
        actions: actions({ ...all, mobile_web_checkout_url: null, mobile_deeplink_checkout_url: null }),
      }),
    ).toBe('https://wallet.example/desktop');
    // An app link may also be an https universal link.
    expect(
      await checkoutUrl('SHOPEEPAY', {
        actions: actions({ mobile_deeplink_checkout_url: 'https://shopee.co.id/universal-link/pay?id=1' }),
      }),
    ).toBe('https://shopee.co.id/universal-link/pay?id=1');
    // OVO pushes: whatever `actions` holds, there is no page to send the borrower to.
    expect(await checkoutUrl('OVO', {})).toBeNull();
    expect(await checkoutUrl('OVO', { actions: actions(all) })).toBeNull();
  });

  it('takes an answer already SUCCEEDED, or without the optional amount, currency, channel and status', async () => {
    const { xendit } = walletProvider();
    wallets.script(
      answer('DANA', { status: 'SUCCEEDED' }),
      answer('OVO', {
        charge_amount: undefined,
        currency: undefined,
        channel_code: undefined,
        status: undefined,
      }),
    );
    expect(await xendit.createEwalletCharge(charge('DANA'))).toMatchObject({
      externalId: EXTERNAL_ID,
      checkoutUrl: 'https://link.dana.id/pay/mobile-123',
    });
    // Xendit sends no expiry for a charge: it is the one asked for.
    expect(await xendit.createEwalletCharge(charge('OVO'))).toEqual({
      externalId: EXTERNAL_ID,
      wallet: 'OVO',
      checkoutUrl: null,
      amount: 707_000,
      expiresAt: EXPIRES_AT,
    });
  });

  const failing = async (
    behaviour: XenditBehaviour | null,
    wallet: EwalletCode = 'DANA',
    config: Partial<XenditConfig> = {},
  ) => {
    const { xendit, logs } = walletProvider(config);
    if (behaviour) wallets.script(behaviour);
    const error = await thrown(xendit.createEwalletCharge(charge(wallet)));
    expect(error).toBeInstanceOf(XenditPaymentError);
    expectNoneOf(WALLET_SECRETS, logs, error);
    return { error: error as XenditPaymentError, logs };
  };

  it('never shows a charge Xendit answered for another reference, amount, channel or currency, or a failed one', async () => {
    const cases: [EwalletCode, Record<string, unknown>][] = [
      ['DANA', { reference_id: 'someone-else' }],
      ['DANA', { reference_id: undefined, external_id: EXTERNAL_ID }],
      ['OVO', { reference_id: 'someone-else' }],
      ['DANA', { charge_amount: 1_000 }],
      ['DANA', { charge_amount: '707000' }],
      ['OVO', { charge_amount: 7_070_000 }],
      ['DANA', { channel_code: 'ID_SHOPEEPAY' }],
      ['OVO', { channel_code: 'ID_DANA' }],
      ['SHOPEEPAY', { currency: 'PHP' }],
      ['DANA', { status: 'FAILED' }],
      ['OVO', { status: 'FAILED', failure_code: 'USER_DECLINED_PAYMENT' }],
      ['SHOPEEPAY', { status: 'VOIDED' }],
    ];
    for (const [wallet, changes] of cases) {
      const { error, logs } = await failing(answer(wallet, changes), wallet);
      expect(error).toMatchObject({ reason: 'unexpected_answer', retryable: true });
      expect(logs).toEqual([
        expect.objectContaining({
          level: 'warn',
          fields: expect.objectContaining({ channel: wallet, externalId: EXTERNAL_ID }),
        }),
      ]);
    }
  });

  it('never sends the borrower to a page that is not https, or to an app link a browser would run', async () => {
    const cases: [EwalletCode, Record<string, unknown> | null][] = [
      ['DANA', null],
      ['DANA', {}],
      ['SHOPEEPAY', actions({})],
      ['DANA', actions({ mobile_web_checkout_url: 'javascript:alert(document.cookie)' })],
      ['DANA', actions({ mobile_web_checkout_url: 'http://link.dana.id/pay/mobile-123' })],
      ['DANA', actions({ desktop_web_checkout_url: 'http://link.dana.id/pay/desktop-123' })],
      ['DANA', actions({ mobile_web_checkout_url: 'https://link.dana.id/pay me' })],
      ['DANA', actions({ mobile_web_checkout_url: ' https://link.dana.id/pay' })],
      ['DANA', actions({ mobile_web_checkout_url: 'https://link.dana.id/bayar-ä' })],
      ['DANA', actions({ mobile_web_checkout_url: `https://link.dana.id/${'a'.repeat(2030)}` })],
      ['DANA', actions({ mobile_web_checkout_url: 42 })],
      ['DANA', actions({ mobile_web_checkout_url: '' })],
      // An app's own scheme is taken from the app link only, not as a web page.
      ['DANA', actions({ mobile_web_checkout_url: 'danaapp://pay?id=1' })],
      // The first address offered decides: a bad one is not passed over for the next.
      [
        'DANA',
        actions({
          mobile_web_checkout_url: 'http://link.dana.id/pay/mobile-123',
          desktop_web_checkout_url: 'https://link.dana.id/pay/desktop-123',
        }),
      ],
      ['SHOPEEPAY', actions({ mobile_deeplink_checkout_url: 'javascript:alert(1)' })],
      ['SHOPEEPAY', actions({ mobile_deeplink_checkout_url: 'JavaScript:alert(1)' })],
      ['SHOPEEPAY', actions({ mobile_deeplink_checkout_url: 'data:text/html,<script>alert(1)</script>' })],
      ['SHOPEEPAY', actions({ mobile_deeplink_checkout_url: 'file:///etc/passwd' })],
      ['SHOPEEPAY', actions({ mobile_deeplink_checkout_url: 'http://shopee.co.id/pay' })],
      ['SHOPEEPAY', actions({ mobile_deeplink_checkout_url: 'shopeeid' })],
      ['SHOPEEPAY', actions({ mobile_deeplink_checkout_url: '1shopee://main' })],
      ['SHOPEEPAY', actions({ mobile_deeplink_checkout_url: 'shopee id://main' })],
    ];
    for (const [wallet, offered] of cases) {
      const { error } = await failing(answer(wallet, { actions: offered }), wallet);
      expect(error, JSON.stringify(offered)).toMatchObject({ reason: 'unexpected_answer' });
    }
  });

  it('asking again with the same external id is refused as a duplicate: the next try needs a new one', async () => {
    const { xendit } = walletProvider();
    await xendit.createEwalletCharge(charge('SHOPEEPAY'));
    const error = await thrown(xendit.createEwalletCharge(charge('SHOPEEPAY')));
    expect(error).toMatchObject({
      reason: 'duplicate',
      retryable: true,
      httpStatus: 400,
      xenditCode: 'DUPLICATE_ERROR',
    });
    expect(error).not.toBeInstanceOf(XenditRefusedError);
    await xendit.createEwalletCharge(charge('SHOPEEPAY', { externalId: 'another-external-id' }));
    expect(wallets.ewalletCharges.map((c) => c.reference_id)).toEqual([EXTERNAL_ID, 'another-external-id']);
  });

  it('a 400 or 409 DUPLICATE_ERROR is a duplicate, retryable with a new external id', async () => {
    for (const status of [400, 409]) {
      const { error } = await failing(
        { status, answer: { error_code: 'DUPLICATE_ERROR', message: 'exists' } },
        'OVO',
      );
      expect(error).toMatchObject({ reason: 'duplicate', retryable: true, httpStatus: status });
      expect(error).not.toBeInstanceOf(XenditRefusedError);
    }
  });

  it('a refused key is an operator fault, logged as an error', async () => {
    const { error, logs } = await failing(null, 'OVO', { secretKey: 'xnd_development_not-the-key' });
    expect(error).toMatchObject({ reason: 'credentials', httpStatus: 401, xenditCode: 'INVALID_API_KEY' });
    expect(error).not.toBeInstanceOf(XenditRefusedError);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ level: 'error', fields: { channel: 'OVO', reason: 'credentials' } });
    expect(logs[0]?.message).toMatch(/XENDIT_SECRET_KEY/);
  });

  it("a 400 API_VALIDATION_ERROR is a refusal carrying the code, never Xendit's message", async () => {
    const { error, logs } = await failing({
      status: 400,
      answer: { error_code: 'API_VALIDATION_ERROR', message: `${XENDIT_MESSAGE} ${PHONE}` },
    });
    expect(error).toBeInstanceOf(XenditRefusedError);
    expect(error).toMatchObject({
      reason: 'refused',
      retryable: false,
      httpStatus: 400,
      xenditCode: 'API_VALIDATION_ERROR',
    });
    expect(logs).toEqual([
      expect.objectContaining({
        level: 'warn',
        fields: expect.objectContaining({ channel: 'DANA', xenditCode: 'API_VALIDATION_ERROR' }),
      }),
    ]);

    // An amount Xendit does not take (IDR 100 to 20,000,000) is its refusal too.
    for (const amount of [99, 20_000_001]) {
      const { xendit } = walletProvider();
      const refused = await thrown(xendit.createEwalletCharge(charge('DANA', { amount: rupiah(amount) })));
      expect(refused).toBeInstanceOf(XenditRefusedError);
      expect(refused).toMatchObject({ httpStatus: 400, xenditCode: 'API_VALIDATION_ERROR' });
    }
  });

  it('a wallet not activated, no callback URL, or the wallet refusing Xendit: refusals for the dashboard', async () => {
    for (const [status, code, message] of [
      [403, 'CHANNEL_NOT_ACTIVATED', /activate it in the Xendit dashboard/],
      [404, 'CALLBACK_URL_NOT_FOUND', /callback URL in the Xendit dashboard/],
      [401, 'INVALID_MERCHANT_CREDENTIALS', /Xendit's support/],
    ] as const) {
      const { error, logs } = await failing({ status, answer: { error_code: code, message: 'no' } }, 'OVO');
      expect(error).toBeInstanceOf(XenditRefusedError);
      expect(error).toMatchObject({
        reason: 'refused',
        retryable: false,
        httpStatus: status,
        xenditCode: code,
      });
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ level: 'error', fields: { channel: 'OVO', xenditCode: code } });
      expect(logs[0]?.message).toMatch(message);
    }
  });

  it('a 5xx, a 429, a dropped connection and a time-out are retryable', async () => {
    const down = await failing(
      { status: 503, answer: { error_code: 'CHANNEL_UNAVAILABLE', message: XENDIT_MESSAGE } },
      'SHOPEEPAY',
    );
    expect(down.error).toMatchObject({
      reason: 'gateway_unavailable',
      retryable: true,
      httpStatus: 503,
      xenditCode: 'CHANNEL_UNAVAILABLE',
    });
    expect(
      (await failing({ status: 500, answer: { error_code: 'SERVER_ERROR' } }, 'OVO')).error,
    ).toMatchObject({ reason: 'gateway_unavailable', retryable: true, httpStatus: 500 });
    expect(
      (await failing({ status: 429, answer: { error_code: 'RATE_LIMIT_EXCEEDED' } }, 'DANA')).error,
    ).toMatchObject({ reason: 'rate_limited', retryable: true });
    expect((await failing('drop', 'OVO')).error).toMatchObject({ reason: 'network', retryable: true });

    const started = Date.now();
    const { error, logs } = await failing('hang', 'OVO', { timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toMatchObject({ reason: 'timeout', retryable: true, httpStatus: null });
    expect(logs).toEqual([
      {
        level: 'warn',
        fields: {
          provider: 'xendit',
          kind: 'payment-gateway',
          channel: 'OVO',
          externalId: EXTERNAL_ID,
          reason: 'timeout',
        },
        message: 'Xendit gave no payment code',
      },
    ]);
  });

  it('the stand-in refuses what Xendit refuses: unknown fields, a name, OVO without a phone, no return page', async () => {
    const post = async (body: Record<string, unknown>) => {
      const reply = await fetch(`${wallets.baseUrl}${EWALLET_CHARGE_PATH}`, {
        method: 'POST',
        headers: { authorization: basicAuthOf(FAKE_XENDIT_SECRET_KEY), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: reply.status, answer: (await reply.json()) as Record<string, unknown> };
    };
    const good = {
      reference_id: 'stand-in-check',
      currency: 'IDR',
      amount: 10_000,
      checkout_method: 'ONE_TIME_PAYMENT',
      channel_code: 'ID_OVO',
      channel_properties: { mobile_number: PHONE },
    };
    const { reference_id: _reference, ...withoutReference } = good;
    for (const body of [
      { ...good, name: BORROWER },
      withoutReference,
      { ...good, currency: 'USD' },
      { ...good, amount: 99.5 },
      { ...good, checkout_method: 'TOKENIZED_PAYMENT' },
      { ...good, channel_code: 'ID_LINKAJA' },
      { ...good, channel_properties: {} },
      { ...good, channel_properties: { mobile_number: '081234567890' } },
      { ...good, channel_properties: { mobile_number: PHONE, customer_name: BORROWER } },
      { ...good, channel_code: 'ID_DANA', channel_properties: { failure_redirect_url: RETURN_URL } },
      { ...good, channel_code: 'ID_DANA', channel_properties: { success_redirect_url: 'not a url' } },
    ])
      expect(await post(body), JSON.stringify(body)).toMatchObject({
        status: 400,
        answer: { error_code: 'API_VALIDATION_ERROR' },
      });
    expect(wallets.ewalletCharges).toEqual([]);
    expect(await post(good)).toMatchObject({ status: 202, answer: { status: 'PENDING', actions: null } });
    expect(await post(good)).toMatchObject({ status: 400, answer: { error_code: 'DUPLICATE_ERROR' } });
  });

  it("builds Xendit's ewallet.capture event for a charge", async () => {
    await walletProvider().xendit.createEwalletCharge(charge('DANA'));
    const issued = wallets.ewalletCharges[0]!;
    expect(ewalletCapturedCallback(issued)).toMatchObject({
      event: 'ewallet.capture',
      business_id: issued.business_id,
      data: {
        id: issued.id,
        reference_id: EXTERNAL_ID,
        status: 'SUCCEEDED',
        currency: 'IDR',
        charge_amount: 707_000,
        capture_amount: 707_000,
        channel_code: 'ID_DANA',
        failure_code: null,
      },
    });
    expect(
      ewalletCapturedCallback(issued, { status: 'FAILED', failure_code: 'USER_DECLINED_PAYMENT' }).data,
    ).toMatchObject({ status: 'FAILED', failure_code: 'USER_DECLINED_PAYMENT', reference_id: EXTERNAL_ID });
  });
});
