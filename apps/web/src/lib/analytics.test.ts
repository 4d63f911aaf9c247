import { describe, expect, it, vi } from 'vitest';
import { flush } from './analytics-sender.ts';
import { track } from './analytics.ts';
import { LOCAL_KEYS } from './storage-keys.ts';

type Sent = { url: string; init: RequestInit; body: Record<string, unknown> };

function stubFetch(impl: () => Promise<Response> = async () => new Response('{}')) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      sent.push({ url, init, body: JSON.parse(String(init.body)) as Record<string, unknown> });
      return impl();
    }),
  );
  return sent;
}

describe('track()', () => {
  it('pushes to the data layer and sends a batch with the device id, fingerprint, cl and promote keys', async () => {
    localStorage.setItem(LOCAL_KEYS.token, 'tok-1');
    localStorage.setItem(LOCAL_KEYS.channel, 'oppo');
    localStorage.setItem(LOCAL_KEYS.promotePlatform, 'sepulsa');
    localStorage.setItem(LOCAL_KEYS.promoteAgency, '0');
    window.history.replaceState(null, '', '/home/unaudited?phone=6281234567890');
    const sent = stubFetch();
    window.dataLayer = [];

    track('H5_achievement_unlocked', { payments: 2, phone: '6281234567890' });
    track('H5_client_error', { kind: 'route', message: 'TypeError: x is undefined' });
    expect(window.dataLayer).toEqual([
      { event: 'H5_achievement_unlocked', payments: 2, phone: '6281234567890' },
      { event: 'H5_client_error', kind: 'route', message: 'TypeError: x is undefined' },
    ]);
    await vi.dynamicImportSettled();
    // Gathered, not sent one by one: the batch leaves on its timer or when the page is hidden.
    expect(sent).toHaveLength(0);
    window.dispatchEvent(new Event('pagehide'));

    expect(sent).toHaveLength(1);
    const [{ url, init, body }] = sent as [Sent];
    expect(url).toBe('/api/v1/analytics/events');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', Authorization: 'Bearer tok-1' });
    expect(body).toEqual({
      device_id: localStorage.getItem(LOCAL_KEYS.deviceId),
      dfp: localStorage.getItem(LOCAL_KEYS.fingerprint),
      cl: 'oppo',
      promote_platform: 'sepulsa',
      promote_agency: '0',
      events: [
        {
          name: 'H5_achievement_unlocked',
          at: expect.any(Number),
          page: '/home/unaudited',
          params: { payments: 2 },
        },
        {
          name: 'H5_client_error',
          at: expect.any(Number),
          page: '/home/unaudited',
          params: { kind: 'route' },
        },
      ],
    });
    expect(body.device_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(body.dfp).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(body)).not.toContain('6281234567890');
  });

  it('keeps the same device id and fingerprint from one batch to the next', async () => {
    const sent = stubFetch();
    track('H5_spent_credits');
    await vi.dynamicImportSettled();
    flush();
    track('H5_spent_credits');
    await vi.dynamicImportSettled();
    flush();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body.device_id).toBe(sent[0]!.body.device_id);
    expect(sent[1]!.body.dfp).toBe(sent[0]!.body.dfp);
  });

  it('never throws, whatever fails: the request, fetch itself, storage, the data layer', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(() => track('H5_submit_loan_application')).not.toThrow();
    await vi.dynamicImportSettled();
    expect(() => flush()).not.toThrow();

    vi.stubGlobal('fetch', () => {
      throw new Error('no fetch here');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('storage refused');
    });
    Object.defineProperty(window, 'dataLayer', {
      configurable: true,
      get: () => {
        throw new Error('blocked by an extension');
      },
    });
    try {
      expect(() => track('H5_spent_credits', { payments: 1 })).not.toThrow();
      await vi.dynamicImportSettled();
      expect(() => window.dispatchEvent(new Event('pagehide'))).not.toThrow();
    } finally {
      Object.defineProperty(window, 'dataLayer', { configurable: true, writable: true, value: [] });
    }
  });
});
