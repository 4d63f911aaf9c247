import { describe, expect, it } from 'vitest';
import { call, newIp, newPhone, outboxCount, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

/** What a browser sends when a page on another site submits a form or loads an image from us. */
const fromEvilSite = { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example', os: undefined };

async function sendCode(phone: string, headers: Record<string, string | undefined>) {
  return call(t.app, {
    method: 'GET',
    url: '/api/v2/sms_code',
    query: { phone },
    ip: newIp(),
    headers: { host: 'kaskita.test', ...headers },
  });
}

describe('cross-site requests', () => {
  it('a page on another site cannot make a visitor send SMS codes (an <img> or a form)', async () => {
    const phone = newPhone();
    for (const headers of [
      { 'sec-fetch-site': 'cross-site', os: undefined },
      // a sibling subdomain is another site's page too
      { 'sec-fetch-site': 'same-site', os: undefined },
      // a browser without fetch metadata: no os header, which no other site can add
      { os: undefined },
    ]) {
      const { res, body } = await sendCode(phone, { ...headers, lan: 'en-US' });
      expect(res.statusCode).toBe(403);
      expect(body).toMatchObject({
        code: 4032,
        msg: 'This request was refused. Please open KasKita directly',
      });
    }
    await t.app.jobs.whenIdle();
    expect(await outboxCount(t.app, phone)).toBe(0);
  });

  it('a form on another site cannot log a visitor in, even with a forged os field', async () => {
    for (const headers of [
      fromEvilSite,
      { origin: 'https://evil.example', os: '4' },
      { origin: 'null', os: '4' },
    ]) {
      const { res, body } = await call(t.app, {
        method: 'POST',
        url: '/api/v1/login',
        payload: { phone: newPhone(), password: 'kopi7Susu' },
        headers: { host: 'kaskita.test', ...headers },
      });
      expect(res.statusCode).toBe(403);
      expect(body.code).toBe(4032);
    }
  });

  it("the app's own calls, a typed address and server-to-server clients still work", async () => {
    for (const headers of [
      { 'sec-fetch-site': 'same-origin', origin: 'http://kaskita.test' },
      { 'sec-fetch-site': 'none' },
      {}, // curl or a partner's server, with os as the spec asks
    ]) {
      const { body } = await sendCode(newPhone(), headers);
      expect(body.code).toBe(200);
    }
  });

  it('reading calls need no os header (nothing changes), but a foreign origin is still refused', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(plain.json()).toMatchObject({ code: 200 });
    const foreign = await t.app.inject({
      method: 'GET',
      url: '/api/v1/config',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(foreign.json()).toMatchObject({ code: 4032 });
  });

  it('is checked before the session, so a cross-site caller learns nothing', async () => {
    const { body } = await call(t.app, {
      method: 'POST',
      url: '/api/v1/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(body.code).toBe(4032);
  });
});
