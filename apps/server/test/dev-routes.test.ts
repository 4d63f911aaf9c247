import { describe, expect, it } from 'vitest';
import { call, latestCode, newPhone, requestCode, useTestApp } from './helpers/test-app.ts';

const t = useTestApp();

describe('dev routes', () => {
  it('lists the outbox newest first, for any spelling of the phone', async () => {
    const phone = newPhone();
    // Codes are delivered by a job after the request (the outbox), stamped with the clock when they arrive.
    await requestCode(t.app, phone);
    await t.app.jobs.whenIdle();
    t.clock.advance(61);
    await requestCode(t.app, phone);
    await t.app.jobs.whenIdle();
    const spellings = [phone, `62${phone.slice(1)}`, `+62 ${phone.slice(1)}`];
    const answers = await Promise.all(
      spellings.map((p) =>
        call<Array<{ to: string; code: string; created_at: string; text: string }>>(t.app, {
          method: 'GET',
          url: '/api/dev/outbox',
          query: { phone: p },
        }),
      ),
    );
    for (const { body } of answers) {
      expect(body.data).toHaveLength(2);
      expect(body.data[0]?.to).toBe(`62${phone.slice(1)}`);
      expect(Date.parse(body.data[0]!.created_at)).toBeGreaterThan(Date.parse(body.data[1]!.created_at));
      expect(body.data[0]?.text).toContain(body.data[0]?.code);
    }
    expect(await latestCode(t.app, phone)).toBe(answers[0]!.body.data[0]!.code);
  });

  it('answers a captcha code, 4040 for unknown ids', async () => {
    const { body } = await call<{ id: string }>(t.app, { method: 'GET', url: '/api/v1/captcha' });
    const answer = await call<{ code: string }>(t.app, {
      method: 'GET',
      url: `/api/dev/captcha/${body.data.id}`,
    });
    expect(answer.body.data.code).toMatch(/^[A-Z0-9]{4,5}$/);
    expect((await call(t.app, { method: 'GET', url: '/api/dev/captcha/unknown' })).body.code).toBe(4040);
  });
});

describe('GET /dev/outbox (page)', () => {
  it('lists the codes as an escaped HTML page, filtered by phone', async () => {
    const phone = newPhone();
    await requestCode(t.app, phone);
    const code = await latestCode(t.app, phone);
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox', query: { phone: `<b>${phone}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    // The typed filter is echoed escaped, never as markup.
    expect(res.body).toContain(`&lt;b&gt;${phone}`);
    expect(res.body).not.toContain(`<b>${phone}`);

    const filtered = await t.app.inject({ method: 'GET', url: '/dev/outbox', query: { phone } });
    expect(filtered.body).toContain(`<td class="code">${code}</td>`);
    expect(filtered.body).toContain(`<td>${phone}</td>`);
  });
});

describe('POST /dev/clock', () => {
  const jakartaTime = (iso: string) => new Date(Date.parse(iso) + 7 * 3_600_000).toISOString().slice(11, 16);
  const advance = (payload: object) =>
    call<{ now: string; business_date: string }>(t.app, { method: 'POST', url: '/api/dev/clock', payload });

  it('moves on to the next moment the Jakarta clock reads `at_wib`, after the days, never back', async () => {
    const before = t.clock.now().getTime();
    const first = await advance({ days: 0, at_wib: '10:00' });
    expect(first.body.code).toBe(200);
    expect(jakartaTime(first.body.data.now)).toBe('10:00');
    const moved = Date.parse(first.body.data.now) - before;
    expect(moved).toBeGreaterThanOrEqual(0);
    expect(moved).toBeLessThan(86_400_000);
    // Already 10:00: stays; a day and 09:30 is the next morning's 09:30, 23.5 hours after the day.
    expect((await advance({ days: 0, at_wib: '10:00' })).body.data.now).toBe(first.body.data.now);
    const next = await advance({ days: 1, at_wib: '09:30' });
    expect(Date.parse(next.body.data.now) - Date.parse(first.body.data.now)).toBe((24 + 23.5) * 3_600_000);
    expect((await advance({ days: 0, at_wib: '24:00' })).body.code).toBe(4000);
  });

  it('moves on by seconds, after the days (what a journey waits out, a resend interval, it skips)', async () => {
    const before = t.clock.now().getTime();
    const moved = await advance({ days: 1, seconds: 61 });
    expect(moved.body.code).toBe(200);
    expect(Date.parse(moved.body.data.now) - before).toBe((86_400 + 61) * 1000);
    expect((await advance({ days: 0, seconds: -1 })).body.code).toBe(4000);
    expect((await advance({ days: 0, seconds: 86_401 })).body.code).toBe(4000);
  });
});
