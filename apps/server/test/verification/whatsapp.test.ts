import { describe, expect, it } from 'vitest';
import { normalisePhone } from '@kaskita/domain/validation/phone';
import { call, newIp, newPhone, signIn, useTestApp, wrongCodeFor } from '../helpers/test-app.ts';
import { get } from '../profile/profile-helpers.ts';

const t = useTestApp();

const sendCode = (token: string, phone: string, ip = newIp()) =>
  call<{ captcha: number; resend_in: number }>(t.app, {
    method: 'POST',
    url: '/api/v1/user/whatsapp_code',
    token,
    payload: { phone },
    ip,
  });
const confirm = (token: string, phone: string, sms_code: string) =>
  call<{ verified: boolean; phone_masked: string }>(t.app, {
    method: 'POST',
    url: '/api/v1/user/whatsapp_phone',
    token,
    payload: { phone, sms_code },
  });

/** The newest message to a number in the dev outbox, with its channel. */
async function lastMessage(phone: string) {
  await t.app.jobs.whenIdle();
  const { body } = await call<Array<{ channel: string; code: string | null; text: string }>>(t.app, {
    method: 'GET',
    url: '/api/dev/outbox',
    query: { phone },
  });
  return body.data[0];
}

describe('WhatsApp verification', () => {
  it('sends a code over WhatsApp and confirms the number with it', async () => {
    const { token } = await signIn(t.app);
    const wa = newPhone();
    expect((await sendCode(token, wa)).body).toMatchObject({
      code: 200,
      data: { captcha: 0, resend_in: 60 },
    });
    const message = await lastMessage(wa);
    expect(message).toMatchObject({ channel: 'whatsapp' });
    expect(message!.text).toContain('WhatsApp');
    const status = async () =>
      (await get<{ whatsapp_status: number }>(t.app, token, '/v2/user/status')).body.data;
    expect((await status()).whatsapp_status).toBe(0);
    const confirmed = await confirm(token, wa, message!.code!);
    expect(confirmed.body).toMatchObject({ code: 200, data: { verified: true } });
    expect(confirmed.body.data.phone_masked).toMatch(/^081\*+\d{4}$/);
    expect((await status()).whatsapp_status).toBe(1);
    const state = await get<{ whatsapp: { verified: boolean } }>(t.app, token, '/v1/user/verification');
    expect(state.body.data.whatsapp.verified).toBe(true);
  });

  it('refuses a wrong code, an expired one, and locks a code after too many wrong tries', async () => {
    const { token } = await signIn(t.app);
    const wa = newPhone();
    await sendCode(token, wa);
    const code = (await lastMessage(wa))!.code!;
    expect((await confirm(token, wa, wrongCodeFor(code))).body).toMatchObject({
      code: 4010,
      data: { fields: { sms_code: 'sms_code.wrong' }, tries_left: 19 },
    });

    t.clock.advance(301);
    expect((await confirm(token, wa, code)).body.code).toBe(4011);

    t.clock.advance(61);
    await sendCode(token, wa);
    const fresh = (await lastMessage(wa))!.code!;
    let last: unknown = null;
    for (let i = 0; i < 20; i++) last = (await confirm(token, wa, wrongCodeFor(fresh))).body;
    expect(last).toMatchObject({ code: 4010, data: { tries_left: 0 } });
    expect((await confirm(token, wa, fresh)).body.code).toBe(4012); // locked, even the right code
  });

  it('accepts a code only for the number and the purpose it was sent for', async () => {
    const { token } = await signIn(t.app);
    const a = newPhone();
    const b = newPhone();
    await sendCode(token, a);
    const codeForA = (await lastMessage(a))!.code!;
    expect((await confirm(token, b, codeForA)).body.code).toBe(4010);

    // A sign-in code of a number is not a WhatsApp code for it.
    const loginPhone = newPhone();
    await call(t.app, { method: 'GET', url: '/api/v2/sms_code', query: { phone: loginPhone } });
    const loginCode = (await lastMessage(loginPhone))!.code!;
    expect((await confirm(token, loginPhone, loginCode)).body.code).toBe(4010);
  });

  it('keeps the cooldown of sign-in codes and a daily limit per account', async () => {
    const { token } = await signIn(t.app);
    const wa = newPhone();
    expect((await sendCode(token, wa)).body.code).toBe(200);
    expect((await sendCode(token, wa)).body.code).toBe(4013);
    for (let i = 0; i < 9; i++) {
      t.clock.advance(61);
      await sendCode(token, newPhone());
    }
    t.clock.advance(61);
    const eleventh = await sendCode(token, newPhone());
    expect(eleventh.body.code).toBe(4029);
  });

  it('has its own cooldown: a sign-in code sent a moment before does not hold back the WhatsApp code', async () => {
    const phone = newPhone();
    const { token } = await signIn(t.app, phone);
    // signIn has just sent this phone its sign-in code; the WhatsApp number is the same phone.
    const whatsapp = await sendCode(token, phone);
    expect(whatsapp.body).toMatchObject({ code: 200, data: { captcha: 0, resend_in: 60 } });
    expect(await lastMessage(phone)).toMatchObject({ channel: 'whatsapp' });
    // Its own minute still holds between two WhatsApp codes.
    expect((await sendCode(token, phone)).body).toMatchObject({ code: 4013, data: { retry_after: 60 } });
  });

  it('shows each borrower only their own state', async () => {
    const first = await signIn(t.app);
    const wa = newPhone();
    await sendCode(first.token, wa);
    await confirm(first.token, wa, (await lastMessage(wa))!.code!);
    const second = await signIn(t.app);
    const state = await get<{ whatsapp: { verified: boolean; phone_masked: string | null } }>(
      t.app,
      second.token,
      '/v1/user/verification',
    );
    expect(state.body.data.whatsapp).toEqual({ verified: false, phone_masked: null });
    expect(normalisePhone(wa)).toMatch(/^62/);
  });
});
