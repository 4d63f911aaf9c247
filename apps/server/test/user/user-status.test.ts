import { describe, expect, it } from 'vitest';
import { call, newPhone, signIn, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

describe('GET /api/v2/user/status and /api/v1/user/account', () => {
  it('answers all zeros for a new borrower', async () => {
    const session = await signIn(t.app);
    expect(session.is_new).toBe(true);
    const { res, body } = await call(t.app, {
      method: 'GET',
      url: '/api/v2/user/status',
      token: session.token,
    });
    expect(res.statusCode).toBe(200);
    expect(body).toEqual({
      code: 200,
      msg: 'OK',
      data: {
        verify: 0,
        loan_status: { bill_status: 0 },
        loan_info: { loan_fail_status: 0 },
        af_push_status: 0,
        af_status: 0,
        whatsapp_status: 0,
      },
    });
  });

  it('answers the masked account and never the password hash or internal columns', async () => {
    const phone = newPhone();
    const session = await signIn(t.app, phone);
    const { body } = await call<Record<string, unknown>>(t.app, {
      method: 'GET',
      url: '/api/v1/user/account',
      token: `Bearer ${session.token}`,
    });
    expect(body.code).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(['created_at', 'has_password', 'phone_masked', 'uid']);
    expect(body.data.phone_masked).toBe(`${phone.slice(0, 3)}*****${phone.slice(-4)}`);
    expect(body.data.has_password).toBe(false);
  });
});
