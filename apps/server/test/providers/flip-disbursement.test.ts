import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rupiah } from '@kaskita/domain/money/rupiah';
import { ORDER } from '../loans/loan-helpers.ts';
import type { Env } from '../../src/env.ts';
import { loadEnv } from '../../src/env.ts';
import { disbursements as disbursementTries } from '../../src/modules/loans/loan-orders-schema.ts';
import {
  FLIP_DISBURSEMENT_CALLBACK_PATH,
  flipFailureCode,
  flipTime,
  toDisbursementCallback,
} from '../../src/modules/loans/flip-disbursement-callback-endpoint.ts';
import {
  FLIP_PRODUCTION_BASE_URL,
  FLIP_SANDBOX_BASE_URL,
} from '../../src/providers/account-inquiry/flip-account-inquiry-provider.ts';
import { DisbursementRefusedError } from '../../src/providers/disbursement/disbursement-provider.ts';
import {
  FlipDisbursementError,
  FlipDisbursementProvider,
  FlipDisbursementRefusedError,
  flipRemark,
  flipV3BaseUrl,
  type FlipDisbursementConfig,
} from '../../src/providers/disbursement/flip-disbursement-provider.ts';
import { flipDisbursementConfig, planProviders } from '../../src/providers/provider-registry.ts';
import { capturedLogger } from '../helpers/captured-log.ts';
import {
  basicAuthOf,
  callbackBody,
  DISBURSEMENT_PATH,
  FAKE_FLIP_CALLBACK_TOKEN,
  FAKE_FLIP_SECRET_KEY,
  startFakeFlipGateway,
  type FakeFlipGateway,
  type FlipBehaviour,
} from '../helpers/fake-flip-gateway.ts';
import { TestClock, useTestApp } from '../helpers/test-app.ts';
import { approvedBorrower, currentOrder, order } from '../loans/loan-helpers.ts';
import { expectNoneOf, recordingLog, thrown, type LogLine } from '../helpers/provider-log.ts';

const NUMBER = '8270123456';
const HOLDER = 'SITI RAHAYU';
const EXTERNAL_ID = '5b0c2f4e-8d7a-4c3b-9e1f-2a6d7c8b9e01';
const REQUEST = {
  externalId: EXTERNAL_ID,
  amount: rupiah(1_850_000),
  bankCode: 'BCA',
  accountNumber: NUMBER,
  accountHolderName: HOLDER,
  description: 'KasKita 1a2b3c4d BCA',
};

let gateway: FakeFlipGateway;
beforeAll(async () => {
  gateway = await startFakeFlipGateway();
});
afterAll(() => gateway.close());

function provider(config: Partial<FlipDisbursementConfig> = {}) {
  const { log, logs } = recordingLog();
  const flip = new FlipDisbursementProvider(
    { baseUrl: gateway.baseUrl, secretKey: FAKE_FLIP_SECRET_KEY, timeoutMs: 2000, ...config },
    {
      clock: new TestClock('2026-03-02T03:04:05.000Z'),
      log,
    },
  );
  return { flip, logs };
}

const SECRETS = [
  NUMBER,
  HOLDER,
  'Siti',
  FAKE_FLIP_SECRET_KEY,
  basicAuthOf(FAKE_FLIP_SECRET_KEY).slice(6),
  'KasKita 1a2b3c4d',
];

/** Neither log lines nor error messages hold the account, the holder, the remark or the key. */
function expectNothingPersonalOrSecret(logs: LogLine[], error?: unknown) {
  expectNoneOf(SECRETS, logs, error);
}

describe("Flip disbursement: Flip's API v3 address", () => {
  it('is FLIP_BASE_URL with its last segment v2 replaced by v3', () => {
    expect(flipV3BaseUrl(FLIP_PRODUCTION_BASE_URL)).toBe('https://bigflip.id/api/v3');
    expect(flipV3BaseUrl(FLIP_SANDBOX_BASE_URL)).toBe('https://bigflip.id/big_sandbox_api/v3');
    expect(flipV3BaseUrl('https://bigflip.id/api/v2/')).toBe('https://bigflip.id/api/v3');
    expect(flipV3BaseUrl('http://127.0.0.1:8080/api/v2')).toBe('http://127.0.0.1:8080/api/v3');
    expect(() => flipV3BaseUrl('https://bigflip.id/api')).toThrowError(/ending in \/v2/);
    expect(() => flipV3BaseUrl('https://bigflip.id/api/v2x')).toThrowError(/ending in \/v2/);
  });

  it('is refused at start-up when DISBURSEMENT_PROVIDER=flip and FLIP_BASE_URL does not end in /v2', () => {
    const flip = { DISBURSEMENT_PROVIDER: 'flip', FLIP_SECRET_KEY: 'k', FLIP_CALLBACK_TOKEN: 't' };
    expect(() => loadEnv({ ...flip, FLIP_BASE_URL: 'https://bigflip.id/api/v3' })).toThrowError(
      /FLIP_BASE_URL: must be Flip's API v2 address/,
    );
    expect(loadEnv(flip).FLIP_BASE_URL).toBe(FLIP_PRODUCTION_BASE_URL);
  });

  it('is a sandbox only at Flip sandbox API', () => {
    expect(provider({ baseUrl: FLIP_SANDBOX_BASE_URL }).flip.sandbox).toBe(true);
    expect(provider({ baseUrl: FLIP_PRODUCTION_BASE_URL }).flip).toMatchObject({
      kind: 'disbursement',
      name: 'flip',
      sandbox: false,
    });
  });
});

describe('Flip disbursement: the request', () => {
  beforeEach(() => gateway.reset());

  it('posts the form to /v3/disbursement with Basic auth, the idempotency key and X-TIMESTAMP', async () => {
    const { flip, logs } = provider();
    const accepted = await flip.disburse(REQUEST);

    expect(gateway.requests).toHaveLength(1);
    const [request] = gateway.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(DISBURSEMENT_PATH);
    expect(request?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request?.authorization).toBe(basicAuthOf(FAKE_FLIP_SECRET_KEY));
    expect(Buffer.from(request!.authorization.slice(6), 'base64').toString()).toBe(
      `${FAKE_FLIP_SECRET_KEY}:`,
    );
    expect(request?.idempotencyKey).toBe(EXTERNAL_ID);
    // The injected clock's time in Jakarta, in the form of Flip's example.
    expect(request?.timestamp).toBe('2026-03-02T10:04:05+0700');
    // No holder name: Flip takes none (the name was checked by the account inquiry).
    expect(request?.fields).toEqual({
      account_number: NUMBER,
      bank_code: 'bca',
      amount: '1850000',
      remark: 'KasKita 1a2b3c4d',
    });

    const [created] = gateway.disbursements;
    expect(accepted).toEqual({
      externalId: EXTERNAL_ID,
      providerReference: String(created!.id),
      status: 'PENDING',
    });
    expect(logs).toEqual([]);
  });

  it.each([
    ['BCA', 'bca'],
    ['BSI', 'bsm'],
    ['MAYBANK', 'bii'],
    ['BTPN', 'tabungan_pensiunan_nasional'],
    ['SEABANK', 'kesejahteraan_ekonomi'],
  ])('sends our bank %s under Flip code %s', async (bankCode, flipCode) => {
    const { flip } = provider();
    await flip.disburse({ ...REQUEST, bankCode, externalId: `${EXTERNAL_ID}-${bankCode}` });
    expect(gateway.requests[0]?.fields.bank_code).toBe(flipCode);
  });

  it('refuses a bank without a Flip code without sending anything', async () => {
    const { flip, logs } = provider();
    const error = await thrown(flip.disburse({ ...REQUEST, bankCode: 'BANK_ATLANTIS' }));
    expect(error).toBeInstanceOf(FlipDisbursementRefusedError);
    expect(error).toMatchObject({ flipCode: 'bank_not_mapped', failure: 'REJECTED' });
    expect(gateway.requests).toHaveLength(0);
    expect(logs.map((l) => l.fields.reason)).toEqual(['bank_not_mapped']);
  });

  it('sends the same idempotency key when asked again, and Flip answers the first disbursement', async () => {
    const { flip } = provider();
    const first = await flip.disburse(REQUEST);
    const again = await flip.disburse(REQUEST);
    expect(again).toEqual(first);
    expect(gateway.requests.map((r) => r.idempotencyKey)).toEqual([EXTERNAL_ID, EXTERNAL_ID]);
    expect(gateway.disbursements).toHaveLength(1);
    // Another try (another id) is another transfer.
    await flip.disburse({ ...REQUEST, externalId: 'another-try-0001' });
    expect(gateway.disbursements).toHaveLength(2);
  });

  it('reads a string id (Flip changed its transaction id format in 2025)', async () => {
    const { flip } = provider();
    gateway.script({ answer: { id: 'FT2603020001', status: 'PENDING', idempotency_key: EXTERNAL_ID } });
    expect((await flip.disburse(REQUEST)).providerReference).toBe('FT2603020001');
  });

  it.each([
    ['KasKita 1a2b3c4d BCA', 'KasKita 1a2b3c4d'],
    ['KasKita 1a2b3c4d', 'KasKita 1a2b3c4d'],
    ['Pinjaman #42 (cair)!', 'Pinjaman 42 cair'],
    ['Loan\n\tdisbursed   now', 'Loan disbursed now'],
    ['abcdefghijklmnopqrstuvwxyz', 'abcdefghijklmnopqr'],
    ['!!!', null],
  ])('turns the description %j into the remark %j', (description, remark) => {
    expect(flipRemark(description)).toBe(remark);
  });
});

describe('Flip disbursement: failures', () => {
  beforeEach(() => gateway.reset());

  it.each<[string, FlipBehaviour, string]>([
    ['a 500', { status: 500, answer: '<html>Internal Server Error</html>' }, 'gateway_unavailable'],
    ['a 503', { status: 503, answer: { message: 'maintenance' } }, 'gateway_unavailable'],
    ['a 429', { status: 429, answer: { message: 'Too Many Requests' } }, 'rate_limited'],
    ['a 409', { status: 409, answer: { message: 'Conflict' } }, 'temporarily_refused'],
    ['a dropped connection', 'drop', 'network'],
    ['an unreadable 200', { answer: '<html>maintenance</html>' }, 'unexpected_answer'],
    ['a 200 without an id', { answer: { status: 'PENDING' } }, 'unexpected_answer'],
    [
      "a 200 for another request's key",
      { answer: { id: 77, status: 'PENDING', idempotency_key: 'someone-else' } },
      'unexpected_answer',
    ],
    [
      'an insufficient balance',
      {
        status: 422,
        answer: {
          code: 'BALANCE_INSUFFICIENT',
          errors: [{ attribute: 'amount', code: 1035, message: 'Your balance is insufficient' }],
        },
      },
      'balance_insufficient',
    ],
    [
      'a bank past its cut-off',
      {
        status: 422,
        answer: {
          code: 'VALIDATION_ERROR',
          errors: [{ attribute: 'bank_code', code: 1093, message: 'bank is in cut off time' }],
        },
      },
      'temporarily_refused',
    ],
  ])(
    'throws a retryable error on %s, and the retry with the same key is accepted',
    async (_label, behaviour, reason) => {
      const { flip, logs } = provider();
      gateway.script(behaviour);
      const error = await thrown(flip.disburse(REQUEST));
      expect(error).toBeInstanceOf(FlipDisbursementError);
      expect(error).not.toBeInstanceOf(DisbursementRefusedError);
      expect((error as FlipDisbursementError).reason).toBe(reason);
      expect(logs).toHaveLength(1);
      expect(logs[0]?.fields).toMatchObject({
        provider: 'flip',
        bank: 'BCA',
        externalId: EXTERNAL_ID,
        reason,
      });

      expect((await flip.disburse(REQUEST)).status).toBe('PENDING');
      expect(gateway.requests.map((r) => r.idempotencyKey)).toEqual([EXTERNAL_ID, EXTERNAL_ID]);
      expect(gateway.disbursements).toHaveLength(1);
      expectNothingPersonalOrSecret(logs, error);
    },
  );

  it('throws a retryable time-out when Flip does not answer in time', async () => {
    const { flip, logs } = provider({ timeoutMs: 200 });
    gateway.script('hang');
    const started = Date.now();
    const error = await thrown(flip.disburse(REQUEST));
    expect(Date.now() - started).toBeLessThan(1500);
    expect(error).toBeInstanceOf(FlipDisbursementError);
    expect((error as FlipDisbursementError).reason).toBe('timeout');
    expect(logs.map((l) => l.fields.reason)).toEqual(['timeout']);
    expectNothingPersonalOrSecret(logs, error);
  });

  it('logs a refused key as a configuration error, retryable once the key is fixed', async () => {
    const { flip, logs } = provider({ secretKey: 'wrong-secret-key-0123' });
    const error = await thrown(flip.disburse(REQUEST));
    expect(error).toMatchObject({ name: 'FlipDisbursementError', reason: 'credentials', httpStatus: 401 });
    expect(logs).toEqual([
      {
        level: 'error',
        fields: expect.objectContaining({ reason: 'credentials', httpStatus: 401 }),
        message: expect.stringMatching(/configuration error.*FLIP_SECRET_KEY/),
      },
    ]);
    expect(JSON.stringify(logs)).not.toContain('wrong-secret-key-0123');
  });

  it.each([
    ['an invalid account number (1025)', 'account_number', 1025, 'ACCOUNT_CLOSED'],
    ['an account suspected of fraud (1026)', 'account_number', 1026, 'ACCOUNT_CLOSED'],
    ['a closed account (1027)', 'account_number', 1027, 'ACCOUNT_CLOSED'],
    ['an amount under the minimum (1021)', 'amount', 1021, 'REJECTED'],
    ['an invalid bank code (1033)', 'bank_code', 1033, 'REJECTED'],
  ])('throws the refusal class with Flip code on %s', async (_label, attribute, code, failure) => {
    const { flip, logs } = provider();
    gateway.script({
      status: 422,
      answer: {
        code: 'VALIDATION_ERROR',
        errors: [{ attribute, code, message: `The account number ${NUMBER} you're giving is invalid` }],
      },
    });
    const error = await thrown(flip.disburse(REQUEST));
    expect(error).toBeInstanceOf(FlipDisbursementRefusedError);
    expect(error).toBeInstanceOf(DisbursementRefusedError);
    expect(error).toMatchObject({ httpStatus: 422, flipCode: String(code), attribute, failure });
    expect((error as Error).message).toBe(
      `Flip refused the disbursement: code ${code} on ${attribute} (HTTP 422)`,
    );
    expect(logs).toEqual([
      {
        level: 'warn',
        fields: expect.objectContaining({ flipCode: String(code), attribute, failure, httpStatus: 422 }),
        message: 'Flip refused the disbursement',
      },
    ]);
    // Flip's message quoted the account number: it is in neither the error nor the log.
    expectNothingPersonalOrSecret(logs, error);
  });

  it("refuses what the documented contract refuses, with Flip's code (an amount under Rp10.000)", async () => {
    const { flip } = provider();
    const error = await thrown(flip.disburse({ ...REQUEST, amount: rupiah(5000) }));
    expect(error).toMatchObject({ flipCode: '1021', attribute: 'amount', failure: 'REJECTED' });
    expect(gateway.disbursements).toHaveLength(0);
  });

  it('refuses a 400 without a body by its HTTP status', async () => {
    const { flip } = provider();
    gateway.script({ status: 400, answer: 'Bad Request' });
    const error = await thrown(flip.disburse(REQUEST));
    expect(error).toMatchObject({
      name: 'FlipDisbursementRefusedError',
      flipCode: 'http_400',
      failure: 'REJECTED',
    });
  });
});

describe("Flip's callback: reading it", () => {
  it.each([
    ['ACCOUNT_NAME_MISMATCH', 'ACCOUNT_NAME_MISMATCH'],
    ['Account name mismatch', 'ACCOUNT_NAME_MISMATCH'],
    ['Nama pemilik rekening tidak sesuai', 'ACCOUNT_NAME_MISMATCH'],
    ['INACTIVE_ACCOUNT', 'ACCOUNT_CLOSED'],
    ['NOT_REGISTERED_ACCOUNT', 'ACCOUNT_CLOSED'],
    ['CANT_RECEIVE_TRANSFER', 'ACCOUNT_CLOSED'],
    ['Nomor rekening tidak terdaftar', 'ACCOUNT_CLOSED'],
    ['Account closed', 'ACCOUNT_CLOSED'],
    ['Invalid account number', 'ACCOUNT_CLOSED'],
    ['INTERMITTENT_DISTURBANCE_ON_BENEFICIARY_BANK', 'BANK_TIMEOUT'],
    ['Bank tujuan sementara mengalami gangguan', 'BANK_TIMEOUT'],
    ['BENEFICIARY_ACCOUNT_NOT_VERIFIED', 'REJECTED'],
    ['', 'REJECTED'],
    [null, 'REJECTED'],
  ])('maps the reason %j to %s', (reason, failure) => {
    expect(flipFailureCode(reason)).toBe(failure);
  });

  it('reads Flip times as Jakarta time, and the zero date as none', () => {
    expect(flipTime('2026-03-02 10:05:00')?.toISOString()).toBe('2026-03-02T03:05:00.000Z');
    expect(flipTime('0000-00-00 00:00:00')).toBeUndefined();
    expect(flipTime('')).toBeUndefined();
  });

  it('maps DONE, CANCELLED and PENDING', () => {
    const data = {
      id: 1001,
      idempotency_key: EXTERNAL_ID,
      amount: 1_850_000,
      bank_code: 'bsm',
      timestamp: '2026-03-02 10:00:00',
      time_served: '2026-03-02 10:05:00',
    };
    expect(toDisbursementCallback({ ...data, status: 'DONE', reason: '' })).toEqual({
      id: '1001',
      external_id: EXTERNAL_ID,
      amount: 1_850_000,
      bank_code: 'BSI',
      status: 'COMPLETED',
      failure_code: null,
      updated: '2026-03-02T03:05:00.000Z',
    });
    expect(toDisbursementCallback({ ...data, status: 'CANCELLED', reason: 'CLOSED' })).toMatchObject({
      status: 'FAILED',
      failure_code: 'ACCOUNT_CLOSED',
    });
    expect(toDisbursementCallback({ ...data, status: 'PENDING' })).toBeNull();
  });
});

describe('Flip disbursement in the registry', () => {
  it('is built for DISBURSEMENT_PROVIDER=flip, with the inquiry still chosen on its own', () => {
    const env = loadEnv({
      DISBURSEMENT_PROVIDER: 'flip',
      FLIP_SECRET_KEY: 'flip-key-1',
      FLIP_CALLBACK_TOKEN: 'flip-token-1',
    });
    const plan = planProviders(env);
    expect(plan.configured).toContainEqual({ kind: 'disbursement', name: 'flip', sandbox: false });
    expect(plan.configured).toContainEqual({ kind: 'account-inquiry', name: 'sandbox', sandbox: true });
    expect(flipDisbursementConfig(env)).toEqual({
      baseUrl: FLIP_PRODUCTION_BASE_URL,
      secretKey: 'flip-key-1',
      timeoutMs: 15_000,
    });
  });

  it('needs the key and the callback token', () => {
    expect(() => loadEnv({ DISBURSEMENT_PROVIDER: 'flip' })).toThrowError(
      /FLIP_SECRET_KEY: required when DISBURSEMENT_PROVIDER=flip[\s\S]*FLIP_CALLBACK_TOKEN: required when DISBURSEMENT_PROVIDER=flip/,
    );
    expect(() => loadEnv({ DISBURSEMENT_PROVIDER: 'flip', FLIP_SECRET_KEY: 'k' })).toThrowError(
      'FLIP_CALLBACK_TOKEN: required when DISBURSEMENT_PROVIDER=flip',
    );
  });
});

describe("Flip's callback through the app", () => {
  // The app is built once the fake Flip listens: this hook runs before useTestApp's.
  const env: Partial<Env> = {
    DISBURSEMENT_PROVIDER: 'flip',
    FLIP_SECRET_KEY: FAKE_FLIP_SECRET_KEY,
    FLIP_CALLBACK_TOKEN: FAKE_FLIP_CALLBACK_TOKEN,
  };
  const captured = capturedLogger();
  beforeAll(() => {
    env.FLIP_BASE_URL = gateway.baseUrl;
  });
  const t = useTestApp({ env, logger: captured.logger });
  beforeEach(() => gateway.reset());

  /** An approved borrower's order, sent to Flip by the disbursement job: the loan and Flip's disbursement. */
  async function orderAtFlip() {
    const b = await approvedBorrower(t.app, t.database.db, t.clock.now());
    const placed = await order(t.app, b.token);
    expect(placed.body.code, JSON.stringify(placed.body)).toBe(200);
    const loanId = placed.body.data.order_id;
    await t.app.jobs.whenIdle();
    const [tryRow] = await t.database.db
      .select()
      .from(disbursementTries)
      .where(eq(disbursementTries.loanId, loanId));
    expect(tryRow).toMatchObject({ provider: 'flip', status: 'pending' });
    const atFlip = gateway.disbursements.find((d) => d.idempotency_key === tryRow!.id);
    expect(atFlip, 'the try at Flip, under its id as the idempotency key').toBeDefined();
    expect(tryRow!.providerReference).toBe(String(atFlip!.id));
    return { b, loanId, tryId: tryRow!.id, atFlip: atFlip! };
  }

  const post = (payload: string, contentType = 'application/x-www-form-urlencoded') =>
    t.app.inject({
      method: 'POST',
      url: FLIP_DISBURSEMENT_CALLBACK_PATH,
      headers: { 'content-type': contentType },
      payload,
    });

  it('sends the order to Flip: the card, its Flip bank code, the amount received and the try id as key', async () => {
    const { atFlip, tryId } = await orderAtFlip();
    const [request] = gateway.requests;
    expect(request?.path).toBe(DISBURSEMENT_PATH);
    expect(request?.idempotencyKey).toBe(tryId);
    expect(request?.fields).toMatchObject({ account_number: '1234567890', bank_code: 'bca' });
    expect(Number(request?.fields.amount)).toBeLessThanOrEqual(Number(ORDER.money));
    expect(request?.fields.remark).toMatch(/^KasKita [0-9a-f]{8}$/);
    expect(atFlip.status).toBe('PENDING');
  });

  it("sends a loan to an e-wallet under Flip's e-wallet code, the phone as the account; a name mismatch interrupts it", async () => {
    const b = await approvedBorrower(t.app, t.database.db, t.clock.now(), {
      bank: 'DANA',
      cardNum: '6281234560077',
    });
    const placed = await order(t.app, b.token);
    expect(placed.body.code, JSON.stringify(placed.body)).toBe(200);
    await t.app.jobs.whenIdle();
    const sent = gateway.requests.find((r) => r.path === DISBURSEMENT_PATH);
    expect(sent?.fields).toMatchObject({ bank_code: 'dana', account_number: '081234560077' });
    const atFlip = gateway.disbursements.at(-1)!;
    await post(callbackBody(atFlip, { status: 'CANCELLED', reason: 'Account holder name mismatch' }));
    const { order: failed } = (await currentOrder(t.app, b.token)).body.data;
    expect(failed).toMatchObject({ state: 'disbursement-failed', failure_reason: 'ACCOUNT_NAME_MISMATCH' });
  });

  it('refuses a wrong or missing token with 401 and changes nothing', async () => {
    const { b, tryId, atFlip } = await orderAtFlip();
    const done = { status: 'DONE' as const };
    expect((await post(callbackBody(atFlip, done, 'not-the-token'))).statusCode).toBe(401);
    const withoutToken = new URLSearchParams({ data: JSON.stringify({ ...atFlip, ...done }) }).toString();
    expect((await post(withoutToken)).statusCode).toBe(401);
    // Two tokens are no token.
    expect((await post(`${callbackBody(atFlip, done)}&token=other`)).statusCode).toBe(401);

    const { order: current } = (await currentOrder(t.app, b.token)).body.data;
    expect(current).toMatchObject({ state: 'awaiting-disbursement', disbursement_status: 'pending' });
    const [row] = await t.database.db.select().from(disbursementTries).where(eq(disbursementTries.id, tryId));
    expect(row?.status).toBe('pending');
  });

  it('activates the loan on DONE, once: a replay answers replay', async () => {
    const { b, atFlip } = await orderAtFlip();
    const body = callbackBody(atFlip, { status: 'DONE' });
    const first = await post(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      code: 200,
      data: { event_id: `${atFlip.id}:DONE`, outcome: 'applied' },
    });
    const { order: active } = (await currentOrder(t.app, b.token)).body.data;
    expect(active).toMatchObject({ state: 'active', disbursement_status: 'completed', loan_fail_status: 0 });

    const replay = await post(body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.outcome).toBe('replay');
    expect((await currentOrder(t.app, b.token)).body.data.order?.state).toBe('active');
  });

  it('ignores PENDING', async () => {
    const { b, atFlip } = await orderAtFlip();
    const answer = await post(callbackBody(atFlip, { status: 'PENDING' }));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.outcome).toBe('ignored');
    expect((await currentOrder(t.app, b.token)).body.data.order?.state).toBe('awaiting-disbursement');
  });

  it('interrupts the loan on CANCELLED with a name mismatch: loan_fail_status 1', async () => {
    const { b, atFlip } = await orderAtFlip();
    const answer = await post(
      callbackBody(atFlip, { status: 'CANCELLED', reason: 'Account holder name mismatch' }),
    );
    expect(answer.json().data).toEqual({ event_id: `${atFlip.id}:CANCELLED`, outcome: 'applied' });
    const { order: failed } = (await currentOrder(t.app, b.token)).body.data;
    expect(failed).toMatchObject({
      state: 'disbursement-failed',
      loan_fail_status: 1,
      failure_reason: 'ACCOUNT_NAME_MISMATCH',
    });
    // No second try was sent: the borrower must correct the account first.
    expect(gateway.requests).toHaveLength(1);
  });

  it('interrupts the loan at once when Flip refuses the account when asked (422, 1027 closed)', async () => {
    gateway.script({
      status: 422,
      answer: {
        code: 'VALIDATION_ERROR',
        errors: [{ attribute: 'account_number', code: 1027, message: 'The account number is closed' }],
      },
    });
    const b = await approvedBorrower(t.app, t.database.db, t.clock.now());
    expect((await order(t.app, b.token)).body.code).toBe(200);
    await t.app.jobs.whenIdle();
    expect(gateway.requests).toHaveLength(1);
    const { order: failed } = (await currentOrder(t.app, b.token)).body.data;
    expect(failed).toMatchObject({
      state: 'disbursement-failed',
      loan_fail_status: 1,
      failure_reason: 'ACCOUNT_CLOSED',
    });
  });

  it('refuses a form without its data as malformed (400), and logs no account, name, key or token', async () => {
    expect((await post(new URLSearchParams({ token: FAKE_FLIP_CALLBACK_TOKEN }).toString())).statusCode).toBe(
      400,
    );
    const log = captured.lines.join('');
    // The provider logs into the app's log (the refusal above), and the callbacks plugin its refusals.
    expect(log).toContain('Flip refused the disbursement');
    expect(log).toContain('callback refused: not verified');
    for (const secret of [
      '1234567890',
      'Budi Santoso',
      'BUDI SANTOSO',
      FAKE_FLIP_SECRET_KEY,
      FAKE_FLIP_CALLBACK_TOKEN,
    ])
      expect(log).not.toContain(secret);
  });
});
