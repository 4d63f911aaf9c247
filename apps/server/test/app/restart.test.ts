import { describe, expect, it } from 'vitest';
import { call, newIp, newPhone, requestCode, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

describe('limits live in the database', () => {
  it('cooldown, captcha requirement and password failures survive a restart', async () => {
    const phone = newPhone();
    const ip = newIp();
    for (let i = 0; i < 3; i++) {
      await requestCode(t.app, phone, ip);
      t.clock.advance(61);
    }
    const failPhone = newPhone();
    for (let i = 0; i < 5; i++)
      await call(t.app, {
        method: 'POST',
        url: '/api/v1/login',
        payload: { phone: failPhone, password: 'wrong1' },
      });
    await requestCode(t.app, newPhone(), ip);
    const cooled = newPhone();
    await requestCode(t.app, cooled);
    await t.app.close();

    const restarted = await t.rebuild();
    expect((await requestCode(restarted, phone, ip)).body.data).toEqual({ captcha: 1, resend_in: 0 });
    expect((await requestCode(restarted, cooled)).body.code).toBe(4013);
    const login = await call(restarted, {
      method: 'POST',
      url: '/api/v1/login',
      payload: { phone: failPhone, password: 'wrong1' },
    });
    expect(login.body.code).toBe(4029);
  });
});
