import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { BillsView, PaymentCodeView } from '@kaskita/domain/contract/repayments';
import type { Db } from '../../src/db/client.ts';
import { DEV_PAYMENT_CALLBACK_TOKEN } from '../../src/env.ts';
import type { Borrower } from '../application/application-helpers.ts';
import { call } from '../helpers/test-app.ts';
import { approvedBorrower, finishAtBank, order, pendingAtBank } from '../loans/loan-helpers.ts';

/** An approved borrower whose 2,000,000 three-month loan the sandbox bank paid out: bills to repay. */
export async function repayingBorrower(
  app: FastifyInstance,
  db: Db,
  now: Date,
): Promise<Borrower & { loanId: string }> {
  const b = await approvedBorrower(app, db, now);
  const ordered = await order(app, b.token);
  expect(ordered.body.code, JSON.stringify(ordered.body)).toBe(200);
  const loanId = ordered.body.data.order_id;
  const reference = await pendingAtBank(app, db, loanId);
  expect((await finishAtBank(app, reference, 'complete')).body.code).toBe(200);
  await app.jobs.whenIdle();
  return { ...b, loanId };
}

export function bills(app: FastifyInstance, token: string) {
  return call<BillsView>(app, { method: 'GET', url: '/api/v1/order/bill?type=1', token });
}

export function repay(app: FastifyInstance, token: string, body: Record<string, unknown>) {
  return call<PaymentCodeView>(app, { method: 'POST', url: '/api/v1/order/repay', token, payload: body });
}

/** A code for today's amount of `type` through `channel`, as the pay page asks for it. */
export async function codeFor(
  app: FastifyInstance,
  b: { token: string; loanId: string },
  type: 'instalment' | 'due' | 'settlement' = 'instalment',
  channel = 'VA_BCA',
): Promise<PaymentCodeView> {
  const view = (await bills(app, b.token)).body.data;
  const amount =
    type === 'instalment'
      ? view.options?.instalment?.amount
      : type === 'due'
        ? view.options?.due?.amount
        : view.options?.settlement?.amount;
  const res = await repay(app, b.token, {
    loan_plan: b.loanId,
    repayment_type: type,
    repayment_total_amount: amount,
    channel_id: channel,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** The sandbox gateway pays a code (its callback then runs as a job). */
export async function payCode(app: FastifyInstance, codeId: string, amount?: number) {
  const res = await call(app, {
    method: 'POST',
    url: '/api/dev/payments/simulate',
    payload: { external_id: codeId, ...(amount ? { amount } : {}) },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  await app.jobs.whenIdle();
}

/** A payment as the gateway's Xendit-style callback reports it. */
export const paidXendit = (
  externalId: string,
  amount: number,
  paidAt: Date,
  paymentId = `pay-${randomUUID()}`,
) => ({
  id: `cb-${paymentId}`,
  payment_id: paymentId,
  external_id: externalId,
  amount,
  bank_code: 'BCA',
  transaction_timestamp: paidAt.toISOString(),
});

/** A payment callback in Xendit's shape, with the token in X-CALLBACK-TOKEN, as Xendit (or the sandbox) posts it. */
export function postXenditCallback(app: FastifyInstance, url: string, body: object, token: string) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', 'x-callback-token': token },
    payload: JSON.stringify(body),
  });
}

/** The sandbox gateway's Xendit-style callback, with its token unless a test forges one. */
export function xenditCallback(app: FastifyInstance, body: object, token = DEV_PAYMENT_CALLBACK_TOKEN) {
  return postXenditCallback(app, '/api/payments/callback/sandbox', body, token);
}
