import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LoginResponse } from '@kaskita/domain/contract/auth';
import { PRIVACY_VERSION, TERMS_VERSION } from '@kaskita/domain/legal/versions';
import { agreementAcceptances } from '../../src/db/schema.ts';
import { AUTH_LIMITS } from '../../src/modules/auth/auth-limits.ts';
import {
  call,
  latestCode,
  login as loginAs,
  newIp,
  newPhone,
  requestCode,
  signUpWithPassword,
  solvedCaptcha,
  useTestApp,
  wrongCodeFor,
} from '../helpers/test-app.ts';

/**
 * The attacks of the sign-in review: someone who knows a phone number must not be able to lock its owner out.
 * Each test fails on the limits as they were (a hard limit per phone).
 */
const t = useTestApp();

const login = (payload: Record<string, unknown>, ip?: string) => loginAs(t.app, payload, ip);

describe('an attacker who knows the phone cannot lock the owner out', () => {
  it('5 wrong passwords from 5 addresses: the owner, from a sixth, signs in after a captcha', async () => {
    const { phone } = await signUpWithPassword(t.app);
    for (let i = 0; i < 5; i++) expect((await login({ phone, password: 'wrong1' })).body.code).toBe(4014);
    const owner = newIp();
    const asked = await login({ phone, password: 'kopi7Susu' }, owner);
    expect(asked.res.statusCode).toBe(400);
    expect(asked.body).toMatchObject({ code: 4022, data: { captcha: 1 } });
    // A wrong captcha answer is refused and spends the image.
    const captcha = await solvedCaptcha(t.app);
    const wrongCaptcha = await login(
      { phone, password: 'kopi7Susu', ...captcha, captcha_code: 'ZZZZ' },
      owner,
    );
    expect(wrongCaptcha.body).toMatchObject({ code: 4021, data: { captcha: 1 } });
    const ok = await login({ phone, password: 'kopi7Susu', ...(await solvedCaptcha(t.app)) }, owner);
    expect(ok.body.code).toBe(200);
    // The attacker's sixth guess costs a captcha too.
    expect((await login({ phone, password: 'wrong2' })).body.code).toBe(4022);
  });

  it('5 wrong codes from 5 addresses: the right code still works, after a captcha', async () => {
    const phone = newPhone();
    await requestCode(t.app, phone);
    const code = (await latestCode(t.app, phone))!;
    for (let i = 0; i < 5; i++)
      expect((await login({ phone, sms_code: wrongCodeFor(code) })).body.code).toBe(4010);
    expect((await login({ phone, sms_code: code })).body.code).toBe(4022);
    const ok = await login({ phone, sms_code: code, ...(await solvedCaptcha(t.app)) });
    expect(ok.body.code).toBe(200);
  });

  it(`a code survives ${20} wrong tries from all addresses together, then is locked`, async () => {
    const phone = newPhone();
    await requestCode(t.app, phone);
    const code = (await latestCode(t.app, phone))!;
    for (let i = 0; i < 20; i++) {
      const captcha = i >= 5 ? await solvedCaptcha(t.app) : {};
      expect((await login({ phone, sms_code: wrongCodeFor(code), ...captcha })).body.code).toBe(4010);
    }
    const locked = await login({ phone, sms_code: code, ...(await solvedCaptcha(t.app)) });
    expect(locked.body.code).toBe(4012);
    // A new code (the owner asks again) works.
    t.clock.advance(61);
    await requestCode(t.app, phone, newIp(), await solvedCaptcha(t.app));
    const fresh = (await latestCode(t.app, phone))!;
    expect((await login({ phone, sms_code: fresh, ...(await solvedCaptcha(t.app)) })).body.code).toBe(200);
  });

  it('10 code requests from other addresses do not stop the owner getting a code', async () => {
    const phone = newPhone();
    for (let i = 0; i < 10; i++) {
      const extra = i >= 3 ? await solvedCaptcha(t.app) : {};
      expect((await requestCode(t.app, phone, newIp(), extra)).body.code).toBe(200);
      t.clock.advance(61);
    }
    const owner = await requestCode(t.app, phone, newIp(), await solvedCaptcha(t.app));
    expect(owner.body).toMatchObject({ code: 200, data: { captcha: 0 } });
  });

  it("a successful reset clears the phone's failures: no captcha for the owner afterwards", async () => {
    const { phone } = await signUpWithPassword(t.app);
    for (let i = 0; i < 5; i++) await login({ phone, password: 'wrong1' });
    expect((await login({ phone, password: 'kopi7Susu' })).body.code).toBe(4022);
    t.clock.advance(61);
    await call(t.app, { method: 'POST', url: '/api/v1/reset_sms', payload: { phone }, ip: newIp() });
    const code = await latestCode(t.app, phone);
    const reset = await call(t.app, {
      method: 'POST',
      url: '/api/v1/user/set_password',
      payload: { phone, sms_code: code, password: 'teh8Manis', confirm_password: 'teh8Manis' },
    });
    expect(reset.body.code).toBe(200);
    expect((await login({ phone, password: 'teh8Manis' })).body.code).toBe(200);
  });
});

describe('hard limits stop the guessing address', () => {
  it(`${AUTH_LIMITS.codeFailuresPerIp.max} wrong codes from one address across phones, then 4029`, async () => {
    const ip = newIp();
    for (let i = 0; i < AUTH_LIMITS.codeFailuresPerIp.max; i++)
      expect((await login({ phone: newPhone(), sms_code: '000000' }, ip)).body.code).toBe(4010);
    const refused = await login({ phone: newPhone(), sms_code: '000000' }, ip);
    expect(refused.body).toMatchObject({ code: 4029, data: { retry_after: expect.any(Number) } });
    // Another address is unaffected.
    expect((await login({ phone: newPhone(), sms_code: '000000' })).body.code).toBe(4010);
    t.clock.advance(AUTH_LIMITS.codeFailuresPerIp.windowSeconds + 1);
  });

  it(`${AUTH_LIMITS.passwordFailuresPerIp.max} wrong passwords from one address across phones, then 4029`, async () => {
    const ip = newIp();
    for (let i = 0; i < AUTH_LIMITS.passwordFailuresPerIp.max; i++)
      expect((await login({ phone: newPhone(), password: 'wrong1' }, ip)).body.code).toBe(4014);
    expect((await login({ phone: newPhone(), password: 'wrong1' }, ip)).body.code).toBe(4029);
    t.clock.advance(AUTH_LIMITS.passwordFailuresPerIp.windowSeconds + 1);
  });
});

describe('consent', () => {
  it('records which versions of the terms and the privacy policy a borrower accepted, once each', async () => {
    const phone = newPhone();
    await requestCode(t.app, phone);
    const code = await latestCode(t.app, phone);
    const agreements = { terms_version: TERMS_VERSION, privacy_version: PRIVACY_VERSION };
    const { body } = await login({ phone, sms_code: code, ...agreements }, '10.20.30.40');
    expect(body.code).toBe(200);
    const accepted = () =>
      t.database.db.select().from(agreementAcceptances).where(eq(agreementAcceptances.ip, '10.20.30.40'));
    expect((await accepted()).map((r) => [r.document, r.version]).sort()).toEqual([
      ['privacy', PRIVACY_VERSION],
      ['terms', TERMS_VERSION],
    ]);
    // The same versions again (a later login) add nothing.
    t.clock.advance(61);
    await requestCode(t.app, phone);
    const again = await login(
      { phone, sms_code: await latestCode(t.app, phone), ...agreements },
      '10.20.30.40',
    );
    expect(again.body.code).toBe(200);
    expect(await accepted()).toHaveLength(2);
  });

  it('starts no account without the agreements, and the same code works once they are sent', async () => {
    const phone = newPhone();
    await requestCode(t.app, phone);
    const code = await latestCode(t.app, phone);
    const bare = await call<LoginResponse>(t.app, {
      method: 'POST',
      url: '/api/v1/login',
      payload: { phone, sms_code: code },
      headers: { lan: 'en-US' },
    });
    expect(bare.body).toMatchObject({
      code: 4000,
      msg: 'Please agree to the agreements and privacy policy',
      data: { fields: { consent: 'consent.required' } },
    });
    // Nothing was created: the first login with the agreements registers the phone.
    const agreed = await login({ phone, sms_code: code });
    expect(agreed.body).toMatchObject({ code: 200, data: { is_new: true } });
    // A known borrower's later logins need not repeat them.
    t.clock.advance(61);
    await requestCode(t.app, phone);
    const again = await call<LoginResponse>(t.app, {
      method: 'POST',
      url: '/api/v1/login',
      payload: { phone, sms_code: await latestCode(t.app, phone) },
    });
    expect(again.body.code).toBe(200);
  });

  it('refuses a version that is not the one in force (a page opened before the texts changed)', async () => {
    for (const version of ['1999-01-01', 'latest']) {
      const { body } = await login({ phone: newPhone(), sms_code: '123456', terms_version: version });
      expect(body).toMatchObject({ code: 4000, data: { fields: { terms_version: 'agreement.outdated' } } });
    }
  });
});

describe('IPv6', () => {
  it('counts an IPv6 client by its /64: a fresh address per guess does not escape the per-address limit', async () => {
    const phone = newPhone();
    const inBlock = (i: number) => `2001:db8:77:1::${(i + 1).toString(16)}`;
    for (let i = 0; i < AUTH_LIMITS.passwordFailuresPerPhoneIp.max; i++)
      expect((await login({ phone, password: 'wrong1' }, inBlock(i))).body.code).toBe(4014);
    const refused = await login({ phone, password: 'wrong1' }, inBlock(99));
    expect(refused.body.code).toBe(4029);
    // Another subscriber's block is another client.
    const other = await login(
      { phone, password: 'wrong1', ...(await solvedCaptcha(t.app)) },
      '2001:db8:77:2::1',
    );
    expect(other.body.code).toBe(4014);
  });
});
