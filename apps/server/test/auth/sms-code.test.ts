import { AUTH_LIMITS } from '../../src/modules/auth/auth-limits.ts';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  call,
  latestCode,
  newIp,
  newPhone,
  outboxCount,
  requestCode,
  signIn,
  solvedCaptcha as solvedCaptchaFor,
  useTestApp,
} from '../helpers/test-app.ts';

const t = useTestApp();

/** Requests codes for a phone until one answers captcha=1, waiting out the cooldown between them. */
async function exhaustFreeCodes(phone: string, ip = newIp()) {
  for (let i = 0; i < 3; i++) {
    const { body } = await requestCode(t.app, phone, ip);
    expect(body.data).toEqual({ captcha: 0, resend_in: 60 });
    t.clock.advance(61);
  }
}

const solvedCaptcha = () => solvedCaptchaFor(t.app);

describe('GET /api/v2/sms_code', () => {
  it('sends a 6-digit code to the normalised phone, whatever the spelling', async () => {
    const phone = newPhone();
    const { res, body } = await requestCode(t.app, `+62 ${phone.slice(1, 4)}-${phone.slice(4)}`);
    expect(res.statusCode).toBe(200);
    expect(body).toEqual({ code: 200, msg: 'OK', data: { captcha: 0, resend_in: 60 } });
    expect(await latestCode(t.app, phone)).toMatch(/^\d{6}$/);
  });

  it('rejects a bad phone with 4001 and the field message in id-ID by default, en-US on request', async () => {
    const id = await requestCode(t.app, '12345');
    expect(id.res.statusCode).toBe(400);
    expect(id.body).toEqual({
      code: 4001,
      msg: 'Masukkan nomor HP yang valid (10-14 digit)',
      data: { fields: { phone: 'phone.invalid' } },
    });
    const en = await call(t.app, {
      method: 'GET',
      url: '/api/v2/sms_code?phone=12345',
      headers: { lan: 'en-us' },
    });
    expect(en.body.msg).toBe('Please enter a valid mobile number (10-14 digits)');
    const missing = await call(t.app, { method: 'GET', url: '/api/v2/sms_code' });
    expect(missing.body).toMatchObject({ code: 4000, data: { fields: { phone: 'phone.required' } } });
  });

  it('enforces the 60 s cooldown with retry_after', async () => {
    const phone = newPhone();
    await requestCode(t.app, phone);
    t.clock.advance(20);
    const { res, body } = await requestCode(t.app, phone);
    expect(res.statusCode).toBe(429);
    expect(body).toMatchObject({ code: 4013, data: { retry_after: 40 } });
    expect(res.headers['retry-after']).toBe('40');
    t.clock.advance(40);
    expect((await requestCode(t.app, phone)).body.code).toBe(200);
  });

  it('asks for a captcha after 3 codes in an hour and sends nothing', async () => {
    const phone = newPhone();
    await exhaustFreeCodes(phone);
    const { body } = await requestCode(t.app, phone);
    expect(body).toEqual({ code: 200, msg: 'OK', data: { captcha: 1, resend_in: 0 } });
    expect(await outboxCount(t.app, phone)).toBe(3);
  });

  it('rejects a wrong captcha with 4021 and burns it; a right one sends the code', async () => {
    const phone = newPhone();
    await exhaustFreeCodes(phone);
    const captcha = await solvedCaptcha();
    const wrong = await requestCode(t.app, phone, newIp(), {
      captcha_id: captcha.captcha_id,
      captcha_code: 'ZZZZ',
    });
    expect(wrong.body.code).toBe(4021);
    // Burned: even the right answer no longer works.
    const reused = await requestCode(t.app, phone, newIp(), captcha);
    expect(reused.body.code).toBe(4021);
    const unknown = await requestCode(t.app, phone, newIp(), {
      captcha_id: randomUUID(),
      captcha_code: 'ABCD',
    });
    expect(unknown.body.code).toBe(4021);
    // Captcha ids are UUIDs: anything else is a validation error before any lookup.
    const notAnId = await requestCode(t.app, phone, newIp(), { captcha_id: 'nope', captcha_code: 'ABCD' });
    expect(notAnId.body).toMatchObject({ code: 4000, data: { fields: { captcha_id: 'field.invalid' } } });

    const fresh = await solvedCaptcha();
    const ok = await requestCode(t.app, phone, newIp(), {
      ...fresh,
      captcha_code: fresh.captcha_code.toLowerCase(),
    });
    expect(ok.body).toEqual({ code: 200, msg: 'OK', data: { captcha: 0, resend_in: 60 } });
    expect(await outboxCount(t.app, phone)).toBe(4);
  });

  it('reads blank captcha fields as absent', async () => {
    const phone = newPhone();
    const blank = { captcha_id: '', captcha_code: ' ' };
    expect((await requestCode(t.app, newPhone(), newIp(), blank)).body.data).toEqual({
      captcha: 0,
      resend_in: 60,
    });
    await exhaustFreeCodes(phone);
    expect((await requestCode(t.app, phone, newIp(), blank)).body.data).toEqual({ captcha: 1, resend_in: 0 });
  });

  it('expires captcha answers after 5 minutes', async () => {
    const phone = newPhone();
    await exhaustFreeCodes(phone);
    const captcha = await solvedCaptcha();
    t.clock.advance(301);
    expect((await requestCode(t.app, phone, newIp(), captcha)).body.code).toBe(4021);
  });

  it('asks for a captcha when one IP has sent more than 10 codes in an hour', async () => {
    const ip = newIp();
    for (let i = 0; i < 10; i++)
      expect((await requestCode(t.app, newPhone(), ip)).body.data).toMatchObject({ captcha: 0 });
    const phone = newPhone();
    expect((await requestCode(t.app, phone, ip)).body.data).toEqual({ captcha: 1, resend_in: 0 });
    expect(await outboxCount(t.app, phone)).toBe(0);
    // From another network the same phone needs no captcha.
    expect((await requestCode(t.app, phone, newIp())).body.data).toMatchObject({ captcha: 0 });
  });

  it('stops one address at 10 codes a Jakarta day for a phone with 4056, which a captcha cannot lift; others still get theirs', async () => {
    const phone = newPhone();
    const ip = newIp();
    for (let i = 0; i < 10; i++) {
      const extra = i >= 3 ? await solvedCaptcha() : {};
      const { body } = await requestCode(t.app, phone, ip, extra);
      expect(body.data).toMatchObject({ captcha: 0 });
      t.clock.advance(61);
    }
    const { res, body } = await requestCode(t.app, phone, ip, await solvedCaptcha());
    expect(res.statusCode).toBe(429);
    expect(body.code).toBe(4056);
    expect(body.data).toMatchObject({ retry_after: expect.any(Number) });
    expect(await outboxCount(t.app, phone)).toBe(10);
    // The owner on another connection is not blocked by those ten (a captcha, since the phone had many this hour).
    const owner = await requestCode(t.app, phone, newIp(), await solvedCaptcha());
    expect(owner.body).toMatchObject({ code: 200, data: { captcha: 0 } });
    // A new day in Jakarta resets it.
    t.clock.advance(24 * 3600);
    expect((await requestCode(t.app, phone, ip)).body.code).toBe(200);
  });

  it(`stops a phone at ${AUTH_LIMITS.phoneCodesPerDay} codes a day from all addresses together (SMS bombing)`, async () => {
    const phone = newPhone();
    for (let i = 0; i < AUTH_LIMITS.phoneCodesPerDay; i++) {
      const extra = i >= 3 ? await solvedCaptcha() : {};
      expect((await requestCode(t.app, phone, newIp(), extra)).body.data).toMatchObject({ captcha: 0 });
      t.clock.advance(61);
    }
    expect((await requestCode(t.app, phone, newIp(), await solvedCaptcha())).body.code).toBe(4056);
    t.clock.advance(24 * 3600);
  });

  it('hard-limits one IP at 60 requests an hour with 4029', async () => {
    const ip = newIp();
    for (let i = 0; i < 60; i++) expect((await requestCode(t.app, newPhone(), ip)).body.code).toBe(200);
    const { res, body } = await requestCode(t.app, newPhone(), ip);
    expect(res.statusCode).toBe(429);
    expect(body.code).toBe(4029);
    t.clock.advance(3601);
  });
});

describe('POST /api/v1/reset_sms', () => {
  it('sends a reset code to a known phone (form body) and answers the same for an unknown one without sending', async () => {
    const known = newPhone();
    await signIn(t.app, known);
    t.clock.advance(61);

    const a = await call(t.app, {
      method: 'POST',
      url: '/api/v1/reset_sms',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `phone=${known}`,
    });
    const unknown = newPhone();
    const b = await call(t.app, { method: 'POST', url: '/api/v1/reset_sms', payload: { phone: unknown } });
    expect(a.body).toEqual(b.body);
    expect(a.body.data).toEqual({ captcha: 0, resend_in: 60 });
    expect(await outboxCount(t.app, known)).toBe(2);
    expect(await outboxCount(t.app, unknown)).toBe(0);
    // The unknown phone is rate-limited exactly like a known one.
    const again = await call(t.app, {
      method: 'POST',
      url: '/api/v1/reset_sms',
      payload: { phone: unknown },
    });
    expect(again.body.code).toBe(4013);
  });
});

describe('GET /api/v1/captcha', () => {
  it('answers a real PNG as base64 without a data: prefix', async () => {
    const { body } = await call<{ id: string; png: string }>(t.app, {
      method: 'GET',
      url: '/api/v1/captcha',
    });
    expect(body.code).toBe(200);
    expect(body.data.png.startsWith('data:')).toBe(false);
    const bytes = Buffer.from(body.data.png, 'base64');
    expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(bytes.length).toBeGreaterThan(500);
  });

  it('limits image fetches per IP', async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i++)
      expect((await call(t.app, { method: 'GET', url: '/api/v1/captcha', ip })).body.code).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/captcha', ip })).body.code).toBe(4029);
  });
});

const PG_ONLY = 'PostgreSQL only: PGlite runs one query at a time';

describe.skipIf(!process.env.DATABASE_URL)(`one address's codes under concurrency (${PG_ONLY})`, () => {
  it(`sends ${AUTH_LIMITS.ipCodesPerHourWithoutCaptcha} codes without a captcha of 30 parallel requests for 30 phones from one address`, async () => {
    const ip = newIp();
    const phones = Array.from({ length: 30 }, () => newPhone());
    const answers = await Promise.all(phones.map((phone) => requestCode(t.app, phone, ip)));
    const sent = answers.filter(({ body }) => body.data?.captcha === 0).length;
    expect(sent).toBe(AUTH_LIMITS.ipCodesPerHourWithoutCaptcha);
    expect(answers.filter(({ body }) => body.data?.captcha === 1)).toHaveLength(30 - sent);
    const delivered = await Promise.all(phones.map((phone) => outboxCount(t.app, phone)));
    expect(delivered.reduce((a, b) => a + b, 0)).toBe(sent);
  });
});
