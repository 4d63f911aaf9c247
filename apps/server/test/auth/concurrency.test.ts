import { describe, expect, it, vi } from 'vitest';
import type { TokenPair } from '@kaskita/domain/contract/auth';
import { AUTH_LIMITS } from '../../src/modules/auth/auth-limits.ts';
import { PasswordHasher } from '../../src/security/password-hasher.ts';
import { call, newIp, newPhone, outboxCount, requestCode, signIn, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

describe('concurrent requests', () => {
  it('sends one code when the same phone asks five times at once', async () => {
    const phone = newPhone();
    const answers = await Promise.all(Array.from({ length: 5 }, () => requestCode(t.app, phone)));
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes).toEqual([200, 4013, 4013, 4013, 4013]);
    expect(await outboxCount(t.app, phone)).toBe(1);
  });

  it('rotates a refresh token once when it is presented twice at once', async () => {
    const session = await signIn(t.app);
    const answers = await Promise.all(
      [1, 2].map(() =>
        call<TokenPair>(t.app, {
          method: 'POST',
          url: '/api/v1/user/refresh',
          payload: { refresh_token: session.refresh_token },
        }),
      ),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, 4047]);
  });

  it('lets at most the limit of concurrent wrong passwords for one phone reach scrypt; the rest get 4029', async () => {
    const phone = newPhone();
    const session = await signIn(t.app, phone);
    const set = await call(t.app, {
      method: 'POST',
      url: '/api/v1/alter/login_pass',
      token: session.token,
      payload: { password: 'abc123', confirm_password: 'abc123' },
    });
    expect(set.body.code).toBe(200);
    const verify = vi.spyOn(PasswordHasher.prototype, 'verify');
    try {
      const answers = await Promise.all(
        Array.from({ length: 40 }, () =>
          call(t.app, {
            method: 'POST',
            url: '/api/v1/login',
            payload: { phone, password: 'wrong1' },
            ip: newIp(),
          }),
        ),
      );
      const codes = answers.map((a) => a.body.code);
      const max = AUTH_LIMITS.passwordFailuresPerPhone.max;
      expect(codes.filter((c) => c === 4014).length).toBeLessThanOrEqual(max);
      expect(codes.filter((c) => c === 4029)).toHaveLength(40 - codes.filter((c) => c === 4014).length);
      expect(verify.mock.calls.length).toBeLessThanOrEqual(max);
    } finally {
      verify.mockRestore();
    }
  });

  it('lets at most the limit of concurrent wrong current passwords reach scrypt when changing it', async () => {
    const session = await signIn(t.app);
    const alter = (payload: Record<string, string>) =>
      call(t.app, { method: 'POST', url: '/api/v1/alter/login_pass', token: session.token, payload });
    expect((await alter({ password: 'abc123', confirm_password: 'abc123' })).body.code).toBe(200);
    const verify = vi.spyOn(PasswordHasher.prototype, 'verify');
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          alter({ old_password: 'wrong1', password: 'new123', confirm_password: 'new123' }),
        ),
      );
      const codes = answers.map((a) => a.body.code);
      const max = AUTH_LIMITS.oldPasswordFailuresPerUser.max;
      expect(codes.filter((c) => c === 4018).length).toBeLessThanOrEqual(max);
      expect(codes.filter((c) => c === 4029)).toHaveLength(20 - codes.filter((c) => c === 4018).length);
      expect(verify.mock.calls.length).toBeLessThanOrEqual(max);
    } finally {
      verify.mockRestore();
    }
  });
});
