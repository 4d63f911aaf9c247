import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rupiah } from '@kaskita/domain/money/rupiah';
import { dynamicQris } from '../../src/providers/payment-gateway/qris-payload.ts';
import type {
  RetailOutlet,
  VirtualAccountBank,
} from '../../src/providers/payment-gateway/payment-gateway-provider.ts';
import {
  XENDIT_BANK_CODES,
  XenditPaymentError,
  XenditPaymentGateway,
  XenditRefusedError,
  xenditName,
  type XenditConfig,
} from '../../src/providers/payment-gateway/xendit-payment-gateway.ts';
import { basicAuthOf } from '../helpers/fake-flip-gateway.ts';
import {
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
