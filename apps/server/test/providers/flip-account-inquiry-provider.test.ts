import { BANKS } from '@kaskita/domain/banking/banks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FLIP_BANK_CODES,
  FLIP_PRODUCTION_BASE_URL,
  FLIP_SANDBOX_BASE_URL,
  FlipAccountInquiryProvider,
  isFlipSandboxUrl,
  type FlipConfig,
} from '../../src/providers/account-inquiry/flip-account-inquiry-provider.ts';
import {
  basicAuthOf,
  FAKE_FLIP_SECRET_KEY,
  INQUIRY_PATH,
  startFakeFlipGateway,
  type FakeFlipGateway,
  type FlipBehaviour,
} from '../helpers/fake-flip-gateway.ts';

const NUMBER = '8270123456';
const HOLDER = 'SITI RAHAYU';
const ACCOUNT = { bankCode: 'BCA', accountNumber: NUMBER };
const HINTS = { expectedHolderName: 'Siti Rahayu' };

let gateway: FakeFlipGateway;
beforeAll(async () => {
  gateway = await startFakeFlipGateway();
});
afterAll(() => gateway.close());
beforeEach(() => {
  gateway.reset();
  gateway.openAccount('bca', NUMBER, HOLDER);
});

interface LogLine {
  level: 'warn' | 'error';
  fields: Record<string, unknown>;
  message: string;
}

interface Harness {
  flip: FlipAccountInquiryProvider;
  sleeps: number[];
  logs: LogLine[];
}

function provider(config: Partial<FlipConfig> = {}): Harness {
  const sleeps: number[] = [];
  const logs: LogLine[] = [];
  const flip = new FlipAccountInquiryProvider(
    {
      baseUrl: gateway.baseUrl,
      secretKey: FAKE_FLIP_SECRET_KEY,
      timeoutMs: 2000,
      pendingRetries: 3,
      pendingRetryDelayMs: 1500,
      ...config,
    },
    {
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      log: {
        warn: (fields, message) => logs.push({ level: 'warn', fields, message }),
        error: (fields, message) => logs.push({ level: 'error', fields, message }),
      },
    },
  );
  return { flip, sleeps, logs };
}

/** Everything a log line holds, as text, to look for what must never be there. */
const logText = (logs: LogLine[]) => JSON.stringify(logs);

function expectNothingPersonalOrSecret(logs: LogLine[]) {
  const text = logText(logs);
  for (const secret of [NUMBER, HOLDER, FAKE_FLIP_SECRET_KEY, basicAuthOf(FAKE_FLIP_SECRET_KEY).slice(6)])
    expect(text).not.toContain(secret);
}

describe('Flip account inquiry: the documented contract', () => {
  it('posts account_number and Flip bank_code, form-encoded, with the key as Basic user and an empty password', async () => {
    const { flip, logs } = provider();
    const answer = await flip.inquireAccount(ACCOUNT, HINTS);

    expect(answer).toEqual({ status: 'found', accountHolderName: HOLDER });
    expect(gateway.requests).toHaveLength(1);
    const [request] = gateway.requests;
    expect(request?.method).toBe('POST');
    // The base URL's `/v2` is kept, not replaced by the path.
    expect(request?.path).toBe(INQUIRY_PATH);
    expect(request?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request?.authorization).toBe(basicAuthOf(FAKE_FLIP_SECRET_KEY));
    expect(Buffer.from(request!.authorization.slice(6), 'base64').toString()).toBe(
      `${FAKE_FLIP_SECRET_KEY}:`,
    );
    // Nothing else of ours: no name hint, no inquiry_key (we take no callback).
    expect(request?.fields).toEqual({ account_number: NUMBER, bank_code: 'bca' });
    expect(logs).toEqual([]);
  });

  it("asks about an e-wallet under Flip's e-wallet code, the registered phone as the account", async () => {
    const { flip } = provider();
    for (const [ours, flips] of [
      ['DANA', 'dana'],
      ['OVO', 'ovo'],
      ['GOPAY', 'gopay'],
      ['SHOPEEPAY', 'shopeepay'],
      ['LINKAJA', 'linkaja'],
    ] as const) {
      gateway.reset();
      gateway.openAccount(flips, '081234567890', HOLDER);
      const answer = await flip.inquireAccount({ bankCode: ours, accountNumber: '081234567890' }, HINTS);
      expect(answer).toEqual({ status: 'found', accountHolderName: HOLDER });
      expect(gateway.requests[0]?.fields).toEqual({ account_number: '081234567890', bank_code: flips });
    }
  });

  it('accepts a base URL with a trailing slash', async () => {
    const { flip } = provider({ baseUrl: `${gateway.baseUrl}/` });
    await flip.inquireAccount(ACCOUNT, HINTS);
    expect(gateway.requests[0]?.path).toBe(INQUIRY_PATH);
  });

  it('answers the holder Flip names, whatever the hint says', async () => {
    const { flip } = provider();
    gateway.script({ inquiry: 'SUCCESS', holder: 'ANDI WIJAYA' });
    expect(await flip.inquireAccount(ACCOUNT, HINTS)).toEqual({
      status: 'found',
      accountHolderName: 'ANDI WIJAYA',
    });
  });
});

describe('Flip account inquiry: statuses', () => {
  it.each([
    ['SUCCESS', { status: 'found', accountHolderName: HOLDER }],
    ['SUSPECTED_ACCOUNT', { status: 'found', accountHolderName: HOLDER }],
    ['INVALID_ACCOUNT_NUMBER', { status: 'not_found' }],
    ['CLOSED', { status: 'not_found' }],
    ['BLACK_LISTED', { status: 'not_found' }],
    ['FAILED', { status: 'unavailable' }],
  ] as const)('maps %s to %o, asked once', async (inquiry, expected) => {
    const { flip, sleeps, logs } = provider();
    gateway.script({ inquiry });
    expect(await flip.inquireAccount(ACCOUNT, HINTS)).toEqual(expected);
    expect(gateway.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expectNothingPersonalOrSecret(logs);
  });

  it('logs a suspected account as a warning, without number or name, and still answers the holder', async () => {
    const { flip, logs } = provider();
    gateway.script({ inquiry: 'SUSPECTED_ACCOUNT' });
    await flip.inquireAccount(ACCOUNT, HINTS);
    expect(logs).toEqual([
      {
        level: 'warn',
        fields: { provider: 'flip', bank: 'BCA', flipStatus: 'SUSPECTED_ACCOUNT' },
        message: expect.stringMatching(/suspects/),
      },
    ]);
  });

  it('logs a blacklisted account, and FAILED as the bank failing', async () => {
    const { flip, logs } = provider();
    gateway.script({ inquiry: 'BLACK_LISTED' }, { inquiry: 'FAILED' });
    await flip.inquireAccount(ACCOUNT, HINTS);
    await flip.inquireAccount(ACCOUNT, HINTS);
    expect(logs.map((l) => l.fields)).toEqual([
      { provider: 'flip', bank: 'BCA', flipStatus: 'BLACK_LISTED' },
      expect.objectContaining({ reason: 'bank_failed', flipStatus: 'FAILED', httpStatus: 200 }),
    ]);
    expectNothingPersonalOrSecret(logs);
  });

  it('answers the not_found of the documented contract for an account nobody opened', async () => {
    const { flip } = provider();
    expect(await flip.inquireAccount({ bankCode: 'BCA', accountNumber: '1234567890' }, HINTS)).toEqual({
      status: 'not_found',
    });
  });
});

describe('Flip account inquiry: PENDING', () => {
  it('asks again after a short wait, and answers the cached result', async () => {
    const { flip, sleeps, logs } = provider();
    gateway.script({ inquiry: 'PENDING' }, { inquiry: 'PENDING' });
    expect(await flip.inquireAccount(ACCOUNT, HINTS)).toEqual({ status: 'found', accountHolderName: HOLDER });
    expect(gateway.requests).toHaveLength(3);
    expect(sleeps).toEqual([1500, 1500]);
    // The same question each time.
    expect(new Set(gateway.requests.map((r) => JSON.stringify(r.fields))).size).toBe(1);
    expect(logs).toEqual([]);
  });

  it('answers unavailable when still pending after the configured retries', async () => {
    const { flip, sleeps, logs } = provider({ pendingRetries: 3, pendingRetryDelayMs: 700 });
    gateway.script(...Array<FlipBehaviour>(5).fill({ inquiry: 'PENDING' }));
    expect(await flip.inquireAccount(ACCOUNT, HINTS)).toEqual({ status: 'unavailable' });
    expect(gateway.requests).toHaveLength(4);
    expect(sleeps).toEqual([700, 700, 700]);
    expect(logs).toEqual([
      {
        level: 'warn',
        fields: { provider: 'flip', reason: 'still_pending', bank: 'BCA', attempt: 4 },
        message: 'bank account check unavailable',
      },
    ]);
  });

  it('asks once with no retries configured', async () => {
    const { flip, sleeps } = provider({ pendingRetries: 0 });
    gateway.script({ inquiry: 'PENDING' });
    expect(await flip.inquireAccount(ACCOUNT, HINTS)).toEqual({ status: 'unavailable' });
    expect(gateway.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('stops at an answer that is not PENDING, whatever it is', async () => {
    const { flip } = provider();
    gateway.script({ inquiry: 'PENDING' }, { inquiry: 'CLOSED' });
    expect(await flip.inquireAccount(ACCOUNT, HINTS)).toEqual({ status: 'not_found' });
    expect(gateway.requests).toHaveLength(2);
  });
});

describe('Flip account inquiry: failures are unavailable, never a wrong answer', () => {
  it('logs a refused key as a configuration error, without the key', async () => {
    const { flip, logs, sleeps } = provider({ secretKey: 'wrong-secret-key-0123' });
    expect(await flip.inquireAccount(ACCOUNT, HINTS)).toEqual({ status: 'unavailable' });
    expect(gateway.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(logs).toEqual([
      {
        level: 'error',
        fields: { provider: 'flip', reason: 'credentials', bank: 'BCA', attempt: 1, httpStatus: 401 },
        message: expect.stringMatching(/configuration error.*FLIP_SECRET_KEY/),
      },
    ]);
    expect(logText(logs)).not.toContain('wrong-secret-key-0123');
  });

  it('falls back to a warning when the logger has no error level', async () => {
    const warnings: string[] = [];
    const flip = new FlipAccountInquiryProvider(
      {
        baseUrl: gateway.baseUrl,
        secretKey: 'wrong',
        timeoutMs: 2000,
        pendingRetries: 0,
        pendingRetryDelayMs: 0,
      },
      { log: { warn: (_fields, message) => warnings.push(message) } },
    );
    expect(await flip.inquireAccount(ACCOUNT, HINTS)).toEqual({ status: 'unavailable' });
    expect(warnings).toEqual([expect.stringMatching(/configuration error/)]);
  });

  it.each([
    ['a 500', { status: 500, answer: '<html>Internal Server Error</html>' }, 'gateway_unavailable'],
    ['a 503', { status: 503, answer: { message: 'maintenance' } }, 'gateway_unavailable'],
    ['a 429', { status: 429, answer: { message: 'Too Many Requests' } }, 'rate_limited'],
    ['a 403', { status: 403, answer: { message: 'Forbidden' } }, 'credentials'],
    ['a 404', { status: 404, answer: { message: 'Not Found' } }, 'unexpected_answer'],
    [
      'a redirect',
      { status: 302, answer: '', headers: { location: 'http://elsewhere.test/' } },
      'unexpected_answer',
    ],
    ['an unreadable 200', { answer: '<html>maintenance</html>' }, 'unexpected_answer'],
    ['a 200 without status', { answer: { account_holder: HOLDER } }, 'unexpected_answer'],
    [
      'an unknown status',
      { answer: { status: 'SOMETHING_NEW', account_holder: HOLDER } },
      'unexpected_answer',
    ],
    ['SUCCESS without a holder', { answer: { status: 'SUCCESS', account_holder: ' ' } }, 'unexpected_answer'],
  ] as const)('answers unavailable for %s (%s)', async (_name, behaviour, reason) => {
    const { flip, logs, sleeps } = provider();
    gateway.script(behaviour);
    expect(await flip.inquireAccount(ACCOUNT, HINTS)).toEqual({ status: 'unavailable' });
    expect(gateway.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(logs).toHaveLength(1);
    expect(logs[0]?.fields).toMatchObject({
      provider: 'flip',
      reason,
      httpStatus: 'status' in behaviour ? behaviour.status : 200,
    });
    expectNothingPersonalOrSecret(logs);
  });

  it('does not follow a redirect (the key would go along)', async () => {
    const target = await startFakeFlipGateway();
    try {
      const { flip } = provider();
      gateway.script({
        status: 307,
        answer: '',
        headers: { location: `${target.baseUrl}/disbursement/bank-account-inquiry` },
      });
      expect(await flip.inquireAccount(ACCOUNT, HINTS)).toEqual({ status: 'unavailable' });
      expect(target.requests).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('gives up on a request that never answers after its timeout', async () => {
    const { flip, logs } = provider({ timeoutMs: 150 });
    gateway.script('hang');
    const started = Date.now();
    expect(await flip.inquireAccount(ACCOUNT, HINTS)).toEqual({ status: 'unavailable' });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(140);
    expect(elapsed).toBeLessThan(1500);
    expect(logs[0]?.fields).toMatchObject({ reason: 'timeout', attempt: 1 });
  });

  it('answers unavailable for a dropped connection and a server that is not there', async () => {
    const dropped = provider();
    gateway.script('drop');
    expect(await dropped.flip.inquireAccount(ACCOUNT, HINTS)).toEqual({ status: 'unavailable' });
    expect(dropped.logs[0]?.fields).toMatchObject({ reason: 'network' });

    const nowhere = provider({ baseUrl: 'http://127.0.0.1:9/api/v2' });
    expect(await nowhere.flip.inquireAccount(ACCOUNT, HINTS)).toEqual({ status: 'unavailable' });
    expect(nowhere.logs[0]?.fields).toMatchObject({ reason: 'network' });
    expectNothingPersonalOrSecret([...dropped.logs, ...nowhere.logs]);
  });

  it('reads a 422 on the account number as no such account, on anything else as our mistake', async () => {
    const numberRefused = provider();
    // The fake's own validation: Flip's contract refuses a number that is not digits.
    expect(
      await numberRefused.flip.inquireAccount({ bankCode: 'BCA', accountNumber: '12-34' }, HINTS),
    ).toEqual({ status: 'not_found' });
    expect(numberRefused.logs).toEqual([]);

    const bankRefused = provider();
    gateway.script({
      status: 422,
      answer: {
        code: 'VALIDATION_ERROR',
        errors: [{ attribute: 'bank_code', code: 1022, message: `bca ${NUMBER} ${HOLDER} is not valid` }],
      },
    });
    expect(await bankRefused.flip.inquireAccount(ACCOUNT, HINTS)).toEqual({ status: 'unavailable' });
    expect(bankRefused.logs[0]?.fields).toMatchObject({
      reason: 'validation_error',
      httpStatus: 422,
      refused: [{ attribute: 'bank_code', code: '1022' }],
    });
    // Flip's message is never logged: it may quote what we sent.
    expectNothingPersonalOrSecret(bankRefused.logs);

    const unreadable = provider();
    gateway.script({ status: 422, answer: '<html>Unprocessable</html>' });
    expect(await unreadable.flip.inquireAccount(ACCOUNT, HINTS)).toEqual({ status: 'unavailable' });
  });
});

describe('Flip account inquiry: bank codes', () => {
  it('maps every bank of the bank list to a Flip code', () => {
    for (const bank of BANKS) expect(FLIP_BANK_CODES[bank.code], bank.code).toMatch(/^[a-z_]+$/);
    expect(new Set(Object.values(FLIP_BANK_CODES)).size).toBe(Object.keys(FLIP_BANK_CODES).length);
  });

  it('sends the Flip code of each bank', async () => {
    const { flip } = provider();
    for (const [ours, theirs] of [
      ['BSI', 'bsm'],
      ['MAYBANK', 'bii'],
      ['BANK_DKI', 'dki'],
    ]) {
      gateway.reset();
      await flip.inquireAccount({ bankCode: ours!, accountNumber: NUMBER }, HINTS);
      expect(gateway.requests[0]?.fields.bank_code).toBe(theirs);
    }
  });

  it('answers unavailable, asking nobody, for a bank without a Flip code', async () => {
    const { flip, logs } = provider();
    for (const bankCode of ['MUAMALAT', 'toString', '__proto__'])
      expect(await flip.inquireAccount({ bankCode, accountNumber: NUMBER }, HINTS)).toEqual({
        status: 'unavailable',
      });
    expect(gateway.requests).toEqual([]);
    expect(logs[0]).toEqual({
      level: 'warn',
      fields: { provider: 'flip', reason: 'bank_not_mapped', bank: 'MUAMALAT' },
      message: 'bank account check unavailable',
    });
  });
});

describe('Flip account inquiry: sandbox or not', () => {
  it('is a sandbox exactly when pointed at Flip sandbox API', () => {
    expect(isFlipSandboxUrl(FLIP_SANDBOX_BASE_URL)).toBe(true);
    expect(isFlipSandboxUrl(`${FLIP_SANDBOX_BASE_URL}/`)).toBe(true);
    expect(isFlipSandboxUrl(FLIP_PRODUCTION_BASE_URL)).toBe(false);
    expect(isFlipSandboxUrl('http://127.0.0.1:4000/api/v2')).toBe(false);
    expect(provider({ baseUrl: FLIP_SANDBOX_BASE_URL }).flip.sandbox).toBe(true);
    expect(provider().flip).toMatchObject({ kind: 'account-inquiry', name: 'flip', sandbox: false });
  });
});
