import { describe, expect, it } from 'vitest';
import type { SmsCodeResponse } from '@kaskita/domain/contract/auth';
import { EnvError, loadEnv } from '../../src/env.ts';
import { AUTH_LIMITS } from '../../src/modules/auth/auth-limits.ts';
import { call, newPhone, useTestApp } from '../helpers/test-app.ts';

describe('TRUST_PROXY setting', () => {
  it('takes a hop count or proxy addresses, and refuses "true"', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, loopback,2001:db8::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      'loopback',
      '2001:db8::1',
    ]);
    for (const bad of [
      'true',
      'yes',
      '10.0.0.0/33',
      'proxy.example',
      '11',
      '0.0.0.0/0',
      '10.0.0.0/7',
      '::/0',
    ]) {
      expect(() => loadEnv({ TRUST_PROXY: bad }), bad).toThrow(EnvError);
    }
    try {
      loadEnv({ TRUST_PROXY: 'true' });
    } catch (error) {
      expect((error as EnvError).problems.join()).toMatch(/number of proxies/);
    }
  });
});

describe('behind one proxy (TRUST_PROXY=1)', () => {
  const t = useTestApp({ env: { TRUST_PROXY: 1 } });
  const PROXY = '10.0.0.5';

  /** A code request through the proxy, from `client`, with whatever the client itself put in X-Forwarded-For. */
  const viaProxy = (client: string, forged: string) =>
    call<SmsCodeResponse>(t.app, {
      method: 'GET',
      url: '/api/v2/sms_code',
      query: { phone: newPhone() },
      ip: PROXY,
      // The proxy appends the address it saw to what the client sent.
      headers: { 'x-forwarded-for': `${forged}, ${client}` },
    });

  it('counts per-IP limits on the address the proxy saw, not one the client wrote', async () => {
    const client = '36.72.1.9';
    const free = AUTH_LIMITS.ipCodesPerHourWithoutCaptcha;
    for (let i = 0; i < free; i++) {
      const { body } = await viaProxy(client, `1.1.1.${i}`);
      expect(body.data.captcha).toBe(0);
    }
    // A new forged address each time changes nothing: the client is asked for a captcha.
    const { body } = await viaProxy(client, '9.9.9.9');
    expect(body.data.captcha).toBe(1);
    // Another client behind the same proxy is not.
    expect((await viaProxy('36.72.1.10', '9.9.9.9')).body.data.captcha).toBe(0);
  });
});
