import { describe, expect, it } from 'vitest';
import { call, newIp, newPhone, requestCode, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

const NUL = '\u0000';

function expectClientError(body: { code: number }, what: string) {
  expect(body.code, what).toBeGreaterThanOrEqual(4000);
  expect(body.code, what).toBeLessThan(5000);
}

/** Postgres refuses NUL bytes in text: a field carrying one must be the client's error, never a 5000. */
describe('NUL bytes in text fields', () => {
  it('answers 4000-range on the code request once a captcha is required', async () => {
    const phone = newPhone();
    const ip = newIp();
    for (let i = 0; i < 3; i++) {
      await requestCode(t.app, phone, ip);
      t.clock.advance(61);
    }
    const id = await call(t.app, {
      method: 'GET',
      url: `/api/v2/sms_code?phone=${phone}&captcha_id=%00&captcha_code=ABCD`,
      ip,
    });
    expect(id.body).toMatchObject({ code: 4000, data: { fields: { captcha_id: 'field.invalid' } } });
    const code = await requestCode(t.app, phone, ip, {
      captcha_id: '9b2f7a52-2f4a-4c55-9d1e-1d5b8c1c7e10',
      captcha_code: `AB${NUL}D`,
    });
    expectClientError(code.body, 'captcha_code');
    const reset = await call(t.app, {
      method: 'POST',
      url: '/api/v1/reset_sms',
      payload: { phone, captcha_id: `${NUL}`, captcha_code: 'ABCD' },
      ip,
    });
    expectClientError(reset.body, 'reset captcha_id');
  });

  it('answers 4000-range on login, password and refresh fields', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['/api/v1/login', { phone: `0812${NUL}3456789`, sms_code: '123456' }],
      ['/api/v1/login', { phone: newPhone(), sms_code: `12345${NUL}` }],
      ['/api/v1/login', { phone: newPhone(), password: `abc12${NUL}` }],
      ['/api/v1/user/refresh', { refresh_token: `abc${NUL}def` }],
      [
        '/api/v1/user/set_password',
        { phone: newPhone(), sms_code: '123456', password: `abc${NUL}12`, confirm_password: `abc${NUL}12` },
      ],
    ];
    for (const [url, payload] of cases) {
      const { body } = await call(t.app, { method: 'POST', url, payload, ip: newIp() });
      expectClientError(body, `${url} ${Object.keys(payload).join(',')}`);
    }
  });

  it('answers 4002 on the dev routes and the dev outbox page', async () => {
    for (const url of ['/api/dev/outbox?phone=%00', '/api/dev/captcha/%00', '/dev/outbox?phone=%00']) {
      const { res, body } = await call(t.app, { method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(body, url).toEqual({ code: 4002, msg: 'Permintaan tidak dapat dibaca', data: null });
    }
  });
});
