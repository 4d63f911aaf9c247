import { CONSENT_VERSIONS } from '@kaskita/domain/legal/versions';
import { describe, expect, it } from 'vitest';
import type { LoginResponse } from '@kaskita/domain/contract/auth';
import { call, latestCode, newPhone, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

/** Requests shaped exactly like apps/web/src/lib/api-client.ts sends them. */
describe('web client compatibility', () => {
  it('accepts forms with ";charset=UTF-8", the H5 headers and a "Bearer" token', async () => {
    const phone = newPhone();
    const headers = { os: '4', lan: 'en-US', tz: 'Asia/Jakarta', app_version: '1.0.0', cl: 'web' };
    expect(
      (await call(t.app, { method: 'GET', url: '/api/v2/sms_code', query: { phone }, headers })).body.code,
    ).toBe(200);
    const code = await latestCode(t.app, phone);
    const login = await call<LoginResponse>(t.app, {
      method: 'POST',
      url: '/api/v1/login',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      payload: new URLSearchParams({ phone, sms_code: code ?? '', ...CONSENT_VERSIONS }).toString(),
    });
    expect(login.body.code).toBe(200);
    const status = await call(t.app, {
      method: 'GET',
      url: '/api/v2/user/status',
      headers: { ...headers, Authorization: `Bearer ${login.body.data.token}` },
    });
    expect(status.body.code).toBe(200);
    const refreshed = await call(t.app, {
      method: 'POST',
      url: '/api/v1/user/refresh',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      payload: new URLSearchParams({ refresh_token: login.body.data.refresh_token }).toString(),
    });
    expect(refreshed.body.code).toBe(200);
  });
});
