import { describe, expect, it } from 'vitest';
import type { LoginResponse } from '@kaskita/domain/contract/auth';
import {
  call,
  latestCode,
  login as loginAs,
  newIp,
  newPhone,
  requestCode,
  signIn,
  signUpWithPassword,
  solvedCaptcha,
  useTestApp,
  wrongCodeFor,
} from '../helpers/test-app.ts';

const t = useTestApp();

const login = (payload: Record<string, unknown>, ip?: string) => loginAs(t.app, payload, ip);

async function sentCode(phone: string): Promise<string> {
  await requestCode(t.app, phone);
  const code = await latestCode(t.app, phone);
  if (!code) throw new Error('no code');
  return code;
}

describe('POST /api/v1/login with an SMS code', () => {
  it('registers on the first login (is_new) and not on the next, accepting a form-encoded body', async () => {
    const phone = newPhone();
    const first = await login({ phone, sms_code: await sentCode(phone) });
    expect(first.body.code).toBe(200);
    expect(first.body.data).toMatchObject({
      is_new: true,
      has_password: false,
      phone: `62${phone.slice(1)}`,
      expires_in: 7200,
    });
    expect(first.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    t.clock.advance(61);
    const code = await sentCode(phone);
    const form = await call<LoginResponse>(t.app, {
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `phone=%2B62${phone.slice(1)}&sms_code=${code}`,
    });
    expect(form.body.code).toBe(200);
    expect(form.body.data.is_new).toBe(false);
  });

  it('rejects a wrong code (4010), and a code is single-use', async () => {
    const phone = newPhone();
    const code = await sentCode(phone);
    expect((await login({ phone, sms_code: wrongCodeFor(code) })).body.code).toBe(4010);
    expect((await login({ phone, sms_code: code })).body.code).toBe(200);
    expect((await login({ phone, sms_code: code })).body.code).toBe(4010);
  });

  it('says beside the code field how many wrong tries remain for this address, down to none', async () => {
    const phone = newPhone();
    const code = await sentCode(phone);
    const ip = newIp();
    const left: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const { body } = await login({ phone, sms_code: wrongCodeFor(code) }, ip);
      expect(body).toMatchObject({ code: 4010, data: { fields: { sms_code: 'sms_code.wrong' } } });
      left.push((body.data as { tries_left?: number }).tries_left);
    }
    // 5 wrong codes from one address for one phone (AUTH_LIMITS.codeFailuresPerPhoneIp), then 4029.
    expect(left).toEqual([4, 3, 2, 1, 0]);
    expect((await login({ phone, sms_code: code }, ip)).body.code).toBe(4029);
  });

  it('rejects an expired code (4011) after 5 minutes', async () => {
    const phone = newPhone();
    const code = await sentCode(phone);
    t.clock.advance(301);
    const { body } = await login({ phone, sms_code: code });
    expect(body.code).toBe(4011);
  });

  it('stops one address after 5 wrong codes for a phone (4029); the phone then asks others for a captcha', async () => {
    const phone = newPhone();
    const code = await sentCode(phone);
    const ip = newIp();
    for (let i = 0; i < 5; i++)
      expect((await login({ phone, sms_code: wrongCodeFor(code) }, ip)).body.code).toBe(4010);
    expect((await login({ phone, sms_code: code }, ip)).body.code).toBe(4029);
    const elsewhere = await login({ phone, sms_code: code });
    expect(elsewhere.body).toMatchObject({ code: 4022, data: { captcha: 1 } });
    const solved = await login({ phone, sms_code: code, ...(await solvedCaptcha(t.app)) });
    expect(solved.body.code).toBe(200);
  });

  it('a new code invalidates the older one', async () => {
    const phone = newPhone();
    const old = await sentCode(phone);
    t.clock.advance(61);
    const fresh = await sentCode(phone);
    if (old !== fresh) expect((await login({ phone, sms_code: old })).body.code).toBe(4010);
    expect((await login({ phone, sms_code: fresh })).body.code).toBe(200);
  });

  it('never accepts a reset code for login', async () => {
    const phone = newPhone();
    await signIn(t.app, phone);
    t.clock.advance(61);
    await call(t.app, { method: 'POST', url: '/api/v1/reset_sms', payload: { phone } });
    const code = await latestCode(t.app, phone);
    expect((await login({ phone, sms_code: code })).body.code).toBe(4010);
  });

  it('validates fields: 6-digit code, phone', async () => {
    const { res, body } = await login({ phone: newPhone(), sms_code: '12' });
    expect(res.statusCode).toBe(400);
    expect(body).toMatchObject({
      code: 4000,
      msg: 'Kode SMS terdiri dari 6 digit',
      data: { fields: { sms_code: 'sms_code.invalid' } },
    });
    expect((await login({ phone: 'x', password: 'kopi7Susu' })).body).toMatchObject({ code: 4001 });
    expect((await login({})).body).toMatchObject({
      code: 4000,
      data: { fields: { phone: 'phone.required' } },
    });
  });
});

describe('POST /api/v1/login with a password', () => {
  it('signs in with the right password', async () => {
    const { phone } = await signUpWithPassword(t.app);
    const { body } = await login({ phone, password: 'kopi7Susu' });
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ is_new: false, has_password: true });
  });

  it('answers the same LOGIN_FAILED for a wrong password, an unknown phone and a phone without a password', async () => {
    const { phone } = await signUpWithPassword(t.app);
    const withoutPassword = newPhone();
    await signIn(t.app, withoutPassword);
    const wrong = await login({ phone, password: 'abc124' }, newIp());
    const unknown = await login({ phone: newPhone(), password: 'abc124' }, newIp());
    const noPassword = await login({ phone: withoutPassword, password: 'abc124' }, newIp());
    expect(wrong.body).toEqual({
      code: 4014,
      msg: 'Nomor HP atau kata sandi salah. Jika Anda mendaftar dengan kode SMS, masuk dengan kode lalu buat kata sandi di menu Saya',
      data: null,
    });
    for (const other of [unknown, noPassword]) {
      expect(other.body).toEqual(wrong.body);
      expect(other.res.statusCode).toBe(wrong.res.statusCode);
      expect(other.res.headers['retry-after']).toBe(wrong.res.headers['retry-after']);
    }
    const en = await call(t.app, {
      method: 'POST',
      url: '/api/v1/login',
      headers: { lan: 'en-US' },
      payload: { phone: withoutPassword, password: 'abc124' },
    });
    expect(en.body.msg).toBe(
      'Wrong phone number or password. If you signed up with an SMS code, log in with a code and set a password in Me',
    );
  });

  it('counts tries on a phone without a password like on any other (no unlimited probing)', async () => {
    const withoutPassword = newPhone();
    await signIn(t.app, withoutPassword);
    for (const phone of [withoutPassword, newPhone()]) {
      const ip = newIp();
      for (let i = 0; i < 5; i++)
        expect((await login({ phone, password: 'kopi7Susu' }, ip)).body.code).toBe(4014);
      expect((await login({ phone, password: 'kopi7Susu' }, ip)).body.code).toBe(4029);
      expect((await login({ phone, password: 'kopi7Susu' })).body.code).toBe(4022);
    }
  });

  it('stops an address after 5 wrong passwords for a phone for 15 minutes (4029, even for the right one)', async () => {
    const { phone } = await signUpWithPassword(t.app);
    const ip = newIp();
    for (let i = 0; i < 5; i++) expect((await login({ phone, password: 'wrong1' }, ip)).body.code).toBe(4014);
    const blocked = await login({ phone, password: 'kopi7Susu' }, ip);
    expect(blocked.body.code).toBe(4029);
    expect(blocked.body.data).toMatchObject({ retry_after: expect.any(Number) });
    t.clock.advance(15 * 60 + 1);
    expect((await login({ phone, password: 'kopi7Susu' }, ip)).body.code).toBe(200);
  });
});
