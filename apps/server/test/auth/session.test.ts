import { describe, expect, it } from 'vitest';
import { call, newPhone, refreshTokens, signIn, userStatus, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

function expectSessionLost(result: Awaited<ReturnType<typeof userStatus>>) {
  expect(result.res.statusCode).toBe(401);
  expect(result.body).toEqual({
    code: 4047,
    msg: 'Sesi Anda telah berakhir, silakan masuk kembali',
    data: null,
  });
}

describe('sessions', () => {
  it('answers 4047 / HTTP 401 without a token, with a tampered one, or garbage', async () => {
    const session = await signIn(t.app);
    expectSessionLost(await userStatus(t.app));
    const tampered = session.token.slice(0, -1) + (session.token.endsWith('A') ? 'B' : 'A');
    expectSessionLost(await userStatus(t.app, tampered));
    expectSessionLost(await userStatus(t.app, 'Bearer '));
    expectSessionLost(await userStatus(t.app, 'x'.repeat(400)));
    expect((await userStatus(t.app, `Bearer ${session.token}`)).body.code).toBe(200);
    expect((await userStatus(t.app, session.token)).body.code).toBe(200);
  });

  it('expires the access token after 2 hours; refresh gives a working new pair', async () => {
    const session = await signIn(t.app);
    t.clock.advance(7200);
    expectSessionLost(await userStatus(t.app, session.token));
    const { body } = await refreshTokens(t.app, session.refresh_token);
    expect(body.code).toBe(200);
    expect(body.data.token).not.toBe(session.token);
    expect((await userStatus(t.app, body.data.token)).body.code).toBe(200);
  });

  it('revokes the whole family when a used refresh token is presented again after the grace', async () => {
    const session = await signIn(t.app);
    const first = await refreshTokens(t.app, session.refresh_token);
    expect(first.body.code).toBe(200);
    t.clock.advance(31);
    const replay = await refreshTokens(t.app, session.refresh_token);
    expect(replay.res.statusCode).toBe(401);
    expect(replay.body.code).toBe(4047);
    // The thief's and the borrower's newer tokens are both dead now.
    expectSessionLost(await userStatus(t.app, first.body.data.token));
    expect((await refreshTokens(t.app, first.body.data.refresh_token)).body.code).toBe(4047);
  });

  it('answers the same new pair when the same client presents a refresh token again within 30 s', async () => {
    const session = await signIn(t.app);
    const phone = { ip: '10.1.2.3', userAgent: 'Mozilla/5.0 (Linux; Android 10; Redmi 9A)' };
    // Two tabs, or a retry after a lost answer: both present the token the first refresh already rotated.
    const [a, b] = await Promise.all([
      refreshTokens(t.app, session.refresh_token, phone),
      refreshTokens(t.app, session.refresh_token, phone),
    ]);
    expect(a.body.code).toBe(200);
    expect(b.body.code).toBe(200);
    expect(b.body.data.token).toBe(a.body.data.token);
    expect(b.body.data.refresh_token).toBe(a.body.data.refresh_token);
    t.clock.advance(29);
    const retry = await refreshTokens(t.app, session.refresh_token, phone);
    expect(retry.body.data).toMatchObject({
      token: a.body.data.token,
      refresh_token: a.body.data.refresh_token,
    });
    expect(retry.body.data.expires_in).toBe(7200 - 29);
    // Still signed in, and the new pair rotates normally.
    expect((await userStatus(t.app, a.body.data.token)).body.code).toBe(200);
    expect((await refreshTokens(t.app, a.body.data.refresh_token, phone)).body.code).toBe(200);
  });

  it('treats the same token from another address or browser, even within the grace, as stolen', async () => {
    for (const thief of [
      { ip: '10.9.9.9', userAgent: 'Mozilla/5.0 (Linux; Android 10; Redmi 9A)' },
      { ip: '10.1.2.3', userAgent: 'curl/8.0' },
    ]) {
      const session = await signIn(t.app);
      const owner = { ip: '10.1.2.3', userAgent: 'Mozilla/5.0 (Linux; Android 10; Redmi 9A)' };
      const first = await refreshTokens(t.app, session.refresh_token, owner);
      expect(first.body.code).toBe(200);
      expect((await refreshTokens(t.app, session.refresh_token, thief)).body.code).toBe(4047);
      expectSessionLost(await userStatus(t.app, first.body.data.token));
    }
  });

  it('does not bring back a pair that has ended since (logout within the grace)', async () => {
    const session = await signIn(t.app);
    const first = await refreshTokens(t.app, session.refresh_token);
    await call(t.app, { method: 'POST', url: '/api/v1/logout', token: first.body.data.token });
    expect((await refreshTokens(t.app, session.refresh_token)).body.code).toBe(4047);
  });

  it('expires refresh tokens after 30 days', async () => {
    const session = await signIn(t.app);
    t.clock.advance(30 * 24 * 3600 + 1);
    expect((await refreshTokens(t.app, session.refresh_token)).body.code).toBe(4047);
  });

  it('logout revokes the session family, other sessions stay', async () => {
    const phone = newPhone();
    const a = await signIn(t.app, phone);
    t.clock.advance(61);
    const b = await signIn(t.app, phone);
    const out = await call(t.app, { method: 'POST', url: '/api/v1/logout', token: a.token });
    expect(out.body).toEqual({ code: 200, msg: 'OK', data: {} });
    expectSessionLost(await userStatus(t.app, a.token));
    expect((await refreshTokens(t.app, a.refresh_token)).body.code).toBe(4047);
    expect((await userStatus(t.app, b.token)).body.code).toBe(200);
  });
});
