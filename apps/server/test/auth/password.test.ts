import { describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '@kaskita/domain/contract/auth';
import { AUTH_LIMITS } from '../../src/modules/auth/auth-limits.ts';
import { PasswordHasher } from '../../src/security/password-hasher.ts';
import {
  call,
  latestCode,
  newIp,
  newPhone,
  requestCode,
  signIn,
  userStatus,
  useTestApp,
} from '../helpers/test-app.ts';

const t = useTestApp();

const alter = (token: string, payload: Record<string, unknown>) =>
  call(t.app, { method: 'POST', url: '/api/v1/alter/login_pass', token, payload });
const passwordLogin = (phone: string, password: string) =>
  call<LoginResponse>(t.app, { method: 'POST', url: '/api/v1/login', payload: { phone, password } });

describe('POST /api/v1/alter/login_pass', () => {
  it('needs a session', async () => {
    const { res } = await call(t.app, { method: 'POST', url: '/api/v1/alter/login_pass', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('sets the first password without old_password, then requires the right one to change it', async () => {
    const phone = newPhone();
    const session = await signIn(t.app, phone);
    expect((await alter(session.token, { password: 'first1', confirm_password: 'first1' })).body.code).toBe(
      200,
    );

    expect((await alter(session.token, { password: 'second2', confirm_password: 'second2' })).body.code).toBe(
      4018,
    );
    const wrong = await alter(session.token, {
      old_password: 'nope00',
      password: 'second2',
      confirm_password: 'second2',
    });
    expect(wrong.body).toMatchObject({
      code: 4018,
      msg: 'Kata sandi saat ini salah',
      data: { fields: { old_password: 'password.old_wrong' } },
    });
    const ok = await alter(session.token, {
      old_password: 'first1',
      password: 'second2',
      confirm_password: 'second2',
    });
    expect(ok.body).toEqual({ code: 200, msg: 'OK', data: {} });
    expect((await passwordLogin(phone, 'second2')).body.code).toBe(200);
    expect((await passwordLogin(phone, 'first1')).body.code).toBe(4014);
  });

  it('reports a mismatch on confirm_password and the password rule', async () => {
    const session = await signIn(t.app);
    const mismatch = await call(t.app, {
      method: 'POST',
      url: '/api/v1/alter/login_pass',
      token: session.token,
      headers: { lan: 'en-US' },
      payload: { password: 'kopi7Susu', confirm_password: 'abc124' },
    });
    expect(mismatch.body).toEqual({
      code: 4000,
      msg: 'The passwords do not match',
      data: { fields: { confirm_password: 'password.mismatch' } },
    });
    const rule = await alter(session.token, { password: 'ab', confirm_password: 'ab' });
    expect(rule.body).toMatchObject({ code: 4000, data: { fields: { password: 'password.rule' } } });
    const symbols = await alter(session.token, { password: 'abc12!', confirm_password: 'abc12!' });
    expect(symbols.body.code).toBe(4000);
  });

  it('refuses guessable passwords with a message in both languages, and keeps the old one', async () => {
    const phone = newPhone();
    const session = await signIn(t.app, phone);
    const local = phone; // newPhone() is the local form, 0812...
    const cases: Array<[string, string]> = [
      ['123456', 'password.sequence'],
      ['654321', 'password.sequence'],
      ['000000', 'password.repeated'],
      ['121212', 'password.repeated'],
      ['password', 'password.common'],
      ['Password1', 'password.common'],
      ['qwerty', 'password.common'],
      ['sayang', 'password.common'],
      [local, 'password.phone'],
      [`62${phone.slice(1)}`, 'password.phone'],
      [phone.slice(-6), 'password.phone'],
    ];
    for (const [password, key] of cases) {
      const { body } = await alter(session.token, { password, confirm_password: password });
      expect(body, password).toMatchObject({ code: 4000, data: { fields: { password: key } } });
    }
    const english = await call(t.app, {
      method: 'POST',
      url: '/api/v1/alter/login_pass',
      token: session.token,
      headers: { lan: 'en-US' },
      payload: { password: 'password', confirm_password: 'password' },
    });
    expect(english.body.msg).toBe(
      'This password is one of the most common and easy to guess. Please choose another',
    );
    const indonesian = await alter(session.token, { password: local, confirm_password: local });
    expect(indonesian.body.msg).toBe('Jangan gunakan nomor HP Anda sebagai kata sandi');
    // None of them was set: the account still has no password.
    expect((await passwordLogin(phone, 'password')).body.code).toBe(4014);
    expect(
      (await alter(session.token, { password: 'kopi7Susu', confirm_password: 'kopi7Susu' })).body.code,
    ).toBe(200);
  });

  it('ends the other sessions but keeps the current one', async () => {
    const phone = newPhone();
    const mine = await signIn(t.app, phone);
    t.clock.advance(61);
    const other = await signIn(t.app, phone);
    expect(
      (await alter(mine.token, { password: 'kopi7Susu', confirm_password: 'kopi7Susu' })).body.code,
    ).toBe(200);
    expect((await userStatus(t.app, mine.token)).body.code).toBe(200);
    expect((await userStatus(t.app, other.token)).body.code).toBe(4047);
  });
});

describe('forgotten password: POST /api/v1/reset_sms then /api/v1/user/set_password', () => {
  it('sets a new password with a reset code, revokes every old session and signs in', async () => {
    const phone = newPhone();
    const old = await signIn(t.app, phone);
    t.clock.advance(61);
    await call(t.app, { method: 'POST', url: '/api/v1/reset_sms', payload: { phone } });
    const code = await latestCode(t.app, phone);

    const mismatch = await call(t.app, {
      method: 'POST',
      url: '/api/v1/user/set_password',
      payload: { phone, sms_code: code, password: 'newpw1', confirm_password: 'newpw2' },
    });
    expect(mismatch.body).toMatchObject({
      code: 4000,
      data: { fields: { confirm_password: 'password.mismatch' } },
    });
    // A guessable new password is refused without spending the code.
    for (const [password, key] of [
      ['iloveyou', 'password.common'],
      [phone, 'password.phone'],
    ]) {
      const weak = await call(t.app, {
        method: 'POST',
        url: '/api/v1/user/set_password',
        payload: { phone, sms_code: code, password, confirm_password: password },
      });
      expect(weak.body).toMatchObject({ code: 4000, data: { fields: { password: key } } });
    }

    const { body } = await call<LoginResponse>(t.app, {
      method: 'POST',
      url: '/api/v1/user/set_password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `phone=${phone}&sms_code=${code}&password=newpw1&confirm_password=newpw1`,
    });
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ has_password: true, is_new: false });
    expect((await userStatus(t.app, old.token)).body.code).toBe(4047);
    expect((await userStatus(t.app, body.data.token)).body.code).toBe(200);
    expect((await passwordLogin(phone, 'newpw1')).body.code).toBe(200);
  });

  it('rejects a login code, a wrong code, and any code for an unknown phone', async () => {
    const phone = newPhone();
    await signIn(t.app, phone); // the login code is consumed; a second one stays live
    t.clock.advance(61);
    await requestCode(t.app, phone);
    const loginCode = await latestCode(t.app, phone);
    const set = (p: string, c: string | null) =>
      call(t.app, {
        method: 'POST',
        url: '/api/v1/user/set_password',
        payload: { phone: p, sms_code: c, password: 'newpw1', confirm_password: 'newpw1' },
      });
    expect((await set(phone, loginCode)).body.code).toBe(4010);
    expect((await set(newPhone(), '123456')).body.code).toBe(4010);
  });

  it('limits resets per phone and address and per address before hashing anything (4029)', async () => {
    const set = (phone: string, ip: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/v1/user/set_password',
        payload: { phone, sms_code: '123456', password: 'newpw1', confirm_password: 'newpw1' },
        ip,
      });
    const hash = vi.spyOn(PasswordHasher.prototype, 'hash');
    try {
      // One address, one phone: the wrong codes stop it first (5), before the resets' own limit (10).
      const phone = newPhone();
      const ip = newIp();
      for (let i = 0; i < 5; i++) expect((await set(phone, ip)).body.code).toBe(4010);
      expect((await set(phone, ip)).body).toMatchObject({
        code: 4029,
        data: { retry_after: expect.any(Number) },
      });
      expect(hash).toHaveBeenCalledTimes(5);

      hash.mockClear();
      const stuffer = newIp();
      const perIp = AUTH_LIMITS.passwordResetsPerIp.max;
      for (let i = 0; i < perIp; i++) expect((await set(newPhone(), stuffer)).body.code).toBe(4010);
      expect((await set(newPhone(), stuffer)).body.code).toBe(4029);
      expect(hash).toHaveBeenCalledTimes(perIp);
      // Concurrent tries cannot outrun the limit either: auth/concurrency.test.ts (PostgreSQL only).
    } finally {
      hash.mockRestore();
    }
    t.clock.advance(AUTH_LIMITS.passwordResetsPerIp.windowSeconds + 1);
  });
});
