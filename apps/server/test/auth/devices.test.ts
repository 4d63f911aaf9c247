import { describe, expect, it } from 'vitest';
import type { DeviceView } from '@kaskita/domain/contract/devices';
import type { LoginResponse } from '@kaskita/domain/contract/auth';
import { smsOutbox } from '../../src/providers/sms/dev-outbox-schema.ts';
import { CONSENT_VERSIONS } from '@kaskita/domain/legal/versions';
import { call, latestCode, newIp, newPhone, requestCode, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A sign-in by SMS code from a browser: the cookie it holds (its device key, if any), its User-Agent and address. */
async function signInFrom(phone: string, browser: { cookie?: string; userAgent?: string; ip?: string } = {}) {
  const ip = browser.ip ?? newIp();
  // Past the phone's resend cooldown: each sign-in gets a code of its own.
  t.clock.advance(61);
  await requestCode(t.app, phone, ip);
  const { res, body } = await call<LoginResponse>(t.app, {
    method: 'POST',
    url: '/api/v1/login',
    payload: { ...CONSENT_VERSIONS, phone, sms_code: await latestCode(t.app, phone) },
    ip,
    headers: { 'user-agent': browser.userAgent, cookie: browser.cookie },
  });
  expect(body.code, JSON.stringify(body)).toBe(200);
  const given = [res.headers['set-cookie']].flat()[0];
  return { token: body.data.token, setCookie: given, cookie: given?.split(';')[0] ?? browser.cookie };
}

async function newDeviceTexts() {
  await t.app.jobs.whenIdle();
  const rows = await t.database.db.select().from(smsOutbox);
  return rows.map((r) => r.text).filter((text) => text.includes('perangkat baru'));
}

const devices = (token: string) =>
  call<{ list: DeviceView[] }>(t.app, { method: 'GET', url: '/api/v1/user/devices', token });

describe('signed-in devices', () => {
  it('lists each sign-in with its browser and masked network, and tells the phone of a new device only', async () => {
    const phone = newPhone();
    // Registration: the first device is given its key, and no "new device" SMS (the borrower is signing up).
    const first = await signInFrom(phone, { userAgent: ANDROID_CHROME, ip: '36.72.10.20' });
    expect(first.setCookie).toMatch(
      /^kk_device=[A-Za-z0-9_-]{40,}; Max-Age=\d+; Path=\/api; HttpOnly; SameSite=Strict$/,
    );
    expect(await newDeviceTexts()).toHaveLength(0);

    // The same browser again: known, no SMS, no new key.
    const again = await signInFrom(phone, { cookie: first.cookie, userAgent: ANDROID_CHROME });
    expect(again.setCookie).toBeUndefined();
    expect(await newDeviceTexts()).toHaveLength(0);

    // Another phone (no key, or a key made up): a new device, and the registered phone hears of it.
    const other = await signInFrom(phone, { userAgent: IPHONE_SAFARI, ip: '114.125.7.8' });
    const told = await newDeviceTexts();
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('(Safari · iOS)');

    const seen = (await devices(other.token)).body.data.list;
    expect(seen).toHaveLength(3);
    expect(seen[0]).toMatchObject({ current: true, label: 'Safari · iOS', network: '114.125.x.x' });
    expect(seen.filter((d) => d.current)).toHaveLength(1);
    expect(seen.map((d) => d.label)).toContain('Chrome · Android');
    expect(seen.map((d) => d.network)).toContain('36.72.x.x');
  });

  it('a made-up device key counts as a new device, and gets a real one', async () => {
    const phone = newPhone();
    await signInFrom(phone);
    const forged = await signInFrom(phone, { cookie: 'kk_device=made-up' });
    expect(forged.setCookie).toMatch(/^kk_device=[A-Za-z0-9_-]{40,};/);
    expect(await newDeviceTexts()).toHaveLength(2);
  });

  it('signs one device out, then every other; another borrower cannot reach them', async () => {
    const phone = newPhone();
    const tokenA = (await signInFrom(phone)).token;
    const b = await signInFrom(phone, { userAgent: ANDROID_CHROME });
    const c = await signInFrom(phone, { userAgent: IPHONE_SAFARI });
    const list = (await devices(tokenA)).body.data.list;
    const idOfB = list.find((d) => d.label === 'Chrome · Android')!.device_id;

    // A stranger cannot sign this borrower's device out (not found, nothing ends).
    const stranger = await signInFrom(newPhone());
    const refused = await call(t.app, {
      method: 'POST',
      url: '/api/v1/user/devices/sign_out',
      token: stranger.token,
      payload: { device_id: idOfB },
    });
    expect(refused.body.code).toBe(4040);
    expect((await devices(b.token)).body.code).toBe(200);

    const out = await call(t.app, {
      method: 'POST',
      url: '/api/v1/user/devices/sign_out',
      token: tokenA,
      payload: { device_id: idOfB },
    });
    expect(out.body.code).toBe(200);
    expect((await devices(b.token)).body.code).toBe(4047);
    expect((await devices(tokenA)).body.data.list).toHaveLength(2);

    const others = await call(t.app, {
      method: 'POST',
      url: '/api/v1/user/devices/sign_out_others',
      token: tokenA,
    });
    expect(others.body.code).toBe(200);
    expect((await devices(c.token)).body.code).toBe(4047);
    const left = (await devices(tokenA)).body.data.list;
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
  });
});
