import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { CommerceOrderView } from '@kaskita/domain/contract/commerce';
import { merchantSignatureHeaders } from '../../src/modules/commerce/merchant-signature.ts';
import { readBody, sendAnswer, serveLocally, type LocalServer } from '../helpers/fake-http-server.ts';
import { call, latestCode } from '../helpers/test-app.ts';

/** The test's merchant: its own secret (not the demo one), a return URL and a webhook to the fake merchant server. */
export const SHOP = {
  app_id: 'test-shop',
  name: 'Test Shop',
  secret: 'test-shop-secret-0123456789abcdef0123456789abcdef',
  return_urls: ['https://shop.example/return'],
};

export function merchantsSetting(webhookUrl: string | null): string {
  return JSON.stringify([{ ...SHOP, webhook_url: webhookUrl }]);
}

/** One item of Rp1.500.000 twice: Rp3.000.000. */
export function orderBody(merchantOrderId: string, extra: Record<string, unknown> = {}) {
  return {
    merchant_order_id: merchantOrderId,
    amount: 3_000_000,
    order_detail: [{ name: 'Sepatu lari', quantity: 2, price: 1_500_000 }],
    return_url: 'https://shop.example/return?order=' + merchantOrderId,
    ...extra,
  };
}

/** A merchant call signed with `secret` at `now` (the raw body is exactly what is signed). */
export function merchantCall<T>(
  app: FastifyInstance,
  path: '' | '/cancel' | '/query' | '/refund',
  body: unknown,
  now: Date,
  options: { secret?: string; appId?: string; headers?: Record<string, string> } = {},
) {
  const raw = JSON.stringify(body);
  const headers = merchantSignatureHeaders(
    { app_id: options.appId ?? SHOP.app_id, secret: options.secret ?? SHOP.secret },
    raw,
    now,
  );
  return call<T>(app, {
    method: 'POST',
    url: `/api/v1/commerce/merchant/orders${path}`,
    headers: { 'content-type': 'application/json', ...headers, ...options.headers },
    payload: raw,
  });
}

export interface CreatedOrder {
  order_id: string;
  sign_key: string;
  checkout_url: string;
  status: string;
}

export async function createOrder(
  app: FastifyInstance,
  now: Date,
  merchantOrderId: string,
  extra: Record<string, unknown> = {},
) {
  const { body } = await merchantCall<CreatedOrder>(app, '', orderBody(merchantOrderId, extra), now);
  expect(body.code, JSON.stringify(body)).toBe(200);
  return body.data;
}

export function checkout(
  app: FastifyInstance,
  token: string | undefined,
  path: string,
  query: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return call<CommerceOrderView>(app, {
    method: 'GET',
    url: `/api/v1/commerce/${path}?${new URLSearchParams(query).toString()}`,
    ...(token ? { token } : {}),
    headers,
  });
}

/**
 * Sets the borrower's payment PIN through the SMS code, as the set-passwd page does; the clock first passes the
 * phone's 60 s resend cooldown (the sign-in code was just sent).
 */
export async function setPin(
  app: FastifyInstance,
  clock: { advance(seconds: number): void },
  token: string,
  phone: string,
  pin: string,
) {
  clock.advance(61);
  const sent = await call(app, { method: 'POST', url: '/api/v1/commerce/pay_pin_code', token, payload: {} });
  expect(sent.body.code, JSON.stringify(sent.body)).toBe(200);
  const code = await latestCode(app, phone);
  return call<{ pay_pin_set: boolean }>(app, {
    method: 'POST',
    url: '/api/v1/commerce/pay_pin',
    token,
    payload: { pin, pin_confirm: pin, sms_code: code! },
  });
}

export function buy(app: FastifyInstance, token: string, fields: Record<string, string>) {
  return call<{ order_id: string; loan_id: string; status: string; plan: { total: number; pid: string } }>(
    app,
    {
      method: 'POST',
      url: '/api/v1/commerce/loan',
      token,
      payload: fields,
    },
  );
}

/** The merchant's webhook endpoint: records every request; answers `failures` 500s first, then 200. */
export interface FakeMerchant extends LocalServer {
  received: Array<{ headers: Record<string, string | string[] | undefined>; body: string }>;
  failures: number;
}

export async function fakeMerchant(): Promise<FakeMerchant> {
  const state = { received: [] as FakeMerchant['received'], failures: 0 };
  const server = await serveLocally(async (req, res) => {
    const body = await readBody(req);
    state.received.push({ headers: req.headers, body });
    if (state.failures > 0) {
      state.failures--;
      sendAnswer(res, 500, { error: 'busy' });
      return;
    }
    sendAnswer(res, 200, { ok: true });
  });
  return Object.assign(state, server) as FakeMerchant;
}
