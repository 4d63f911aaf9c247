import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AnalyticsBatchInput } from '@kaskita/domain/contract/analytics';
import type { SmsProvider } from '../../src/providers/sms/sms-provider.ts';
import {
  readBody,
  sendAnswer,
  serveLocally,
  withheld,
  type LocalServer,
} from '../helpers/fake-http-server.ts';
import { call, newIp, signIn, useTestApp } from '../helpers/test-app.ts';

/**
 * ANALYTICS_PROVIDER=ga4 against a local stand-in of GA4's Measurement Protocol collector (POST /mp/collect, JSON,
 * measurement id and API secret in the query; Google answers 204 whatever the payload).
 */
interface Collected {
  path: string;
  query: URLSearchParams;
  contentType: string;
  body: Record<string, unknown>;
  raw: string;
}

const collected: Collected[] = [];
/** The next answers: a status, or a request withheld ('hang', 'drop'). */
const script: Array<number | 'hang' | 'drop'> = [];
let collector: LocalServer;

async function collect(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const raw = await readBody(req);
  const url = new URL(req.url ?? '/', 'http://collector');
  collected.push({
    path: url.pathname,
    query: url.searchParams,
    contentType: String(req.headers['content-type']),
    body: JSON.parse(raw) as Record<string, unknown>,
    raw,
  });
  const next = script.shift() ?? 204;
  if (withheld(next, req)) return;
  sendAnswer(res, next as number, next === 204 ? '' : { error: 'no' });
}

beforeAll(async () => {
  collector = await serveLocally(collect);
});
afterAll(() => collector.close());
beforeEach(() => {
  collected.length = 0;
  script.length = 0;
});

const GA4 = {
  ANALYTICS_PROVIDER: 'ga4',
  GA4_MEASUREMENT_ID: 'G-KASKITA01',
  GA4_API_SECRET: 'ga4-test-api-secret',
  GA4_TIMEOUT_MS: 300,
} as const;

const batch = (): AnalyticsBatchInput => ({
  device_id: '5b1f4c2e-8d7a-4e3b-9f10-2a6c8e4d1b01',
  dfp: 'c0ffee00deadbeef',
  cl: 'oppo',
  promote_platform: 'sepulsa',
  promote_agency: 'agency-7',
  events: [
    { name: 'H5_submit_loan_application', at: 1, page: '/home/borrowing-plan?money=2000000' },
    { name: 'H5_achievement_unlocked', at: 2, page: '/bill', params: { payments: 3 } },
  ],
});

describe('the GA4 provider', () => {
  const t = useTestApp({ env: { ...GA4, GA4_BASE_URL: 'http://127.0.0.1:1' } }, {});
  let app: typeof t.app;
  beforeAll(async () => {
    app = await t.rebuild({ env: { ...GA4, GA4_BASE_URL: collector.url } });
  });
  const send = (token?: string) =>
    call<{ accepted: number }>(app, {
      method: 'POST',
      url: '/api/v1/analytics/events',
      payload: { ...batch(), phone: '6281234567890' },
      ip: newIp(),
      ...(token ? { token } : {}),
    });

  it('posts the batch to /mp/collect with the measurement id and secret, the device id as client_id', async () => {
    const { token } = await signIn(app);
    const { body } = await send(token);
    expect(body.data).toEqual({ accepted: 2 });
    expect(collected).toHaveLength(1);
    const [request] = collected;
    expect(request!.path).toBe('/mp/collect');
    expect(Object.fromEntries(request!.query)).toEqual({
      measurement_id: 'G-KASKITA01',
      api_secret: 'ga4-test-api-secret',
    });
    expect(request!.contentType).toBe('application/json');
    expect(request!.body).toEqual({
      client_id: '5b1f4c2e-8d7a-4e3b-9f10-2a6c8e4d1b01',
      events: [
        {
          name: 'H5_submit_loan_application',
          params: {
            page_path: '/home/borrowing-plan',
            cl: 'oppo',
            promote_platform: 'sepulsa',
            promote_agency: 'agency-7',
          },
        },
        {
          name: 'H5_achievement_unlocked',
          params: {
            page_path: '/bill',
            cl: 'oppo',
            promote_platform: 'sepulsa',
            promote_agency: 'agency-7',
            payments: 3,
          },
        },
      ],
    });
    // Never the borrower, the fingerprint, the amount in the page's query or anything personal sent alongside.
    expect(request!.raw).not.toMatch(/user_id|c0ffee00deadbeef|2000000|6281234567890/);
  });

  it('never fails the call when GA4 refuses, answers late or drops the connection', async () => {
    script.push(500, 'hang', 'drop', 403);
    for (let i = 0; i < 4; i++) {
      const { res, body } = await send();
      expect(res.statusCode).toBe(200);
      expect(body.data).toEqual({ accepted: 2 });
    }
    expect(collected).toHaveLength(4);
  });

  it('has no /dev/analytics page (nothing is kept here)', async () => {
    expect(app.hasRoute({ method: 'GET', url: '/dev/analytics' })).toBe(false);
  });
});

describe('/dev/analytics in production', () => {
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
      ...GA4,
      GA4_BASE_URL: 'http://127.0.0.1:1',
    },
    smsProvider: realSms,
  });

  it('answers 404, while the events call is there', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/analytics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Dev analytics');
    expect(t.app.hasRoute({ method: 'POST', url: '/api/v1/analytics/events' })).toBe(true);
  });
});
