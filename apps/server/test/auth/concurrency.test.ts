import { describe, expect, it } from 'vitest';
import type { TokenPair } from '@kaskita/domain/contract/auth';
import { call, newPhone, outboxCount, requestCode, signIn, useTestApp } from '../helpers/test-app.ts';

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
});
