import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AnalyticsBatchInput } from '@kaskita/domain/contract/analytics';
import { analyticsEvents } from '../../src/providers/analytics/analytics-events-schema.ts';
import { ANALYTICS_LIMITS } from '../../src/modules/analytics/analytics-service.ts';
import { call, newIp, signIn, useTestApp } from '../helpers/test-app.ts';

/** POST /v1/analytics/events with the default provider, which keeps events in analytics_events (/dev/analytics). */
const t = useTestApp();

let devices = 0;
const newDevice = () => `3f0c2a9e-0000-4000-8000-${String(++devices).padStart(12, '0')}`;

function batch(overrides: Partial<AnalyticsBatchInput> = {}): AnalyticsBatchInput {
  return {
    device_id: newDevice(),
    dfp: '9a3c51e07b2d4f68',
    cl: 'oppo',
    promote_platform: 'sepulsa',
    promote_agency: '0',
    events: [{ name: 'H5_spent_credits', at: Date.parse('2026-03-02T02:59:58Z'), page: '/home/unaudited' }],
    ...overrides,
  };
}

function send(payload: unknown, options: { ip?: string; token?: string } = {}) {
  return call<{ accepted: number }>(t.app, {
    method: 'POST',
    url: '/api/v1/analytics/events',
    payload: payload as Record<string, unknown>,
    ip: options.ip ?? newIp(),
    ...(options.token ? { token: options.token } : {}),
  });
}

const rowsOf = (deviceId: string) =>
  t.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.deviceId, deviceId));

describe('POST /v1/analytics/events', () => {
  it('stores a batch with the device id, fingerprint, cl, promote keys, page and both times', async () => {
    const sent = batch({
      events: [
        { name: 'H5_complete_registration', at: Date.parse('2026-03-02T02:59:50Z'), page: '/login/main' },
        { name: 'H5_achievement_unlocked', at: Date.parse('2026-03-02T02:59:55Z'), params: { payments: 2 } },
      ],
    });
    const { res, body } = await send(sent);
    expect(res.statusCode).toBe(200);
    expect(body.data).toEqual({ accepted: 2 });
    const rows = await rowsOf(sent.device_id);
    expect(rows.map(({ id: _id, ...r }) => r)).toEqual([
      {
        name: 'H5_complete_registration',
        occurredAt: new Date('2026-03-02T02:59:50Z'),
        receivedAt: t.clock.now(),
        userId: null,
        deviceId: sent.device_id,
        fingerprint: '9a3c51e07b2d4f68',
        channel: 'oppo',
        promotePlatform: 'sepulsa',
        promoteAgency: '0',
        page: '/login/main',
        params: {},
      },
      expect.objectContaining({ name: 'H5_achievement_unlocked', page: null, params: { payments: 2 } }),
    ]);
  });

  it('attaches the borrower of a valid token; an invalid token is ignored, not refused', async () => {
    const { token } = await signIn(t.app);
    const signedIn = batch();
    expect((await send(signedIn, { token })).body.code).toBe(200);
    const [row] = await rowsOf(signedIn.device_id);
    expect(row?.userId).toEqual(expect.any(String));

    const stale = batch();
    const { body } = await send(stale, { token: 'not-a-token' });
    expect(body.code).toBe(200);
    expect((await rowsOf(stale.device_id))[0]?.userId).toBeNull();
  });

  it('refuses an event name outside the list (4000, naming the field), storing nothing of the batch', async () => {
    const sent = batch({
      events: [{ name: 'H5_spent_credits', at: 1 }, { name: 'phone_6281234567890', at: 1 } as never],
    });
    const { res, body } = await send(sent);
    expect(res.statusCode).toBe(400);
    expect(body.code).toBe(4000);
    expect(JSON.stringify(body.data)).toContain('events.1.name');
    expect(await rowsOf(sent.device_id)).toEqual([]);
  });

  it('drops personal data: unknown fields and params, the page query; free text in a param is refused', async () => {
    const sent = {
      ...batch(),
      phone: '6281234567890',
      events: [
        {
          name: 'H5_submit_loan_application',
          at: 1,
          page: '/index?phone=6281234567890&authorization=abc',
          nik: '3171050101900001',
          params: { name: 'Siti Rahayu', amount: 'Rp 2.000.000', phone: '6281234567890', kind: 'render' },
        },
      ],
    };
    expect((await send(sent)).body.code).toBe(200);
    const rows = await rowsOf(sent.device_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ page: '/index', params: { kind: 'render' } });
    const stored = JSON.stringify(rows);
    for (const personal of ['6281234567890', '3171050101900001', 'Siti', 'Rp', 'authorization'])
      expect(stored).not.toContain(personal);

    const freeText = batch({
      events: [{ name: 'H5_client_error', at: 1, params: { kind: 'TypeError: 6281234567890 not found' } }],
    });
    expect((await send(freeText)).body.code).toBe(4000);
  });

  it('takes at most 20 events a batch', async () => {
    const event = { name: 'H5_spent_credits' as const, at: 1 };
    expect((await send(batch({ events: Array(20).fill(event) }))).body.code).toBe(200);
    expect((await send(batch({ events: Array(21).fill(event) }))).body.code).toBe(4000);
    expect((await send(batch({ events: [] }))).body.code).toBe(4000);
  });

  it('limits batches per network (4029 with retry_after), counting other addresses apart', async () => {
    const ip = newIp();
    const { max } = ANALYTICS_LIMITS.batchesPerNetwork;
    for (let i = 0; i < max; i++) expect((await send(batch(), { ip })).body.code).toBe(200);
    const { res, body } = await send(batch(), { ip });
    expect(res.statusCode).toBe(429);
    expect(body).toMatchObject({ code: 4029, data: { retry_after: expect.any(Number) } });
    expect((await send(batch())).body.code).toBe(200);
  });

  it('is refused when another site makes the browser send it', async () => {
    const { body } = await call(t.app, {
      method: 'POST',
      url: '/api/v1/analytics/events',
      payload: batch(),
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(body.code).not.toBe(200);
  });
});

describe('GET /dev/analytics', () => {
  it('lists the newest events first, escaped', async () => {
    const older = batch({ events: [{ name: 'H5_spent_credits', at: 1, page: '/home' }] });
    const newer = batch({
      cl: 'x<b>y',
      events: [{ name: 'H5_client_error', at: 2, params: { kind: 'chunk_load' } }],
    });
    expect((await send(older)).body.code).toBe(200);
    expect((await send(newer)).body.code).toBe(4000); // cl is a token, never markup
    const fine = batch({ events: [{ name: 'H5_client_error', at: 2, params: { kind: 'chunk_load' } }] });
    expect((await send(fine)).body.code).toBe(200);

    const res = await t.app.inject({ method: 'GET', url: '/dev/analytics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('Dev analytics');
    const at = (device: string) => res.body.indexOf(device);
    expect(at(fine.device_id)).toBeGreaterThan(-1);
    expect(at(older.device_id)).toBeGreaterThan(at(fine.device_id));
    expect(res.body).toContain('{&quot;kind&quot;:&quot;chunk_load&quot;}');
  });
});
