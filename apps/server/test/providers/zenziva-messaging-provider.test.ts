import { inspect } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serializeError } from '../../src/plugins/server-options.ts';
import { MessagingError } from '../../src/providers/messaging/messaging-provider.ts';
import {
  reasonOfGatewayText,
  ZenzivaMessagingProvider,
  type ZenzivaConfig,
} from '../../src/providers/messaging/zenziva-messaging-provider.ts';
import {
  FAKE_SMS_KEYS,
  FAKE_WA_KEYS,
  startFakeZenzivaGateway,
  type FakeZenzivaGateway,
} from '../helpers/fake-zenziva-gateway.ts';

const PHONE = '6281234567890';
const CODE = '482913';
const TEXT = `KasKita: kode verifikasi Anda ${CODE}.`;

let gateway: FakeZenzivaGateway;
beforeAll(async () => {
  gateway = await startFakeZenzivaGateway();
});
afterAll(() => gateway.close());
beforeEach(() => gateway.reset());

interface Harness {
  provider: ZenzivaMessagingProvider;
  sleeps: number[];
  logs: Array<{ fields: Record<string, unknown>; message: string }>;
}

function provider(config: Partial<ZenzivaConfig> = {}): Harness {
  const sleeps: number[] = [];
  const logs: Harness['logs'] = [];
  const provider = new ZenzivaMessagingProvider(
    {
      baseUrl: gateway.url,
      sms: FAKE_SMS_KEYS,
      whatsapp: FAKE_WA_KEYS,
      timeoutMs: 2000,
      maxAttempts: 2,
      retryDelayMs: 300,
      ...config,
    },
    {
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      log: { warn: (fields, message) => logs.push({ fields, message }) },
    },
  );
  return { provider, sleeps, logs };
}

async function failure(promise: Promise<unknown>): Promise<MessagingError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MessagingError);
  return error as MessagingError;
}

describe('Zenziva messaging provider: the documented contract', () => {
  it('posts exactly userkey, passkey, to and message, form-encoded, to the SMS endpoint', async () => {
    const { provider: zenziva } = provider();
    const receipt = await zenziva.send({ to: PHONE, text: TEXT, reference: CODE });

    expect(receipt.providerMessageId).toMatch(/^\d+$/);
    expect(gateway.requests).toHaveLength(1);
    const [request] = gateway.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/reguler/api/sendsms/');
    expect(request?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    // The code itself is not a field: the gateway gets the text, nothing else of ours.
    expect(request?.fields).toEqual({ ...FAKE_SMS_KEYS, to: PHONE, message: TEXT });
  });

  it('sends WhatsApp to the WA endpoint with the WhatsApp keys', async () => {
    const { provider: zenziva } = provider();
    await zenziva.send({ channel: 'whatsapp', to: PHONE, text: 'Halo' });

    expect(gateway.requests[0]?.path).toBe('/wareguler/api/sendWA/');
    expect(gateway.requests[0]?.fields).toEqual({ ...FAKE_WA_KEYS, to: PHONE, message: 'Halo' });
    expect(gateway.delivered).toEqual([{ channel: 'whatsapp', to: PHONE, message: 'Halo' }]);
  });
});

describe('Zenziva messaging provider: refusals are final', () => {
  it('maps wrong keys to a non-retryable credentials error, sent once', async () => {
    const { provider: zenziva, sleeps } = provider({ sms: { userkey: 'wrong', passkey: 'wrong-too' } });
    const error = await failure(zenziva.send({ to: PHONE, text: TEXT }));
    expect(error).toMatchObject({ reason: 'credentials', retryable: false, attempts: 1, channel: 'sms' });
    expect(gateway.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('maps a number the gateway refuses to a non-retryable invalid_recipient error', async () => {
    const { provider: zenziva } = provider();
    const error = await failure(zenziva.send({ to: '62123', text: TEXT }));
    expect(error).toMatchObject({ reason: 'invalid_recipient', retryable: false });
    expect(gateway.requests).toHaveLength(1);
  });

  it.each([
    ['no balance', { status: '0', text: 'Saldo tidak mencukupi' }, 200, 'insufficient_balance'],
    ['expired balance', { status: '0', text: 'Masa aktif saldo habis' }, 200, 'insufficient_balance'],
    ['keys refused with HTTP 400', { status: '0', text: 'Userkey atau Passkey Salah' }, 400, 'credentials'],
    ['an unknown refusal', { status: '0', text: 'Pesan mengandung kata terlarang' }, 200, 'rejected'],
    ['a 403 without a body we can read', '<html>Forbidden</html>', 403, 'credentials'],
    ['an unreadable 200 (the message may have gone)', '<html>maintenance</html>', 200, 'unexpected_answer'],
    ['a redirect', '', 302, 'unexpected_answer'],
  ] as const)('maps %s to its reason, never retried', async (_name, answer, status, reason) => {
    const { provider: zenziva, sleeps } = provider({ maxAttempts: 3 });
    gateway.script({ answer, status, headers: status === 302 ? { location: 'http://elsewhere.test/' } : {} });
    const error = await failure(zenziva.send({ to: PHONE, text: TEXT }));
    expect(error).toMatchObject({ reason, retryable: false, httpStatus: status });
    expect(gateway.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('reads the reason from Indonesian and English refusal texts', () => {
    expect(reasonOfGatewayText('Userkey / Passkey Salah')).toBe('credentials');
    expect(reasonOfGatewayText('Invalid API key')).toBe('credentials');
    expect(reasonOfGatewayText('Credit tidak mencukupi')).toBe('insufficient_balance');
    expect(reasonOfGatewayText('Invalid destination number')).toBe('invalid_recipient');
    expect(reasonOfGatewayText('Gagal')).toBe('rejected');
  });
});

describe('Zenziva messaging provider: retries', () => {
  it('retries a 500 after a backoff and succeeds', async () => {
    const { provider: zenziva, sleeps, logs } = provider();
    gateway.script({ status: 500, answer: '<html>Internal Server Error</html>' });
    const receipt = await zenziva.send({ to: PHONE, text: TEXT });

    expect(receipt.providerMessageId).toMatch(/^\d+$/);
    expect(gateway.requests).toHaveLength(2);
    expect(gateway.delivered).toHaveLength(1);
    expect(sleeps).toHaveLength(1);
    // 300 ms with jitter in [50%, 100%].
    expect(sleeps[0]).toBeGreaterThanOrEqual(150);
    expect(sleeps[0]).toBeLessThanOrEqual(300);
    expect(logs).toEqual([
      {
        message: 'message not sent, retrying',
        fields: expect.objectContaining({ reason: 'gateway_unavailable', httpStatus: 500, attempt: 1 }),
      },
    ]);
  });

  it('gives up after ZENZIVA_MAX_ATTEMPTS with a retryable error, doubling the backoff', async () => {
    const { provider: zenziva, sleeps } = provider({ maxAttempts: 3 });
    gateway.script(
      { status: 502, answer: 'bad gateway' },
      { status: 503, answer: 'unavailable' },
      { status: 500, answer: 'error' },
    );
    const error = await failure(zenziva.send({ to: PHONE, text: TEXT }));
    expect(error).toMatchObject({
      reason: 'gateway_unavailable',
      retryable: true,
      attempts: 3,
      httpStatus: 500,
    });
    expect(gateway.requests).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[1]).toBeGreaterThanOrEqual(300);
    expect(sleeps[1]).toBeLessThanOrEqual(600);
  });

  it('retries a timeout, then fails with a retryable timeout error', async () => {
    const { provider: zenziva, sleeps } = provider({ timeoutMs: 150 });
    gateway.script('hang', 'hang');
    const started = Date.now();
    const error = await failure(zenziva.send({ to: PHONE, text: TEXT }));
    expect(error).toMatchObject({ reason: 'timeout', retryable: true, attempts: 2 });
    expect(gateway.requests).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
    // Two timeouts of 150 ms, not the gateway's pace.
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('retries a dropped connection as a network error', async () => {
    const { provider: zenziva } = provider();
    gateway.script('drop');
    await zenziva.send({ to: PHONE, text: TEXT });
    expect(gateway.requests).toHaveLength(2);
    expect(gateway.delivered).toHaveLength(1);
  });

  it('fails with a retryable network error when nothing listens', async () => {
    const closed = await startFakeZenzivaGateway();
    await closed.close();
    const { provider: zenziva, sleeps } = provider({ baseUrl: closed.url });
    const error = await failure(zenziva.send({ to: PHONE, text: TEXT }));
    expect(error).toMatchObject({ reason: 'network', retryable: true, attempts: 2 });
    expect(sleeps).toHaveLength(1);
  });

  it('waits as long as a 429 asks, and gives up at once when it asks too long', async () => {
    const { provider: zenziva, sleeps } = provider();
    gateway.script({
      status: 429,
      answer: { status: '0', text: 'Too many requests' },
      headers: { 'retry-after': '2' },
    });
    await zenziva.send({ to: PHONE, text: TEXT });
    expect(sleeps).toEqual([2000]);

    gateway.script({ status: 429, answer: 'slow down', headers: { 'retry-after': '60' } });
    const error = await failure(zenziva.send({ to: PHONE, text: TEXT }));
    expect(error).toMatchObject({ reason: 'rate_limited', retryable: true, attempts: 1 });
    expect(sleeps).toEqual([2000]);
  });

  it('never retries with ZENZIVA_MAX_ATTEMPTS=1 (a job runner retries instead)', async () => {
    const { provider: zenziva, sleeps } = provider({ maxAttempts: 1 });
    gateway.script({ status: 500, answer: 'error' });
    const error = await failure(zenziva.send({ to: PHONE, text: TEXT }));
    expect(error).toMatchObject({ reason: 'gateway_unavailable', retryable: true, attempts: 1 });
    expect(gateway.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});

describe('Zenziva messaging provider: nothing secret or personal leaks', () => {
  const secrets = [FAKE_SMS_KEYS.userkey, FAKE_SMS_KEYS.passkey, PHONE, PHONE.slice(2), CODE];

  /** Every way an error reaches a log or a person: its text, stack, the app's log serializer, util.inspect. */
  const renderings = (error: MessagingError) => [
    String(error),
    error.stack ?? '',
    JSON.stringify(serializeError(error)),
    inspect(error, { depth: 10 }),
  ];

  it.each([
    [
      'a refusal that echoes the keys, the phone and the text',
      {
        answer: {
          status: '0',
          text: `Userkey ${FAKE_SMS_KEYS.userkey} / Passkey ${FAKE_SMS_KEYS.passkey} salah untuk ${PHONE}: ${TEXT}`,
        },
      },
    ],
    ['a 500', { status: 500, answer: `error for ${PHONE}` }],
    ['a timeout', 'hang'],
    ['a dropped connection', 'drop'],
  ] as const)('%s', async (_name, behaviour) => {
    const { provider: zenziva, logs } = provider({ timeoutMs: 150 });
    gateway.script(behaviour, behaviour);
    const error = await failure(zenziva.send({ to: PHONE, text: TEXT, reference: CODE }));

    for (const text of [...renderings(error), JSON.stringify(logs)])
      for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it('keeps the gateway words, without digits, in the error message', async () => {
    const { provider: zenziva } = provider();
    gateway.script({ answer: { status: '0', text: `Nomor ${PHONE} tidak valid` } });
    const error = await failure(zenziva.send({ to: PHONE, text: TEXT }));
    expect(error.message).toBe(
      'zenziva sms message not sent: invalid_recipient (HTTP 200): Nomor # tidak valid',
    );
  });
});
